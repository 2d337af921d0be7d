import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { limits } from "../../../shared/schemas/common";
import type {
  Campaign,
  CampaignValues,
  campaignSendRequestSchema,
  campaignSendsQuerySchema,
  campaignSendsResponseSchema,
} from "../../../shared/schemas/email-campaigns";
import type { Db } from "../../db/client";
import {
  type EmailCampaign,
  emailCampaigns,
  emailMarketingTemplates,
  emailSends,
  emailSubscribers,
} from "../../db/schema";
import type { DbOrTx, Tx } from "../../db/types";
import { addressOf } from "../../email/address";
import { renderInSandbox } from "../../email/email-sandbox";
import type { RenderedEmail } from "../../email/render";
import { AppError } from "../../http/errors";
import { type Actor, type AuditEntry, recordAudit } from "../audit/audit.service";
import { type CampaignCounters, countersFor, refreshCampaignCounters, zeroCounters } from "./campaign-counters";
import { type CampaignTargeting, eligibilityCondition } from "./campaign-eligibility";
import { queueCampaignTest } from "./campaign-test-send";
import {
  loadMarketingContext,
  marketingCheckData,
  marketingData,
  marketingEmail,
  sampleMarketingData,
} from "./marketing-message";

const entityType = "email_campaign";
const notFound = () => new AppError("not_found", "Campaign not found");

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

export function toCampaign(row: EmailCampaign, counters: CampaignCounters = zeroCounters): Campaign {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    content: row.content ?? "",
    status: row.status as Campaign["status"],
    campaignType: row.campaignType,
    targetSegments: row.targetSegments,
    targetTags: row.targetTags,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    replyTo: row.replyTo,
    templateId: row.templateId,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    sentAt: iso(row.sentAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...counters,
  };
}

/** What the audit trail keeps of a campaign: what staff can change, and its state. */
function auditValues(row: EmailCampaign) {
  return {
    name: row.name,
    subject: row.subject,
    content: row.content,
    status: row.status,
    campaignType: row.campaignType,
    targetSegments: row.targetSegments,
    targetTags: row.targetTags,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    replyTo: row.replyTo,
    templateId: row.templateId,
    scheduledAt: iso(row.scheduledAt),
  };
}

async function audit(tx: Tx, actor: Actor, entry: Omit<AuditEntry, "entityType" | keyof Actor>) {
  await recordAudit(tx as unknown as Db, { ...actor, entityType, ...entry });
}

async function withCounters(db: DbOrTx, row: EmailCampaign): Promise<Campaign> {
  const counters = await countersFor(db, [row.id]);
  return toCampaign(row, counters.get(row.id));
}

export async function listCampaigns(db: Db): Promise<{ items: Campaign[] }> {
  const rows = await db.select().from(emailCampaigns).orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id));
  const counters = await countersFor(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => toCampaign(row, counters.get(row.id))) };
}

async function findCampaign(db: DbOrTx, id: string): Promise<EmailCampaign> {
  const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
  if (!row) throw notFound();
  return row;
}

async function lockCampaign(tx: Tx, id: string): Promise<EmailCampaign> {
  const [row] = await tx.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

export async function getCampaign(db: Db, id: string): Promise<Campaign> {
  return withCounters(db, await findCampaign(db, id));
}

/**
 * 400 naming the problem (unknown {{ variables }}, a template error, a render limit exceeded)
 * before anything is saved or sent.
 */
async function validateContent(values: { subject: string; content: string }): Promise<void> {
  await renderInSandbox(marketingEmail(values), marketingCheckData);
}

/** One recipient's (or the sample's) copy of a campaign; a 400 when the text does not render. */
async function renderCampaign(campaign: EmailCampaign, data: Record<string, unknown>): Promise<RenderedEmail> {
  const text = marketingEmail({ subject: campaign.subject, content: campaign.content ?? "" });
  return (await renderInSandbox(text, data)).email;
}

/**
 * Locks the marketing templates a write is about to (un)link, in id order so two writes cannot
 * deadlock; 400 when a template asked for does not exist. Holding the lock until commit makes the
 * recount below see every other writer's campaigns.
 */
async function lockTemplates(tx: Tx, ids: (string | null | undefined)[], requested?: string | null): Promise<string[]> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
  const found = new Set<string>();
  for (const id of unique) {
    const [row] = await tx
      .select({ id: emailMarketingTemplates.id })
      .from(emailMarketingTemplates)
      .where(eq(emailMarketingTemplates.id, id))
      .for("update");
    if (row) found.add(row.id);
  }
  if (requested && !found.has(requested)) {
    throw new AppError("bad_request", "Template not found", [{ path: "templateId", message: "Template not found" }]);
  }
  return [...found];
}

/**
 * "Used by N campaigns" is the number of campaigns that started from the template: recounted
 * from the rows after every create, switch, duplicate and delete, never nudged up or down.
 */
