import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  type EmailLog,
  type EmailLogDetail,
  type EmailLogListQuery,
  type EmailLogListResponse,
  emailLogStatuses,
} from "../../../shared/schemas/email-outbox";
import type { Db } from "../../db/client";
import { type EmailLog as EmailLogRow, emailLogs } from "../../db/schema";
import { emailStatus } from "../../email/delivery";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";

/** Campaign messages are re-sent by the campaign engine, which keeps email_sends in step. */
export const campaignKind = "campaign";

export const notFoundMessage = "Message not found";
export const retryOnlyFailedMessage = "Only failed messages can be retried";
export const retryCampaignMessage =
  "Campaign messages are retried by the campaign itself; open the campaign to see its failed sends";

function toEmailLog(row: EmailLogRow): EmailLog {
  return {
    id: row.id,
    recipientEmail: row.recipientEmail,
    recipientName: row.recipientName,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    campaignId: row.campaignId,
    sentAt: row.sentAt?.toISOString() ?? null,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

/** LIKE's wildcards and its escape character, escaped so "50%" or "a_b" mean those characters. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Search matches the start of the recipient address (what staff usually type) or any words of
 * the subject; the address prefix can use an index on lower(recipient_email) if one is added.
 */
function filterConditions(query: EmailLogListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status !== "all") conditions.push(eq(emailLogs.status, query.status));
  if (query.campaignId) conditions.push(eq(emailLogs.campaignId, query.campaignId));
  const term = query.search.trim();
  if (term) {
    const escaped = escapeLike(term);
    conditions.push(
      sql`(lower(${emailLogs.recipientEmail}) like ${`${escaped.toLowerCase()}%`} or ${emailLogs.subject} ilike ${`%${escaped}%`})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Every known status (0 when none), any other status found, and "all". */
async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ status: emailLogs.status, n: count() }).from(emailLogs).groupBy(emailLogs.status);
  const counts: Record<string, number> = Object.fromEntries(emailLogStatuses.map((s) => [s, 0]));
  let all = 0;
  for (const row of rows) {
    counts[row.status] = row.n;
    all += row.n;
  }
  counts.all = all;
  return counts;
}

export async function listEmailLogs(db: Db, query: EmailLogListQuery): Promise<EmailLogListResponse> {
  const where = filterConditions(query);
  const [rows, [counted], counts] = await Promise.all([
    db
      .select()
      .from(emailLogs)
      .where(where)
      // id breaks ties so pages stay stable when many rows share a creation instant.
      .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(emailLogs).where(where),
    countByStatus(db),
  ]);
  return {
    items: rows.map(toEmailLog),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

export async function getEmailLog(db: Db, id: string): Promise<EmailLogDetail> {
  const [row] = await db.select().from(emailLogs).where(eq(emailLogs.id, id)).limit(1);
  if (!row) throw new AppError("not_found", notFoundMessage);
  return { ...toEmailLog(row), html: row.body, text: row.textBody };
}

/**
 * Puts a failed message back in the outbox. The caller dispatches it after commit; the worker
 * then claims it like any queued row.
 */
export async function retryEmailLog(db: Db, id: string, actor: Actor): Promise<EmailLog> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailLogs).where(eq(emailLogs.id, id)).for("update").limit(1);
    if (!row) throw new AppError("not_found", notFoundMessage);
    if (row.status !== emailStatus.failed) throw new AppError("conflict", retryOnlyFailedMessage);
    if (row.kind === campaignKind) throw new AppError("conflict", retryCampaignMessage);
    const [updated] = await tx
      .update(emailLogs)
      .set({ status: emailStatus.queued, errorMessage: null })
      .where(eq(emailLogs.id, id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "retry",
      entityType: "email_log",
      entityId: id,
      oldValues: { status: row.status, errorMessage: row.errorMessage },
      newValues: { status: emailStatus.queued, recipientEmail: row.recipientEmail, subject: row.subject },
    });
    return toEmailLog(updated!);
  });
}
