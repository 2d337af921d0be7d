import { desc, eq } from "drizzle-orm";
import type { MarketingTemplate, MarketingTemplateValues } from "../../../shared/schemas/email-templates";
import type { Db } from "../../db/client";
import { type EmailMarketingTemplate, emailMarketingTemplates } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { renderInSandbox } from "../../email/email-sandbox";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { marketingCheckData, marketingEmail, marketingVariableNames } from "../email-campaigns";
import { templateNotFoundMessage } from "./email-templates.service";

const entityType = "email_marketing_template";

function toMarketingTemplate(row: EmailMarketingTemplate): MarketingTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    subject: row.subject,
    content: row.content,
    variables: row.variables,
    isActive: row.isActive,
    usageCount: row.usageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Refuses (400) unknown variables, the raw filter and texts that fail or exceed a limit when
 * filled in; returns the marketing variables the text uses, in the list's order.
 */
async function checkedVariables(input: MarketingTemplateValues): Promise<string[]> {
  const { variables } = await renderInSandbox(marketingEmail(input), marketingCheckData);
  return marketingVariableNames.filter((name) => variables.includes(name));
}

const columns = (input: MarketingTemplateValues, variables: string[]) => ({
  name: input.name,
  description: input.description || null,
  category: input.category,
  subject: input.subject,
  content: input.content,
  variables,
  isActive: input.isActive,
});

const audited = (row: EmailMarketingTemplate) => ({
  name: row.name,
  description: row.description,
  category: row.category,
  subject: row.subject,
  content: row.content,
  isActive: row.isActive,
});

/** Newest first. */
export async function listMarketingTemplates(db: Db): Promise<MarketingTemplate[]> {
  const rows = await db
    .select()
    .from(emailMarketingTemplates)
    .orderBy(desc(emailMarketingTemplates.createdAt), desc(emailMarketingTemplates.id));
  return rows.map(toMarketingTemplate);
}

export async function createMarketingTemplate(
  db: Db,
  input: MarketingTemplateValues,
  actor: Actor,
): Promise<MarketingTemplate> {
  const variables = await checkedVariables(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailMarketingTemplates)
      .values({ ...columns(input, variables), createdBy: actor.userId })
      .returning();
    await recordAudit(tx, { ...actor, action: "create", entityType, entityId: row!.id, newValues: audited(row!) });
    return toMarketingTemplate(row!);
  });
}

async function lockMarketingTemplate(tx: DbOrTx, id: string): Promise<EmailMarketingTemplate> {
  const [row] = await tx.select().from(emailMarketingTemplates).where(eq(emailMarketingTemplates.id, id)).for("update");
  if (!row) throw new AppError("not_found", templateNotFoundMessage);
  return row;
}

export async function updateMarketingTemplate(
  db: Db,
  id: string,
  input: MarketingTemplateValues,
  actor: Actor,
): Promise<MarketingTemplate> {
  const variables = await checkedVariables(input);
  return db.transaction(async (tx) => {
    const before = await lockMarketingTemplate(tx, id);
    const [after] = await tx
      .update(emailMarketingTemplates)
      .set(columns(input, variables))
      .where(eq(emailMarketingTemplates.id, id))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "update",
      entityType,
      entityId: id,
      oldValues: audited(before),
      newValues: audited(after!),
    });
    return toMarketingTemplate(after!);
  });
}

/** Campaigns made from it keep their own copy of the text (their templateId is set to null). */
export async function deleteMarketingTemplate(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(emailMarketingTemplates).where(eq(emailMarketingTemplates.id, id)).returning();
    if (!row) throw new AppError("not_found", templateNotFoundMessage);
    await recordAudit(tx, { ...actor, action: "delete", entityType, entityId: id, oldValues: audited(row) });
  });
}
