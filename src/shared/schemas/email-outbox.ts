import { z } from "zod";
import { limits } from "./common";

/** email_logs statuses: queued, sending, sent, logged (no SMTP configured: recorded only), failed. */
export const emailLogStatuses = ["queued", "sending", "sent", "logged", "failed"] as const;

/** GET /api/admin/email-logs: the outbox, newest first. */
export const emailLogListQuerySchema = z.strictObject({
  status: z.enum(["all", ...emailLogStatuses], { message: "Unknown status" }).default("all"),
  /** Recipient address prefix or subject words. */
  search: z.string().trim().max(limits.name, "Search is too long").default(""),
  campaignId: z.uuid("campaignId must be a uuid").optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type EmailLogListQuery = z.output<typeof emailLogListQuerySchema>;
export type EmailLogListQueryInput = z.input<typeof emailLogListQuerySchema>;

export const emailLogSchema = z.object({
  id: z.uuid(),
  recipientEmail: z.string(),
  recipientName: z.string().nullable(),
  subject: z.string(),
  /** application_received, waitlist_welcome, campaign, campaign_test, ... */
  kind: z.string().nullable(),
  status: z.string(),
  campaignId: z.uuid().nullable(),
  sentAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;

export const emailLogListResponseSchema = z.object({
  items: z.array(emailLogSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whole-outbox counts by status, for the filter chips. */
  counts: z.record(z.string(), z.number().int()),
});
export type EmailLogListResponse = z.infer<typeof emailLogListResponseSchema>;

/** GET /api/admin/email-logs/{id}: one message with its HTML and text parts. */
export const emailLogDetailSchema = emailLogSchema.extend({ html: z.string().nullable(), text: z.string().nullable() });
export type EmailLogDetail = z.infer<typeof emailLogDetailSchema>;

export const emailLogIdParamsSchema = z.strictObject({ id: z.uuid("Invalid message id") });

// POST /api/admin/email-logs/{id}/retry: a failed message is queued again (409 unless failed).

// ---------------------------------------------------------------------------------------------
// Provider event webhook: POST /api/webhooks/email-events
// ---------------------------------------------------------------------------------------------

/**
 * A provider-neutral event batch. When EMAIL_WEBHOOK_SECRET is set the request must carry
 * `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, at most
 * 5 minutes old. Hard bounces and complaints stop all marketing to the address.
 */
export const emailEventTypes = ["delivered", "bounce", "complaint"] as const;
export const emailWebhookSchema = z.strictObject({
  events: z
    .array(
      z.strictObject({
        type: z.enum(emailEventTypes, { message: "Unknown event type" }),
        email: z.string().trim().max(limits.email).pipe(z.email("Invalid email")),
        /** The Message-ID we sent (email_sends.sendgridMessageId), when the provider reports it. */
        messageId: z.string().max(998).optional(),
        /** Bounces only: hard (permanent, stop sending) or soft (temporary). */
        bounceType: z.enum(["hard", "soft"]).optional(),
        reason: z.string().max(limits.shortText).optional(),
        occurredAt: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1, "No events")
    .max(1000, "At most 1000 events per request"),
});
export type EmailWebhookPayload = z.infer<typeof emailWebhookSchema>;
export const emailWebhookResponseSchema = z.object({ processed: z.number().int(), ignored: z.number().int() });

/** Header carrying the webhook signature. */
export const emailWebhookSignatureHeader = "x-webhook-signature";
