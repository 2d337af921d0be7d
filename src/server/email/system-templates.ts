import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { SystemTemplateKey, TemplateVariable } from "../../shared/schemas/email-templates";
import { emailTemplates } from "../db/schema";
import type { DbOrTx } from "../db/types";
import { renderSystemTextInSandbox } from "./email-sandbox";
import { type CompiledMarkdownEmail, compileMarkdownEmail, renderMarkdownEmail } from "./markdown-email";
import type { RenderedEmail } from "./render";
import { type Slots, slottedRenderer } from "./slotted-render";
import { preferencesUrl as preferencesUrlOf } from "./subscriber-links";

/**
 * The product's own messages as editable templates. Each has a default here (subject and
 * Markdown body with {{ variables }}) and a fixed footer (our HTML, not editable: it says why
 * the person gets the message). Staff may edit subject and body, or switch a message off, in
 * the email_templates row named by the key; without a row the default is sent.
 *
 * type says which email preference governs the message:
 * - "application": messages about an application or a place on the retreat (the confirmation,
 *   the stage decisions, travel details, payment reminders): "Application & Retreat Updates".
 * - "system": waitlist_welcome. It confirms a sign-up the person has just made, like an account
 *   confirmation; they may never have applied, so the application-emails switch does not fit it.
 */

export type SystemTemplateDefinition = {
  key: SystemTemplateKey;
  title: string;
  description: string;
  type: "application" | "system";
  variables: readonly TemplateVariable[];
  subject: string;
  body: string;
  /** Trusted HTML with Liquid values (escaped), after the content. */
  footer: string;
  /** Preview values that are not strings (the samples above are what staff read). */
  previewValues?: Record<string, unknown>;
};

/** What each message's callers must pass: every variable it may use, footer ones included. */
export type SystemTemplateData = {
  application_received: {
    /** The recipient's first name (the applicant, or the partner in the partner's copy). */
    firstName: string;
    applicantName: string;
    /** Empty for an individual application. */
    partnerName: string;
    retreatName: string;
    publicUrl: string;
    preferencesUrl: string;
  };
  waitlist_welcome: { firstName: string; applyUrl: string; publicUrl: string; preferencesUrl: string };
  travel_received: { firstName: string; retreatName: string; airportPickupRequired: boolean; travelFormUrl: string };
  stage_accepted: StageData & {
    /** Online payment link for the deposit; empty when the person pays by bank transfer. */
    payUrl: string;
  };
  stage_waitlist: StageData;
  stage_declined: StageData;
  payment_reminder: {
    firstName: string;
    /** Formatted, e.g. "£500.00". */
    amount: string;
    /** Formatted, e.g. "1 March 2026". */
    dueDate: string;
    /** What the payment is for, e.g. "Deposit"; may be empty. */
    description: string;
    retreatName: string;
    /** Online payment link; empty when the person pays by bank transfer. */
    payUrl: string;
    preferencesUrl: string;
    publicUrl: string;
  };
  payment_receipt: {
    firstName: string;
    /** "Receipt" or "Credit note". */
    documentTitle: string;
    /** "R-2026-0001". */
    number: string;
    /** Formatted, e.g. "£500". */
    amount: string;
    /** What it paid for (or refunds), e.g. "Deposit". */
    paidFor: string;
    /** Formatted; empty for a credit note or a payment outside a plan. */
    remainingBalance: string;
    retreatName: string;
    /** true for a credit note (a completed refund). */
    isRefund: boolean;
  };
};
type StageData = { firstName: string; retreatName: string; publicUrl: string };

const linkStyle = "color:#4f6b3f;";
const preferencesLink = `<p style="margin:0;"><a href="{{ preferencesUrl }}" style="${linkStyle}">Manage your email preferences</a></p>`;

const v = (name: string, description: string, sample: string): TemplateVariable => ({ name, description, sample });
const firstName = v("firstName", "Recipient's first name", "Alex");
const retreatName = v("retreatName", "The retreat's name", "Bali Vegan Activism Retreat 2026");
const publicUrl = v("publicUrl", "The site's address", "https://example.com");
const preferencesUrl = v(
  "preferencesUrl",
  "Recipient's email preferences link",
  "https://example.com/email/preferences/sample",
);