async function recountTemplateUse(tx: Tx, templateIds: string[]): Promise<void> {
  for (const id of templateIds) {
    await tx
      .update(emailMarketingTemplates)
      .set({
        usageCount: sql`(select count(*)::int from ${emailCampaigns} where ${emailCampaigns.templateId} = ${id})`,
      })
      .where(eq(emailMarketingTemplates.id, id));
  }
}

function columnsFrom(input: CampaignValues, emailFrom: string) {
  return {
    name: input.name,
    subject: input.subject,
    content: input.content,
    campaignType: input.campaignType,
    targetSegments: input.targetSegments,
    targetTags: input.targetTags,
    fromName: input.fromName,
    fromEmail: input.fromEmail || addressOf(emailFrom),
    replyTo: input.replyTo || null,
    templateId: input.templateId,
  };
}

export async function createCampaign(
  db: Db,
  input: CampaignValues,
  actor: Actor,
  emailFrom: string,
): Promise<Campaign> {
  await validateContent(input);
  return db.transaction((tx) => createDraftCampaign(tx, input, actor, emailFrom));
}

/** A campaign's subject and content checked as createCampaign checks them (a 400 naming the problem). */
export const checkCampaignContent = validateContent;

/**
 * A new draft inside the caller's transaction (the priority-list invitation writes one beside the
 * audience it tags), audited; nothing is sent until staff press Send. The caller has checked the
 * text with checkCampaignContent first, outside its transaction.
 */
export async function createDraftCampaign(
  tx: Tx,
  input: CampaignValues,
  actor: Actor,
  emailFrom: string,
): Promise<Campaign> {
  const templates = await lockTemplates(tx, [input.templateId], input.templateId);
  const [row] = await tx
    .insert(emailCampaigns)
    .values({ ...columnsFrom(input, emailFrom), status: "draft", createdBy: actor.userId })
    .returning();
  await recountTemplateUse(tx, templates);
  await audit(tx, actor, { action: "create", entityId: row!.id, newValues: auditValues(row!) });
  return toCampaign(row!);
}

const onlyDrafts = "Only draft campaigns can be edited.";

export async function updateCampaign(
  db: Db,
  id: string,
  input: CampaignValues,
  actor: Actor,
  emailFrom: string,
): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const before = await lockCampaign(tx, id);
    if (before.status !== "draft") throw new AppError("conflict", onlyDrafts);
    await validateContent(input);
    const requested = input.templateId !== before.templateId ? input.templateId : null;
    const templates = await lockTemplates(tx, [before.templateId, input.templateId], requested);
    const [row] = await tx
      .update(emailCampaigns)
      .set(columnsFrom(input, emailFrom))
      .where(eq(emailCampaigns.id, id))
      .returning();
    await recountTemplateUse(tx, templates);
    await audit(tx, actor, {
      action: "update",
      entityId: id,
      oldValues: auditValues(before),
      newValues: auditValues(row!),
    });
    return toCampaign(row!);
  });
}

export async function deleteCampaign(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCampaign(tx, id);
    if (before.status !== "draft") throw new AppError("conflict", "Only draft campaigns can be deleted.");
    const templates = await lockTemplates(tx, [before.templateId]);
    await tx.delete(emailCampaigns).where(eq(emailCampaigns.id, id));
    await recountTemplateUse(tx, templates);
    await audit(tx, actor, { action: "delete", entityId: id, oldValues: auditValues(before) });
  });
}

export async function duplicateCampaign(db: Db, id: string, actor: Actor): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const source = await findCampaign(tx, id);
    const templates = await lockTemplates(tx, [source.templateId]);
    const [row] = await tx
      .insert(emailCampaigns)
      .values({
        name: `Copy of ${source.name}`.slice(0, limits.name),
        subject: source.subject,
        content: source.content,
        status: "draft",
        campaignType: source.campaignType,
        targetSegments: source.targetSegments,
        targetTags: source.targetTags,
        fromName: source.fromName,
        fromEmail: source.fromEmail,
        replyTo: source.replyTo,
        templateId: source.templateId,
        createdBy: actor.userId,
      })
      .returning();
    await recountTemplateUse(tx, templates);
    await audit(tx, actor, {
      action: "duplicate",
      entityId: row!.id,
      oldValues: { duplicatedFrom: id },
      newValues: auditValues(row!),
    });
    return toCampaign(row!);
  });
}

async function countEligible(db: DbOrTx, targeting: CampaignTargeting): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailSubscribers).where(eligibilityCondition(targeting));
  return row?.n ?? 0;
}

export async function audienceCount(db: DbOrTx, targeting: CampaignTargeting): Promise<{ count: number }> {
  return { count: await countEligible(db, targeting) };
}

export async function previewCampaign(db: Db, id: string, publicUrl: string): Promise<RenderedEmail> {
  const campaign = await findCampaign(db, id);
  return renderCampaign(campaign, sampleMarketingData(await loadMarketingContext(db, publicUrl)));
}

