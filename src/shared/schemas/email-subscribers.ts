import { z } from "zod";
import {
  type SubscriberSegment,
  type SubscriberSource,
  type SubscriberStatus,
  subscriberSegments,
  subscriberSources,
  subscriberStatuses,
} from "../subscriber-values";
import { limits, pageQueryShape } from "./common";

export {
  type SubscriberSegment,
  type SubscriberSource,
  type SubscriberStatus,
  subscriberSegments,
  subscriberSources,
  subscriberStatuses,
};

export const maxSubscriberPageSize = 100;
export const maxTagsPerSubscriber = 20;

/** A tag: a short lowercase label (letters, digits, - and _), so filters and CSV columns stay clean. */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Tags cannot be empty")
  .max(40, "Tags must be at most 40 characters")
  .regex(/^[a-z0-9][a-z0-9_-]*$/, "Tags may contain only letters, digits, - and _");

export const tagListSchema = z
  .array(tagSchema)
  .max(maxTagsPerSubscriber, `At most ${maxTagsPerSubscriber} tags`)
  .transform((tags) => [...new Set(tags)]);

const subscriberFilterShape = {
  search: z.string().trim().max(limits.name, "Search is too long").default(""),
  segment: z.enum(["all", ...subscriberSegments], { message: "Unknown segment" }).default("all"),
  status: z.enum(["all", ...subscriberStatuses], { message: "Unknown status" }).default("all"),
  source: z.enum(["all", ...subscriberSources], { message: "Unknown source" }).default("all"),
  /** One tag to filter by; empty means any. */
  tag: z.union([z.literal(""), tagSchema]).default(""),
};

/** GET /api/admin/email-subscribers: newest first, server-side pagination. */
export const subscriberListQuerySchema = z.strictObject({
  ...subscriberFilterShape,
  ...pageQueryShape(maxSubscriberPageSize),
});
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;
export type SubscriberListQueryInput = z.input<typeof subscriberListQuerySchema>;

/** GET /api/admin/email-subscribers/export: the list's filters, every matching row. */
export const subscriberExportQuerySchema = z.strictObject(subscriberFilterShape);
export type SubscriberExportQuery = z.output<typeof subscriberExportQuerySchema>;

const nullableText = z.string().nullable();
const nullableInstant = z.string().nullable();

/** A subscriber as the admin screens read it. */
export const adminSubscriberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: nullableText,
  lastName: nullableText,
  segment: z.string(),
  source: nullableText,
  status: z.string(),
  tags: z.array(z.string()),
  applicationId: z.uuid().nullable(),
  applicationEmails: z.boolean(),
  marketingEmails: z.boolean(),
  systemNotifications: z.boolean(),
  globallyUnsubscribed: z.boolean(),
  subscribedAt: z.string(),
  preferencesUpdatedAt: nullableInstant,
  unsubscribedAt: nullableInstant,
  unsubscribeReason: nullableText,
  lastEmailSent: nullableInstant,
  /** Proof of opt-in: when, and from which client address. */
  consentAt: nullableInstant,
  consentIp: nullableText,
  bouncedAt: nullableInstant,
  complainedAt: nullableInstant,
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;

export const subscriberListResponseSchema = z.object({
  items: z.array(adminSubscriberSchema),
  /** Matches for the current filters: exact without a search; with one, exact up to 1,000 matches, beyond that the database's estimate (totalIsEstimate). */
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whole-list counts by status (ignores the filters), for the tab's header. */
  summary: z.object({
    total: z.number().int(),
    active: z.number().int(),
    unsubscribed: z.number().int(),
    bounced: z.number().int(),
    complained: z.number().int(),
  }),
});
export type SubscriberListResponse = z.infer<typeof subscriberListResponseSchema>;

/** GET /api/admin/email-subscribers/tags: every tag in use, most used first. */
export const subscriberTagsResponseSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type SubscriberTagsResponse = z.infer<typeof subscriberTagsResponseSchema>;