const stageFooter = `<p style="margin:0;">You're receiving this because you applied for {{ retreatName }} at {{ publicUrl }}. Questions? Just reply to this email.</p>`;
const stageVariables = [firstName, retreatName, publicUrl];

const definitions: readonly SystemTemplateDefinition[] = [
  {
    key: "application_received",
    title: "Application received",
    description: "Sent to the applicant (and a partner, with their own copy) right after an application is submitted.",
    type: "application",
    variables: [
      v("firstName", "Recipient's first name (the applicant, or the partner in the partner's copy)", "Alex"),
      v("applicantName", "Applicant's full name", "Alex Rivera"),
      v("partnerName", "Partner's full name; empty for an individual application", "Sam Rivera"),
      retreatName,
      publicUrl,
      preferencesUrl,
    ],
    subject: "We've received your application",
    body: `# Thank you for applying, {{ firstName }}!

{% if partnerName != "" %}

We've received the couple's application from {{ applicantName }} and {{ partnerName }} for {{ retreatName }}.

{% else %}

We've received your application for {{ retreatName }}.

{% endif %}

What happens next:

1. Vibe Check: we look at your social media for values alignment.
2. Quick Chat: a short WhatsApp or Zoom call.
3. Decision: acceptance with a payment link, or a respectful decline with future opportunities.

We'll review your application and get back to you within 2-3 days.`,
    footer: `<p style="margin:0 0 8px;">You're receiving this because an application was submitted with this address at {{ publicUrl }}.</p>
${preferencesLink}`,
  },
  {
    key: "waitlist_welcome",
    title: "Waitlist welcome",
    description: "Sent once when someone joins the waitlist on the public site.",
    type: "system",
    variables: [
      firstName,
      v("applyUrl", "Link to the application form", "https://example.com/#apply"),
      publicUrl,
      preferencesUrl,
    ],
    // No year or month: a waitlist spans seasons, and the first season is whatever year the site
    // starts in (a season copied later gets the staff's edited text rewritten, decision 016).
    // Migration 0021 moved unedited rows of the earlier text, which named "Bali 2026", to this one.
    subject: "You're on the waitlist for our Bali retreat",
    body: `# Thank you, {{ firstName }}!

You're now on our priority waitlist for the Bali retreat.

We'll write with the retreat's dates and news, and you'll hear about future retreats before anyone else.

Ready sooner? [Apply now]({{ applyUrl }}). It takes about five minutes.`,
    footer: `<p style="margin:0 0 8px;">You're receiving this because you joined the waitlist at {{ publicUrl }}.</p>
${preferencesLink}`,
  },
  {
    key: "travel_received",
    title: "Travel information received",
    description: "Sent when a guest submits (or updates) the travel and compliance form.",
    type: "application",
    variables: [
      firstName,
      retreatName,
      v("airportPickupRequired", "Whether the guest asked for an airport pickup (use it in {% if %})", "true"),
      v("travelFormUrl", "Link to the guest's travel form", "https://example.com/travel-form/sample"),
    ],
    subject: "We've received your travel information",
    body: `# Thank you, {{ firstName }}!

We've received your travel information for {{ retreatName }}.

{% if airportPickupRequired %}You asked for an airport pickup: we'll confirm the details closer to your arrival.{% else %}If your plans change, you can send the form again and we'll keep the latest details.{% endif %}

[Update your travel information]({{ travelFormUrl }})`,
    footer: `<p style="margin:0;">We use these details only for retreat logistics and emergencies.</p>`,
    previewValues: { airportPickupRequired: true },
  },
  {
    key: "stage_accepted",
    title: "Application accepted",
    description: "Sent when staff move an application to Accepted with notify on.",
    type: "application",
    variables: [
      ...stageVariables,
      v("payUrl", "Online payment link; empty when paying by bank transfer", "https://example.com/pay/sample"),
    ],
    subject: "You're accepted: {{ retreatName }}",
    body: `# Welcome to the retreat, {{ firstName }}!

We're delighted to tell you that your application for {{ retreatName }} has been accepted.

{% if payUrl != "" %}

Your place is held for you now. Paying your deposit confirms your spot:

[Pay your deposit]({{ payUrl }})

{% else %}

Your place is held for you now. We'll follow up shortly with the payment details for your deposit, which confirms your spot.

{% endif %}

We can't wait to spend these days with you in Bali.`,
    footer: stageFooter,
  },
  {
    key: "stage_waitlist",
    title: "Application waitlisted",
    description: "Sent when staff move an application to Waitlist with notify on.",
    type: "application",
    variables: stageVariables,
    subject: "You're on the waitlist for {{ retreatName }}",
    body: `# Thank you, {{ firstName }}

We loved reading your application for {{ retreatName }}. The retreat is kept small, and every place is currently taken, so we've put you on our waitlist.

If a place opens up, you'll be among the first we contact. There's nothing you need to do in the meantime.

Thank you for your patience and for everything you do for the animals.`,
    footer: stageFooter,
  },
  {
    // Kind and respectful: a decline is about fit and space this time, never about the person.
    key: "stage_declined",
    title: "Application declined",
    description: "Sent when staff decline an application with notify on.",
    type: "application",
    variables: stageVariables,
    subject: "About your application for {{ retreatName }}",
    body: `# Thank you for applying, {{ firstName }}

Thank you for taking the time to apply for {{ retreatName }} and for sharing your story with us. We read every application with care.

With only a handful of places, we aren't able to offer you a spot on this retreat. We know this is disappointing, and it is in no way a judgement of the work you do for the animals.

We'd love to stay in touch: reply to this email if you would like to stay on our priority list for future retreats, and you'll hear about the next dates before they are announced publicly. If we don't hear from you, we remove your personal details from your application after a while, as our privacy policy explains.

With warmth and gratitude, and thank you for everything you do.`,
    footer: stageFooter,
  },
  {
    key: "payment_reminder",
    title: "Payment reminder",
    description: "Sent before (or on) a payment's due date to a guest with a payment plan.",
    type: "application",
    variables: [
      firstName,
      v("amount", "Amount due, formatted", "£500.00"),
      v("dueDate", "Due date, formatted", "1 March 2026"),
      v("description", "What the payment is for; may be empty", "Deposit"),
      retreatName,
      v("payUrl", "Online payment link; empty when paying by bank transfer", "https://example.com/pay/sample"),
      preferencesUrl,
      publicUrl,
    ],
    subject: "Payment reminder: {{ amount }} due on {{ dueDate }}",
    body: `# A friendly reminder, {{ firstName }}

Your payment of **{{ amount }}** for {{ retreatName }} is due on **{{ dueDate }}**.

{% if description != "" %}

Payment: {{ description }}

{% endif %}

{% if payUrl != "" %}

[Pay now]({{ payUrl }})

{% else %}

Please pay by bank transfer as agreed.

{% endif %}

If you have already paid, thank you, and please ignore this reminder.`,
    footer: `<p style="margin:0 0 8px;">You're receiving this because you have a place on {{ retreatName }} ({{ publicUrl }}). Questions? Just reply to this email.</p>
${preferencesLink}`,
  },
  {
    key: "payment_receipt",
    title: "Receipt or credit note",
    description:
      "Sent with the receipt (PDF attached) when a payment is completed, and with the credit note when a refund is.",
    type: "application",
    variables: [
      firstName,
      v("documentTitle", "Receipt or Credit note", "Receipt"),
      v("number", "The receipt's or credit note's number", "R-2026-0001"),
      v("amount", "Amount paid or refunded, formatted", "£500"),
      v("paidFor", "What it paid for or refunds", "Deposit"),
      v("remainingBalance", "What remains to pay, formatted; empty for a credit note", "£1,497"),
      retreatName,
      v("isRefund", "Whether this is a credit note for a refund (use it in {% if %})", "false"),
    ],
    subject: "{{ documentTitle }} {{ number }}: {{ amount }} for {{ retreatName }}",
    body: `# Thank you, {{ firstName }}

{% if isRefund %}

We've sent you a refund of **{{ amount }}** for {{ retreatName }} ({{ paidFor }}). Your credit note {{ number }} is attached.

{% else %}

We've received your payment of **{{ amount }}** for {{ retreatName }} ({{ paidFor }}). Your receipt {{ number }} is attached.

{% if remainingBalance != "" %}

Remaining balance: **{{ remainingBalance }}**

{% endif %}

{% endif %}

You can download all your receipts from your guest portal at any time.`,
    footer: `<p style="margin:0;">You're receiving this because you have a place on {{ retreatName }}. Keep it for your records. Questions? Just reply to this email.</p>`,
    previewValues: { isRefund: false },
  },
];

