import { z } from "zod";
import { limits } from "./common";

/**
 * Email bodies are Markdown with {{ variables }} (Liquid syntax: {{ firstName }},
 * {% if partnerName != "" %}...{% endif %}). Values are HTML-escaped when rendered; the
 * Markdown becomes responsive HTML in the product's layout plus a plain-text part.
 */
export const maxSubjectLength = 200;
export const maxBodyLength = 50_000;

export const templateVariableSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The value previews use. */
  sample: z.string(),
});
export type TemplateVariable = z.infer<typeof templateVariableSchema>;

const subjectField = z
  .string({ message: "Subject is required" })
  .trim()
  .min(1, "Subject is required")
  .max(maxSubjectLength, `Subject must be at most ${maxSubjectLength} characters`);
const bodyField = z
  .string({ message: "Content is required" })
  .trim()
  .min(1, "Content is required")
  .max(maxBodyLength, "Content is too long");

// ---------------------------------------------------------------------------------------------
// Transactional templates (email_templates): the product's own messages, editable
// ---------------------------------------------------------------------------------------------

/**
 * The product's own messages. Each has a default in code; a row in email_templates (name = key)
 * holds the edited version. isActive false stops that message being sent at all.
 */
export const systemTemplateKeys = [
  "application_received",
  "waitlist_welcome",
  "travel_received",
  "stage_accepted",
  "stage_waitlist",
  "stage_declined",
  "payment_reminder",
  "payment_receipt",
] as const;
export type SystemTemplateKey = (typeof systemTemplateKeys)[number];

export const transactionalTemplateSchema = z.object({
  id: z.uuid(),
  /** The system key, e.g. application_received. */
  name: z.enum(systemTemplateKeys),
  /** Human title, e.g. "Application received". */
  title: z.string(),
  description: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Which preference governs it: application emails or system notifications. */
  type: z.enum(["application", "system"]),
  variables: z.array(templateVariableSchema),
  isActive: z.boolean(),
  /** Subject and body equal the built-in default. */
  isDefault: z.boolean(),
  /** The season this is its own copy of; null: the default every season without a copy sends. */
  retreatId: z.uuid().nullable(),
  updatedAt: z.string(),
});
export type TransactionalTemplate = z.infer<typeof transactionalTemplateSchema>;

/**
 * GET /api/admin/email-templates: the defaults; with ?retreatId= the messages that season sends
 * (its own copy of each where it has one, else the default).
 */
export const transactionalTemplateListSchema = z.object({ items: z.array(transactionalTemplateSchema) });
export const transactionalTemplateListQuerySchema = z.strictObject({
  retreatId: z.uuid("retreatId must be a retreat id").optional(),
});

/** PUT /api/admin/email-templates/{id}: unknown {{ variables }} are refused with a 400 naming them. */
export const transactionalTemplateUpdateSchema = z.strictObject({
  subject: subjectField,
  body: bodyField,
  isActive: z.boolean(),
});
export type TransactionalTemplateUpdate = z.output<typeof transactionalTemplateUpdateSchema>;

// POST /api/admin/email-templates/{id}/reset puts the default subject and body back.

// ---------------------------------------------------------------------------------------------
// Marketing templates (email_marketing_templates): starting points for campaigns
// ---------------------------------------------------------------------------------------------

export const marketingTemplateCategories = ["general", "announcement", "newsletter", "reminder", "follow_up"] as const;

/** The variables every campaign and marketing template may use. */
export const marketingVariables: readonly TemplateVariable[] = [
  { name: "firstName", description: "Subscriber's first name (or 'there')", sample: "Alex" },
  { name: "lastName", description: "Subscriber's last name", sample: "Rivera" },
  { name: "email", description: "Subscriber's email address", sample: "alex@example.com" },
  { name: "retreatName", description: "Current retreat's name", sample: "Bali Vegan Activism Retreat 2026" },
  { name: "retreatDates", description: "Current retreat's dates", sample: "10 May to 19 May 2026" },
  { name: "applyUrl", description: "Link to the application form", sample: "https://example.com/#apply" },
  {
    name: "unsubscribeUrl",
    description: "Recipient's unsubscribe link",
    sample: "https://example.com/email/unsubscribe/sample",
  },
  {
    name: "preferencesUrl",
    description: "Recipient's preferences link",
    sample: "https://example.com/email/preferences/sample",
  },
];

/**
 * A text with each `{{ variable }}` (filters and all) replaced by its sample value, for people
 * reading a subject in a confirmation: "Hi {{ firstName }}" reads "Hi Alex". Unknown names stay.
 */
export function withSampleValues(text: string, variables: readonly TemplateVariable[] = marketingVariables): string {
  const samples = new Map(variables.map((v) => [v.name, v.sample]));
  return text.replace(/\{\{-?\s*([\w]+)[^}]*?-?\}\}/g, (whole, name: string) => samples.get(name) ?? whole);
}

/** Whether a text has any `{{ ... }}` merge field in it. */
export const hasMergeFields = (text: string) => /\{\{[^}]*\}\}/.test(text);

export const marketingTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  subject: z.string(),
  content: z.string(),
  variables: z.array(z.string()),
  isActive: z.boolean(),
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarketingTemplate = z.infer<typeof marketingTemplateSchema>;

/** GET /api/admin/email-marketing-templates */
export const marketingTemplateListSchema = z.object({ items: z.array(marketingTemplateSchema) });

/** POST /api/admin/email-marketing-templates and PUT .../{id} */
export const marketingTemplateInputSchema = z.strictObject({
  name: z
    .string({ message: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(limits.name, "Name is too long"),
  description: z.string().trim().max(limits.shortText, "Description is too long").default(""),
  category: z.enum(marketingTemplateCategories, { message: "Unknown category" }).default("general"),
  subject: subjectField,
  content: bodyField,
  isActive: z.boolean().default(true),
});
export type MarketingTemplateInput = z.input<typeof marketingTemplateInputSchema>;
export type MarketingTemplateValues = z.output<typeof marketingTemplateInputSchema>;

export const templateIdParamsSchema = z.strictObject({ id: z.uuid("Invalid template id") });

// ---------------------------------------------------------------------------------------------
// Preview (both kinds, and campaigns)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/admin/email-templates/preview: renders unsaved text with sample data. kind selects
 * the variables and footer: a system template's (by key), or marketing (campaigns and marketing
 * templates, with unsubscribe links).
 */
export const templatePreviewSchema = z.strictObject({
  kind: z.enum(["marketing", ...systemTemplateKeys]),
  subject: z.string().max(maxSubjectLength * 2),
  body: z.string().max(maxBodyLength),
});
export type TemplatePreviewInput = z.input<typeof templatePreviewSchema>;

/** A rendered message: HTML (shown in a sandboxed iframe) and the plain-text part. */
export const renderedEmailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedEmailPreview = z.infer<typeof renderedEmailSchema>;