/**
 * A "[Test]" copy to one address, rendered with that subscriber's data when the address is a
 * subscriber's (so the unsubscribe links are real), else with the sample data. Any status.
 * Returns the email_logs id to hand to the test-send job after commit.
 */
export async function queueTestSend(
  db: Db,
  id: string,
  email: string,
  actor: Actor,
  publicUrl: string,
): Promise<string> {
  const campaign = await findCampaign(db, id);
  const context = await loadMarketingContext(db, publicUrl);
  const [subscriber] = await db
    .select()
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = lower(${email})`);
  const data = subscriber ? marketingData(subscriber, context) : { ...sampleMarketingData(context), email };
  const rendered = await renderCampaign(campaign, data);
  const message = { ...rendered, subject: `[Test] ${rendered.subject}` };
  return db.transaction(async (tx) => {
    const emailLogId = await queueCampaignTest(tx, {
      campaignId: id,
      to: subscriber?.email ?? email,
      name: subscriber ? [subscriber.firstName, subscriber.lastName].filter(Boolean).join(" ") || null : null,
      email: message,
    });
    await audit(tx, actor, { action: "test_send", entityId: id, newValues: { email, emailLogId } });
    return emailLogId;
  });
}

export type SendDecision = { campaign: Campaign; startAfter: Date | null };

/**
 * Draft to "sending" (job now) or "scheduled" (job at scheduledAt). Refused unless a draft, when
 * the time is not in the future, or when nobody would receive it.
 */
export async function sendCampaign(
  db: Db,
  id: string,
  request: z.output<typeof campaignSendRequestSchema>,
  actor: Actor,
  now = new Date(),
): Promise<SendDecision> {
  return db.transaction(async (tx) => {
    const before = await lockCampaign(tx, id);
    if (before.status !== "draft") throw new AppError("conflict", "Only draft campaigns can be sent.");
    const scheduledAt = request.scheduledAt ? new Date(request.scheduledAt) : null;
    if (scheduledAt && scheduledAt.getTime() <= now.getTime()) {
      throw new AppError("bad_request", "scheduledAt must be in the future", [
        { path: "scheduledAt", message: "scheduledAt must be in the future" },
      ]);
    }
    // Variables may have been removed from the list since the draft was saved.
    await validateContent({ subject: before.subject, content: before.content ?? "" });
    if ((await countEligible(tx, before)) === 0) {
      throw new AppError("conflict", "No subscribers match this campaign's audience.");
    }
    const [row] = await tx
      .update(emailCampaigns)
      .set(
        scheduledAt
          ? { status: "scheduled", scheduledAt }
          : { status: "sending", scheduledAt: null, startedAt: now, sentAt: null },
      )
      .where(eq(emailCampaigns.id, id))
      .returning();
    await audit(tx, actor, {
      action: scheduledAt ? "schedule" : "send",
      entityId: id,
      oldValues: { status: before.status },
      newValues: { status: row!.status, scheduledAt: iso(row!.scheduledAt) },
    });
    return { campaign: toCampaign(row!), startAfter: scheduledAt };
  });
}

/**
 * Scheduled or sending to "cancelled": every pending message is cancelled with it. A message
 * already being handed to SMTP finishes; the sender notices the cancel within about a second.
 */
export async function cancelCampaign(db: Db, id: string, actor: Actor, now = new Date()): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const before = await lockCampaign(tx, id);
    if (before.status !== "scheduled" && before.status !== "sending") {
      throw new AppError("conflict", "Only scheduled or sending campaigns can be cancelled.");
    }
    const [row] = await tx
      .update(emailCampaigns)
      .set({ status: "cancelled", cancelledAt: now })
      .where(eq(emailCampaigns.id, id))
      .returning();
    await tx
      .update(emailSends)
      .set({ status: "cancelled" })
      .where(and(eq(emailSends.campaignId, id), eq(emailSends.status, "pending")));
    await refreshCampaignCounters(tx, id);
    await audit(tx, actor, {
      action: "cancel",
      entityId: id,
      oldValues: { status: before.status },
      newValues: { status: "cancelled" },
    });
    return withCounters(tx, row!);
  });
}

export async function listSends(
  db: Db,
  id: string,
  query: z.output<typeof campaignSendsQuerySchema>,
): Promise<z.infer<typeof campaignSendsResponseSchema>> {
  await findCampaign(db, id);
  const where: SQL = and(
    eq(emailSends.campaignId, id),
    query.status === "all" ? undefined : eq(emailSends.status, query.status),
  ) as SQL;
  const [total] = await db.select({ n: count() }).from(emailSends).where(where);
  const rows = await db
    .select()
    .from(emailSends)
    .where(where)
    .orderBy(desc(emailSends.updatedAt), desc(emailSends.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      status: r.status,
      attempts: r.attempts,
      sentAt: iso(r.sentAt),
      bouncedAt: iso(r.bouncedAt),
      unsubscribedAt: iso(r.unsubscribedAt),
      errorMessage: r.errorMessage,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
