import { z } from "zod";
import { limits } from "./common";

export const emailPreferencesSchema = z.strictObject({
  applicationEmails: z.boolean(),
  marketingEmails: z.boolean(),
  systemNotifications: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const unsubscribeTypes = ["marketing", "application", "system", "all"] as const;
export type UnsubscribeType = (typeof unsubscribeTypes)[number];

/** POST /api/email/unsubscribe/{token}; the reason is trimmed and omitted when empty. */
export const unsubscribeSchema = z.strictObject({
  emailType: z.enum(unsubscribeTypes).default("all"),
  reason: z
    .string()
    .max(limits.longText)
    .optional()
    .transform((reason) => reason?.trim() || undefined),
  /** The campaign whose link was followed (?campaign= on the page): the unsubscribe is attributed to it. */
  campaignId: z.uuid("Invalid campaign id").optional(),
});
export type UnsubscribeInput = z.input<typeof unsubscribeSchema>;

export const resubscribeSchema = emailPreferencesSchema;

/** What the token pages may read about a subscriber: nothing beyond what the spec shows. */
export const publicSubscriberSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  status: z.string(),
  globallyUnsubscribed: z.boolean(),
  applicationEmails: z.boolean(),
  marketingEmails: z.boolean(),
  systemNotifications: z.boolean(),
});
export type PublicSubscriber = z.infer<typeof publicSubscriberSchema>;

export const subscriberResponseSchema = z.object({ success: z.literal(true), subscriber: publicSubscriberSchema });

/** Tokens are at least 128 bits of randomness, hex-encoded. */
export const tokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, "Invalid link") });

/**
 * POST /api/email/one-click-unsubscribe/{token}?campaign={uuid}: RFC 8058, sent by mail apps
 * (body "List-Unsubscribe=One-Click", no cookies). Switches off marketing emails only.
 */
export const oneClickUnsubscribeQuerySchema = z.object({
  /** Ignored unless it is a uuid, so a mangled link still unsubscribes. */
  campaign: z.string().max(100).optional(),
});
export const oneClickUnsubscribeResponseSchema = z.object({ success: z.literal(true) });
