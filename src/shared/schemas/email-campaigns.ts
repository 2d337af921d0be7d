import { z } from "zod";
import { limits } from "./common";
import { subscriberSegments, tagSchema } from "./email-subscribers";
import { maxBodyLength, maxSubjectLength } from "./email-templates";

export const campaignStatuses = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * Which consent a campaign needs: marketing (marketingEmails), application updates
 * (applicationEmails) or system notices (systemNotifications). Everyone must also be active and
 * not globally unsubscribed.
 */
export const campaignTypes = ["marketing", "application", "system"] as const;
export type CampaignType = (typeof campaignTypes)[number];

/** Per-recipient send statuses (email_sends.status). */
export const sendStatuses = ["pending", "sending", "sent", "failed", "bounced", "cancelled"] as const;
export type SendStatus = (typeof sendStatuses)[number];

const emailAddress = z
  .string()
  .trim()
  .max(limits.email, "Email is too long")
  .pipe(z.email("Please enter a valid email address"));

/** POST /api/admin/email-campaigns (a draft) and PUT /api/admin/email-campaigns/{id} (drafts only). */
export const campaignInputSchema = z.strictObject({
  name: z
    .string({ message: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(limits.name, "Name is too long"),
  subject: z
    .string({ message: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(maxSubjectLength, `Subject must be at most ${maxSubjectLength} characters`),
  /** Markdown with {{ variables }} (see marketingVariables). */
  content: z.string().trim().min(1, "Content is required").max(maxBodyLength, "Content is too long"),
  campaignType: z.enum(campaignTypes, { message: "Unknown campaign type" }).default("marketing"),
  /** Empty: every segment. */
  targetSegments: z
    .array(z.enum(subscriberSegments, { message: "Unknown segment" }))
    .max(subscriberSegments.length)
    .transform((list) => [...new Set(list)])
    .default([]),
  /** Empty: no tag filter; otherwise subscribers with at least one of these tags. */
  targetTags: z
    .array(tagSchema)
    .max(20, "At most 20 tags")
    .transform((list) => [...new Set(list)])
    .default([]),
  fromName: z
    .string()
    .trim()
    .min(1, "From name is required")
    .max(limits.name, "From name is too long")
    .default("Retreat HQ"),
  /** Empty: the address in EMAIL_FROM. */
  fromEmail: z.union([z.literal(""), emailAddress]).default(""),
  replyTo: z.union([z.literal(""), emailAddress]).default(""),
  /** The marketing template this started from (counts towards its usageCount). */
  templateId: z.uuid("Invalid template id").nullable().default(null),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignValues = z.output<typeof campaignInputSchema>;

export const campaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  status: z.enum(campaignStatuses),
  campaignType: z.string(),
  targetSegments: z.array(z.string()),
  targetTags: z.array(z.string()),
  fromName: z.string(),
  fromEmail: z.string(),
  replyTo: z.string().nullable(),
  templateId: z.uuid().nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Counters, from the campaign's email_sends rows. */
  totalRecipients: z.number().int(),
  /** Handed to the SMTP server (accepted), minus later bounces. */
  delivered: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
  failed: z.number().int(),
  /** Not yet sent (pending or being sent, including retries waiting for their backoff). */
  pending: z.number().int(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /api/admin/email-campaigns: newest first. */
export const campaignListSchema = z.object({ items: z.array(campaignSchema) });

export const campaignIdParamsSchema = z.strictObject({ id: z.uuid("Invalid campaign id") });

/** POST /api/admin/email-campaigns/audience: how many subscribers a targeting would reach now. */
export const campaignAudienceSchema = z.strictObject({
  campaignType: campaignInputSchema.shape.campaignType,
  targetSegments: campaignInputSchema.shape.targetSegments,
  targetTags: campaignInputSchema.shape.targetTags,
});
export const campaignAudienceResponseSchema = z.object({ count: z.number().int() });

/** POST /api/admin/email-campaigns/{id}/test: one copy to one address, subject prefixed "[Test] ". */
export const campaignTestSendSchema = z.strictObject({ email: emailAddress });

/**
 * POST /api/admin/email-campaigns/{id}/send: now, or at scheduledAt (ISO, in the future).
 * Refused (409) unless the campaign is a draft, or when nobody is eligible.
 */
export const campaignSendRequestSchema = z.strictObject({
  scheduledAt: z.iso.datetime({ offset: true, message: "scheduledAt must be an ISO date-time" }).optional(),
});

// POST /api/admin/email-campaigns/{id}/cancel: scheduled or sending -> cancelled (unsent messages are not sent).
// POST /api/admin/email-campaigns/{id}/duplicate: a new draft "Copy of {name}".
// DELETE /api/admin/email-campaigns/{id}: drafts only.
// POST /api/admin/email-campaigns/{id}/preview: the campaign rendered for a sample subscriber (renderedEmailSchema).

/** GET /api/admin/email-campaigns/{id}/sends: per-recipient status, newest activity first, paginated. */
export const campaignSendsQuerySchema = z.strictObject({
  status: z.enum(["all", ...sendStatuses], { message: "Unknown status" }).default("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const campaignSendRowSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  bouncedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export const campaignSendsResponseSchema = z.object({
  items: z.array(campaignSendRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
