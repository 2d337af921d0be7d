import { and, eq, inArray, isNull, or } from "drizzle-orm";
import {
  type SystemTemplateKey,
  systemTemplateKeys,
  type TemplatePreviewInput,
  type TransactionalTemplate,
  type TransactionalTemplateUpdate,
} from "../../../shared/schemas/email-templates";
import type { Db } from "../../db/client";
import { type EmailTemplate, emailTemplates, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { renderInSandbox } from "../../email/email-sandbox";
import type { RenderedEmail } from "../../email/render";
import {
  ensureSystemTemplates,
  isDefaultSystemTemplate,
  systemTemplatePreviewData,
  systemTemplates,
  systemTemplateVariableNames,
} from "../../email/system-templates";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { loadMarketingContext, marketingEmail, sampleMarketingData } from "../email-campaigns";

export const templateNotFoundMessage = "Template not found";
const retreatNotFoundMessage = "Retreat not found.";
const entityType = "email_template";
const systemKeys: string[] = [...systemTemplateKeys];

function toTransactional(row: EmailTemplate): TransactionalTemplate {
  const key = row.name as SystemTemplateKey;
  const definition = systemTemplates[key];
  return {
    id: row.id,
    name: key,
    title: definition.title,
    description: definition.description,
    subject: row.subject,
    body: row.body,
    type: definition.type,
    variables: definition.variables.map((variable) => ({ ...variable })),
    isActive: row.isActive,
    isDefault: isDefaultSystemTemplate(key, row),
    retreatId: row.retreatId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The product's rows that apply to a season: its own copy of each message, else the default (retreat_id null). */
async function seasonRows(db: DbOrTx, retreatId: string | null): Promise<Map<string, EmailTemplate>> {
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(
      and(
        inArray(emailTemplates.name, systemKeys),
        retreatId
          ? or(isNull(emailTemplates.retreatId), eq(emailTemplates.retreatId, retreatId))
          : isNull(emailTemplates.retreatId),
      ),
    );
  const byName = new Map<string, EmailTemplate>();
  for (const row of rows) if (row.retreatId || !byName.has(row.name)) byName.set(row.name, row);
  return byName;
}

/**
 * Every product message, in the registry's order; rows with the default text are added on first
 * use. With a retreat: the messages that season sends, its own copy where it has one (retreatId
 * set), else the default every season without a copy shares (retreatId null).
 */
export async function listTransactionalTemplates(db: Db, retreatId?: string): Promise<TransactionalTemplate[]> {
  if (retreatId) {
    const [retreat] = await db.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, retreatId));
    if (!retreat) throw new AppError("not_found", retreatNotFoundMessage);
  }
  await ensureSystemTemplates(db);
  const byName = await seasonRows(db, retreatId ?? null);
  return systemTemplateKeys.flatMap((key) => {
    const row = byName.get(key);
    return row ? [toTransactional(row)] : [];
  });
}

/**
 * A new season's own copy of every product message, from the season it is copied from (its own
 * copies where it has them, else the defaults), each text passed through `rewrite` (the new
 * season's year). The defaults are left as they are. Returns the keys copied. Joins the caller's
 * transaction, which audits the copy as a whole.
 */
export async function copyEmailTemplatesToSeason(
  tx: DbOrTx,
  fromRetreatId: string,
  toRetreatId: string,
  rewrite: (text: string) => string,
): Promise<string[]> {
  await ensureSystemTemplates(tx);
  const byName = await seasonRows(tx, fromRetreatId);
  const copies = systemTemplateKeys.flatMap((key) => {
    const row = byName.get(key);
    return row
      ? [
          {
            name: row.name,
            retreatId: toRetreatId,
            subject: rewrite(row.subject),
            body: rewrite(row.body),
            type: row.type,
            variables: row.variables,
            isActive: row.isActive,
          },
        ]
      : [];
  });
  if (copies.length > 0) await tx.insert(emailTemplates).values(copies);
  return copies.map((copy) => copy.name);
}

/** Only the product's own rows: other email_templates rows (demo data, legacy) are not editable here. */
async function lockSystemTemplate(tx: DbOrTx, id: string): Promise<EmailTemplate> {
  const [row] = await tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, id), inArray(emailTemplates.name, systemKeys)))
    .for("update");
  if (!row) throw new AppError("not_found", templateNotFoundMessage);
  return row;
}

/**
 * Validates and renders a system message's text with its sample values and footer, so a text
 * that fails or exceeds a limit when filled in is refused on save, not when a real person
 * triggers it.
 */
async function renderSystemSample(
  key: SystemTemplateKey,
  parts: { subject: string; body: string },
): Promise<RenderedEmail> {
  const text = { ...parts, footer: systemTemplates[key].footer, variables: systemTemplateVariableNames(key) };
  return (await renderInSandbox(text, systemTemplatePreviewData(key))).email;
}

const audited = (row: EmailTemplate) => ({
  name: row.name,
  subject: row.subject,
  body: row.body,
  isActive: row.isActive,
});

async function saveSystemTemplate(
  db: Db,
  id: string,
  actor: Actor,
  action: "update" | "reset",
  next: (row: EmailTemplate) => Promise<Pick<EmailTemplate, "subject" | "body" | "isActive">>,
): Promise<TransactionalTemplate> {
  return db.transaction(async (tx) => {
    const before = await lockSystemTemplate(tx, id);
    const values = await next(before);
    const [after] = await tx.update(emailTemplates).set(values).where(eq(emailTemplates.id, id)).returning();
    await recordAudit(tx, {
      ...actor,
      action,
      entityType,
      entityId: id,
      oldValues: audited(before),
      newValues: audited(after!),
    });
    return toTransactional(after!);
  });
}

/** Saves edited text (refusing unknown variables with a 400 naming them) and the on/off switch. */
export function updateTransactionalTemplate(
  db: Db,
  id: string,
  input: TransactionalTemplateUpdate,
  actor: Actor,
): Promise<TransactionalTemplate> {
  return saveSystemTemplate(db, id, actor, "update", async (row) => {
    await renderSystemSample(row.name as SystemTemplateKey, input);
    return { subject: input.subject, body: input.body, isActive: input.isActive };
  });
}

/** Puts the built-in subject and body back and switches the message on. */
export function resetTransactionalTemplate(db: Db, id: string, actor: Actor): Promise<TransactionalTemplate> {
  return saveSystemTemplate(db, id, actor, "reset", async (row) => {
    const definition = systemTemplates[row.name as SystemTemplateKey];
    return { subject: definition.subject, body: definition.body, isActive: true };
  });
}

/**
 * Unsaved text rendered with sample values: a system message with its own variables and footer,
 * or a marketing message (campaigns and marketing templates) with the unsubscribe footer and the
 * real retreat's name and dates.
 */
export async function previewTemplate(
  db: Db,
  input: Required<TemplatePreviewInput>,
  publicUrl: string,
): Promise<RenderedEmail> {
  if (input.kind === "marketing") {
    const text = marketingEmail({ subject: input.subject, content: input.body });
    return (await renderInSandbox(text, sampleMarketingData(await loadMarketingContext(db, publicUrl)))).email;
  }
  return renderSystemSample(input.kind, { subject: input.subject, body: input.body });
}