export const systemTemplates: Readonly<Record<SystemTemplateKey, SystemTemplateDefinition>> = Object.fromEntries(
  definitions.map((d) => [d.key, d]),
) as Record<SystemTemplateKey, SystemTemplateDefinition>;

export function systemTemplateVariableNames(key: SystemTemplateKey): string[] {
  return systemTemplates[key].variables.map((variable) => variable.name);
}

/** The data previews use: every variable's sample (typed where the message needs it). */
export function systemTemplatePreviewData(key: SystemTemplateKey): Record<string, unknown> {
  const definition = systemTemplates[key];
  return {
    ...Object.fromEntries(definition.variables.map((variable) => [variable.name, variable.sample])),
    ...definition.previewValues,
  };
}

/** Subject and body equal the built-in default. */
export function isDefaultSystemTemplate(key: SystemTemplateKey, parts: { subject: string; body: string }): boolean {
  const definition = systemTemplates[key];
  return parts.subject === definition.subject && parts.body === definition.body;
}

// Parsing Markdown and Liquid costs far more than rendering, and every public form submission
// sends one of these: each built-in text is compiled once.
const compiledDefaults = new Map<SystemTemplateKey, CompiledMarkdownEmail>();

function compiledDefault(key: SystemTemplateKey): CompiledMarkdownEmail {
  let entry = compiledDefaults.get(key);
  if (!entry) {
    entry = compileMarkdownEmail(systemTemplates[key]);
    compiledDefaults.set(key, entry);
  }
  return entry;
}