const emailField = z
  .string({ message: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(limits.email, "Email is too long")
  .pipe(z.email("Please enter a valid email address"));
const nameField = z.string().trim().max(limits.name, "Name is too long").default("");

/**
 * POST /api/admin/email-subscribers (source admin_upload). Staff confirm the person agreed to
 * marketing; without that confirmation they get application and system emails only.
 */
export const subscriberCreateSchema = z.strictObject({
  email: emailField,
  firstName: nameField,
  lastName: nameField,
  segment: z.enum(subscriberSegments, { message: "Unknown segment" }).default("general"),
  tags: tagListSchema.default([]),
  marketingConsent: z.boolean().default(false),
});
export type SubscriberCreateInput = z.input<typeof subscriberCreateSchema>;
export type SubscriberCreate = z.output<typeof subscriberCreateSchema>;

/**
 * PATCH /api/admin/email-subscribers/{id}: absent fields are left alone. Staff may switch
 * preferences off, or unsubscribe someone, but never switch on what the person switched off
 * (the server answers 409): only the person can, from their preferences link.
 */
export const subscriberUpdateSchema = z.strictObject({
  firstName: z.string().trim().max(limits.name, "Name is too long").optional(),
  lastName: z.string().trim().max(limits.name, "Name is too long").optional(),
  segment: z.enum(subscriberSegments, { message: "Unknown segment" }).optional(),
  tags: tagListSchema.optional(),
  applicationEmails: z.boolean().optional(),
  marketingEmails: z.boolean().optional(),
  systemNotifications: z.boolean().optional(),
  /** true unsubscribes from everything (status unsubscribed); false is refused when they did it themselves. */
  unsubscribed: z.boolean().optional(),
});
export type SubscriberUpdate = z.output<typeof subscriberUpdateSchema>;

export const subscriberIdParamsSchema = z.strictObject({ id: z.uuid("Invalid subscriber id") });

export const subscriberResponseSchema = z.object({ subscriber: adminSubscriberSchema });

// ---------------------------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------------------------

/** 5 MB of CSV is about 50,000 rows; larger lists go in several files. */
export const maxImportBytes = 5 * 1024 * 1024;
export const maxImportRows = 50_000;

/**
 * POST /api/admin/email-subscribers/import. The file's text is sent as JSON. Columns are found
 * by header name (email required; first name, last name, tags separated by ; or |, segment
 * optional; common spellings such as "First Name", "first_name", "firstName" accepted).
 * dryRun: true returns the preview and changes nothing.
 */
export const subscriberImportSchema = z.strictObject({
  csv: z.string().min(1, "The file is empty").max(maxImportBytes, "The file is larger than 5 MB"),
  dryRun: z.boolean().default(true),
  /** Segment for rows without a segment column. */
  segment: z.enum(subscriberSegments, { message: "Unknown segment" }).default("general"),
  /** Tags added to every imported row. */
  tags: tagListSchema.default([]),
  /** Staff confirm everyone in the file agreed to marketing emails; otherwise marketing is off for new rows. */
  marketingConsent: z.boolean().default(false),
});
export type SubscriberImportInput = z.input<typeof subscriberImportSchema>;

/** "unchanged": already on the list, still subscribed, and the row adds no name or tag. */
export const importRowActions = ["create", "update", "unchanged", "skip_unsubscribed", "duplicate", "error"] as const;
export type ImportRowAction = (typeof importRowActions)[number];

export const subscriberImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Data rows in the file (header excluded). */
  totalRows: z.number().int(),
  created: z.number().int(),
  /** Existing contacts whose names or tags were filled in; their status and preferences never change. */
  updated: z.number().int(),
  /** Existing, still-subscribed contacts the file adds nothing to. */
  unchanged: z.number().int(),
  /** Existing contacts who unsubscribed (or bounced or complained): left exactly as they are. */
  skippedUnsubscribed: z.number().int(),
  /** Rows repeating an address seen earlier in the same file. */
  duplicates: z.number().int(),
  /** Rows skipped for an error (every one, though `errors` lists at most 200). */
  invalid: z.number().int(),
  /** One entry per bad row, line numbers as a spreadsheet shows them (header is line 1); at most 200. */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** The first 20 rows with what the import does (or did) with each. */
  preview: z.array(
    z.object({
      line: z.number().int(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      action: z.enum(importRowActions),
      message: z.string().optional(),
    }),
  ),
});
export type SubscriberImportResult = z.infer<typeof subscriberImportResultSchema>;
