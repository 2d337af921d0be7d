import { and, eq, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { emailLogs, emailSubscribers } from "../db/schema";
import type { FieldCipher } from "../encryption/field-encryption";
import type { JobQueue } from "../jobs/queue";
import { openSecrets, revealHiddenLinks } from "./hidden-links";
import { dispatchEmails } from "./outbox";
import { htmlToText } from "./render";
import type { MailTransport } from "./transport";

/** Statuses of an email_logs row written by the outbox. */
export const emailStatus = {
  queued: "queued",
  sending: "sending",
  sent: "sent",
  /** Recorded only: no SMTP_URL configured. */
  logged: "logged",
  failed: "failed",
} as const;

/** A "queued" row older than this has lost its job (crash between commit and enqueue). */
export const stuckAfterMs = 60_000;
/**
 * Journey emails (features/journey, decision 019) go at most once: one cut off mid-send is marked
 * failed with this message and never claimed again (staff may resend it by hand from the outbox).
 */
export const interruptedAtMostOnce = "Interrupted mid-send: not resent (at most once)";
const atMostOnceKind = sql`coalesce(${emailLogs.kind}, '') like 'journey\_%'`;

/** A "sending" row older than this belongs to a worker that died mid-send. */
const abandonedSendAfterMs = 10 * 60_000;

export type DeliveryResult = "sent" | "logged" | "skipped";

type DeliveryContext = {
  db: Db;
  transport: MailTransport | null;
  from: string;
  /** Opens the row's sealed credential tokens (hidden-links.ts). */
  cipher: FieldCipher;
  /** The site's address: a token is revealed only inside the system's own link (hidden-links.ts). */
  publicUrl: string;
};

/**
 * Claims an outbox row for sending with one conditional UPDATE (queued, failed, or left "sending"
 * by a worker that died): null when another worker has it or it has gone, so a retried or
 * duplicated job does nothing.
 */
export async function claimOutboxRow(
  db: Db,
  emailLogId: string,
  claim: Partial<typeof emailLogs.$inferInsert> = { status: emailStatus.sending },
) {
  const abandonedBefore = new Date(Date.now() - abandonedSendAfterMs);
  const [row] = await db
    .update(emailLogs)
    .set(claim)
    .where(
      and(
        eq(emailLogs.id, emailLogId),
        or(
          eq(emailLogs.status, emailStatus.queued),
          and(
            eq(emailLogs.status, emailStatus.failed),
            sql`${emailLogs.errorMessage} is distinct from ${interruptedAtMostOnce}`,
          ),
          and(
            eq(emailLogs.status, emailStatus.sending),
            lt(emailLogs.updatedAt, abandonedBefore),
            sql`not (${atMostOnceKind})`,
          ),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Records a send that SMTP refused (its message, cut to 1000 characters) and throws the error on. */
export async function failedSend(db: Db, emailLogId: string, error: unknown): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(emailLogs)
    .set({ status: emailStatus.failed, errorMessage: message.slice(0, 1000) })
    .where(eq(emailLogs.id, emailLogId));
  throw error;
}

/**
 * Sends one outbox row. Idempotent: the row is claimed with one conditional UPDATE, so a retried
 * or duplicated job finds it "sent" (or being sent by another worker) and does nothing.
 */
export async function deliverEmail(ctx: DeliveryContext, emailLogId: string): Promise<DeliveryResult> {
  if (!ctx.transport) {
    // Nothing will ever send this row (retry is for failed ones), so its tokens are dropped now;
    // the owner who asked for a set-password link got it once in the reply instead. Claimed and
    // recorded in one UPDATE: one commit per email, not two.
    const logged = await claimOutboxRow(ctx.db, emailLogId, {
      status: emailStatus.logged,
      errorMessage: null,
      sealedSecrets: null,
    });
    return logged ? "logged" : "skipped";
  }

  const row = await claimOutboxRow(ctx.db, emailLogId);
  if (!row) return "skipped";

  try {
    // Only the message handed to SMTP carries the working links; the row keeps its markers.
    const secrets = openSecrets(ctx.cipher, row.sealedSecrets, row);
    const html = revealHiddenLinks(row.body ?? "", secrets, { publicUrl: ctx.publicUrl, format: "html" });
    await ctx.transport.sendMail({
      from: ctx.from,
      to: row.recipientName ? { name: row.recipientName, address: row.recipientEmail } : row.recipientEmail,
      subject: row.subject,
      text: revealHiddenLinks(row.textBody ?? htmlToText(row.body ?? ""), secrets, {
        publicUrl: ctx.publicUrl,
        format: "text",
      }),
      html,
      ...(row.attachments.length > 0
        ? {
            attachments: row.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content,
              ...(a.encoding ? { encoding: a.encoding } : {}),
            })),
          }
        : {}),
    });
  } catch (error) {
    // The sealed tokens stay while the row can still be sent (the job's retries, staff's retry).
    return failedSend(ctx.db, row.id, error);
  }
  const sentAt = new Date();
  await ctx.db
    .update(emailLogs)
    .set({ status: emailStatus.sent, sentAt, errorMessage: null, sealedSecrets: null })
    .where(eq(emailLogs.id, row.id));
  await ctx.db
    .update(emailSubscribers)
    .set({ lastEmailSent: sentAt })
    .where(sql`lower(${emailSubscribers.email}) = lower(${row.recipientEmail})`);
  return "sent";
}

/**
 * Re-enqueues outbox rows whose job was lost. Each row's updatedAt is bumped as it is picked, so
 * one row is re-enqueued at most once per interval even with several workers sweeping.
 */
export async function sweepStuckEmails(
  db: Db,
  queue: JobQueue,
  log: FastifyBaseLogger,
  stuckAfter = stuckAfterMs,
): Promise<number> {
  const stuckBefore = new Date(Date.now() - stuckAfter);
  await failAbandonedAtMostOnce(db, log);
  const rows = await db
    .update(emailLogs)
    .set({ updatedAt: new Date() })
    .where(and(eq(emailLogs.status, emailStatus.queued), lt(emailLogs.updatedAt, stuckBefore)))
    .returning({ id: emailLogs.id });
  if (rows.length > 0) log.info({ count: rows.length }, "re-enqueueing stuck emails");
  await dispatchEmails(
    queue,
    rows.map((r) => r.id),
    log,
  );
  return rows.length;
}

/**
 * Several processes on PostgreSQL: an at-most-once message left "sending" longer than the
 * abandonment delay belongs to a worker that died mid-send. It may have reached SMTP, so it is
 * marked failed (staff see it and may resend by hand), never taken over and sent again.
 */
async function failAbandonedAtMostOnce(db: Db, log: FastifyBaseLogger) {
  const abandonedBefore = new Date(Date.now() - abandonedSendAfterMs);
  const given = await db
    .update(emailLogs)
    .set({ status: emailStatus.failed, errorMessage: interruptedAtMostOnce })
    .where(and(eq(emailLogs.status, emailStatus.sending), lt(emailLogs.updatedAt, abandonedBefore), atMostOnceKind))
    .returning({ id: emailLogs.id });
  if (given.length > 0) log.warn({ count: given.length }, "abandoned journey emails marked failed");
}

/**
 * Start-up recovery for a single-process database (PGlite, guarded by its data-dir lock): every
 * row left "sending" belongs to a process that died (kill -9), so it goes back to "queued" now
 * instead of after the 10-minute abandonment delay. Must run before this process starts sending.
 * At-least-once, as for an abandoned row: SMTP may have taken the message before the process died.
 */
export async function requeueOrphanedSends(db: Db, log: FastifyBaseLogger): Promise<number> {
  // An at-most-once message may have reached SMTP before the process died: marked failed, not resent.
  const given = await db
    .update(emailLogs)
    .set({ status: emailStatus.failed, errorMessage: interruptedAtMostOnce })
    .where(and(eq(emailLogs.status, emailStatus.sending), atMostOnceKind))
    .returning({ id: emailLogs.id });
  if (given.length > 0) log.warn({ count: given.length }, "journey emails interrupted mid-send marked failed");
  const rows = await db
    .update(emailLogs)
    .set({ status: emailStatus.queued })
    .where(eq(emailLogs.status, emailStatus.sending))
    .returning({ id: emailLogs.id });
  if (rows.length > 0) log.warn({ count: rows.length }, "emails interrupted mid-send by a crash queued again");
  return rows.length;
}