/** The built-in default message (no database): for tools and tests. */
export function renderDefaultSystemEmail<K extends SystemTemplateKey>(
  key: K,
  data: SystemTemplateData[K],
): Promise<RenderedEmail> {
  return renderMarkdownEmail(compiledDefault(key), data);
}

/**
 * The per-recipient values of the messages the public forms send with every submission, each with
 * the fixed start its value has (slotted-render.ts): their built-in text is rendered once per shape
 * and each recipient's values filled in. Same text as a full render, a fraction of the work.
 */
export const recipientSlots: { [K in SystemTemplateKey]?: (data: SystemTemplateData[K]) => Slots } = {
  waitlist_welcome: (data) => ({ firstName: "", preferencesUrl: preferencesUrlOf(data.publicUrl, "") }),
  application_received: (data) => ({
    firstName: "",
    applicantName: "",
    partnerName: "",
    preferencesUrl: preferencesUrlOf(data.publicUrl, ""),
  }),
};

const slottedDefaults = new Map<SystemTemplateKey, ReturnType<typeof slottedRenderer>>();

/** The built-in message: filled into a cached rendering where the message has recipientSlots. */
function renderBuiltInSystemEmail<K extends SystemTemplateKey>(
  key: K,
  data: SystemTemplateData[K],
): Promise<RenderedEmail> {
  const slotsOf = recipientSlots[key] as ((data: SystemTemplateData[K]) => Slots) | undefined;
  if (!slotsOf) return renderDefaultSystemEmail(key, data);
  let renderer = slottedDefaults.get(key);
  if (!renderer) {
    const { subject, body, footer } = systemTemplates[key];
    renderer = slottedRenderer((values) => renderMarkdownEmail(compiledDefault(key), values), [subject, body, footer]);
    slottedDefaults.set(key, renderer);
  }
  return renderer(data, slotsOf(data));
}

/** The email_templates row that applies to a message (subject, body, switch), or null for none. */
export type SystemTemplateRow = { subject: string; body: string; isActive: boolean } | null;

/**
 * Which email_templates row applies: the season's own copy (the row named key for `retreatId`)
 * when the message is about a retreat that has one, else the edited default (retreat_id null).
 */
export async function systemTemplateRow(
  db: DbOrTx,
  key: SystemTemplateKey,
  /** The season whose copy comes first: an id, or a subquery giving one (the current retreat). */
  scope: { retreatId?: string | null | SQL<string | null> } = {},
): Promise<SystemTemplateRow> {
  const retreatId = scope.retreatId ?? null;
  const [row] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body, isActive: emailTemplates.isActive })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.name, key),
        retreatId
          ? or(isNull(emailTemplates.retreatId), eq(emailTemplates.retreatId, retreatId))
          : isNull(emailTemplates.retreatId),
      ),
    )
    // The season's copy before the default.
    .orderBy(sql`${emailTemplates.retreatId} is null`)
    .limit(1);
  return row ?? null;
}

/**
 * One recipient's copy of a product message from the row that applies (systemTemplateRow): the
 * built-in text when there is no row or it holds the default, else the edited text. Returns null
 * when staff switched the message off (isActive false): the caller then queues nothing and
 * carries on. Edited text renders in the email sandbox, off the event loop.
 */
export async function renderSystemTemplate<K extends SystemTemplateKey>(
  key: K,
  row: SystemTemplateRow,
  data: SystemTemplateData[K],
): Promise<RenderedEmail | null> {
  if (row && !row.isActive) return null;
  if (!row || isDefaultSystemTemplate(key, row)) return renderBuiltInSystemEmail(key, data);
  const text = {
    subject: row.subject,
    body: row.body,
    footer: systemTemplates[key].footer,
    variables: systemTemplateVariableNames(key),
  };
  try {
    const rendered = await renderSystemTextInSandbox(text, data);
    // Not rendered in time (callers hold a transaction): the built-in text goes out instead.
    if (rendered) return rendered.email;
  } catch {
    // Saved texts are checked with sample values and the same limits, so this only happens after a
    // hand edit in the database or with unusual real values: a public form must still succeed,
    // with the default text.
  }
  return renderDefaultSystemEmail(key, data);
}

/**
 * One recipient's copy of a product message: the season's own copy (email_templates row named key
 * for `retreatId`) when the message is about a retreat that has one, else the edited default
 * (retreat_id null), else the built-in text. Returns null when staff switched the message off
 * (isActive false) in the row that applies: the caller then queues nothing and carries on. Edited
 * text renders in the email sandbox, off the event loop.
 */
export async function renderSystemEmail<K extends SystemTemplateKey>(
  db: DbOrTx,
  key: K,
  data: SystemTemplateData[K],
  /** The season whose copy comes first: an id, or a subquery giving one (the current retreat). */
  scope: { retreatId?: string | null | SQL<string | null> } = {},
): Promise<RenderedEmail | null> {
  return renderSystemTemplate(key, await systemTemplateRow(db, key, scope), data);
}

/** Adds a row with the default text for every message that has none; edited rows are left alone. */
export async function ensureSystemTemplates(db: DbOrTx): Promise<void> {
  await db
    .insert(emailTemplates)
    .values(
      definitions.map((d) => ({
        name: d.key,
        subject: d.subject,
        body: d.body,
        type: d.type,
        variables: d.variables.map((variable) => variable.name),
        isActive: true,
      })),
    )
    // The defaults' own unique index (email_templates_default_name_idx) is partial: seasons' copies share names.
    .onConflictDoNothing({ target: emailTemplates.name, where: isNull(emailTemplates.retreatId) });
}
