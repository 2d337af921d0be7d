import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { emailCampaigns, emailLogs, emailSends, emailSubscribers } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import type { RenderedEmail } from "../../email/render";
import type { MailTransport } from "../../email/transport";
import { AppError } from "../../http/errors";
import { refreshCampaignCounters } from "./campaign-counters";
import { consentCondition } from "./campaign-eligibility";
import { fanOutCampaign } from "./campaign-fanout";
import {
  campaignMail,
  campaignMessageId,
  type PreparedCampaign,
  prepareCampaign,
  recipientName,
  renderForRecipient,
} from "./campaign-message";
import type { TokenBucket } from "./campaign-throttle";

/** Tunables of the engine; tests shorten the delays (production keeps the defaults). */
export const campaignEngineSettings = {
  /** Most rows claimed at once; a batch is also capped at about one second of the sending rate. */
  batchSize: 50,
  /** Delivery attempts per message, the first included. */
  maxAttempts: 3,
  /** Wait after the first failed attempt; each further wait is four times longer (30 s, 2 min). */
  retryBaseMs: 30_000,
  /** One job run sends for at most this long, then queues its continuation (fair to other campaigns, far from pg-boss's expiry). */
  runBudgetMs: 120_000,
  /** A retry due this soon is waited for in the running job instead of through a new job. */
  inProcessWaitMs: 5_000,
  /** How often a running batch looks for a cancel. */
  cancelCheckMs: 1_000,
  /** Messages handed to SMTP in parallel (the pooled transport keeps as many connections). */
  concurrency: 4,
};

export const interruptedMessage = "Interrupted while sending; not retried automatically to avoid a duplicate";
const unsubscribedMessage = "Not sent: the subscriber opted out before the message was due";

export type SenderDeps = {
  db: Db;
  /** null: no SMTP_URL, messages are only recorded ("logged"). */
  transport: MailTransport | null;
  bucket: TokenBucket;
  ratePerSecond: number;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** True once the process is shutting down: take no new batch, finish the messages in hand. */
  stopping: () => boolean;
  /** setTimeout that resolves at once when the process starts shutting down. */
  sleep: (ms: number) => Promise<void>;
  /** Queues this campaign's sender again (deduplicated per campaign). */
  requeue: (campaignId: string, startAfter?: Date) => Promise<void>;
};

export type SenderOutcome =
  | "sent"
  | "cancelled"
  | "not_sending"
  | "waiting_for_retry"
  | "continued"
  | "stopped"
  | "busy_elsewhere";

type ClaimedRow = {
  id: string;
  subscriberId: string;
  email: string;
  attempts: number;
  firstName: string | null;
  lastName: string | null;
  unsubscribeToken: string;
  consenting: boolean;
};

type Delivered = { kind: "sent" | "logged"; row: ClaimedRow; rendered: RenderedEmail; at: Date };
type Failed = { kind: "failed"; row: ClaimedRow; rendered: RenderedEmail | null; error: string; at: Date };
type Outcome =
  | Delivered
  | Failed
  | { kind: "retry"; row: ClaimedRow; error: string; nextAttemptAt: Date }
  | { kind: "skipped"; row: ClaimedRow };

/**
 * Claims up to `limit` due rows in ONE statement. SKIP LOCKED lets several workers claim from one
 * campaign without waiting on or taking each other's rows; the claim (status "sending", attempts
 * + 1, the Message-ID) commits before any message goes out, so a crash leaves evidence behind.
 * No ORDER BY: which pending rows go first does not matter, and ordering made every claim walk or
 * sort all of the campaign's pending rows (measured 1.7 times slower over a 10,000-row campaign).
 */
async function claimBatch(db: Db, campaign: { id: string; campaignType: string }, limit: number, host: string) {
  const result = await db.execute(sql`
    with claimed as (
      update ${emailSends} set status = 'sending', attempts = attempts + 1, updated_at = now(),
        sendgrid_message_id = concat('<send-', id, '@', ${host}::text, '>')
      where id in (
        select id from ${emailSends}
        where campaign_id = ${campaign.id} and status = 'pending'
          and (next_attempt_at is null or next_attempt_at <= now())
        limit ${limit}
        for update skip locked
      )
      returning id, subscriber_id, email, attempts
    )
    select claimed.id, claimed.subscriber_id, claimed.email, claimed.attempts,
      ${emailSubscribers.firstName} as first_name, ${emailSubscribers.lastName} as last_name,
      ${emailSubscribers.unsubscribeToken} as unsubscribe_token,
      coalesce((${consentCondition(campaign.campaignType)}), false) as consenting
    from claimed join ${emailSubscribers} on ${emailSubscribers.id} = claimed.subscriber_id`);
  return (result.rows as Record<string, unknown>[]).map(
    (r): ClaimedRow => ({
      id: r.id as string,
      subscriberId: r.subscriber_id as string,
      email: r.email as string,
      attempts: Number(r.attempts),
      firstName: (r.first_name as string | null) ?? null,
      lastName: (r.last_name as string | null) ?? null,
      unsubscribeToken: r.unsubscribe_token as string,
      consenting: r.consenting === true || r.consenting === "t",
    }),
  );
}

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/** Claimed rows that were never handed over go back (or to "cancelled"), their attempt not counted. */
async function releaseClaims(db: DbOrTx, ids: readonly string[], to: "pending" | "cancelled"): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${emailSends} set status = ${to}, attempts = greatest(attempts - 1, 0), updated_at = now()
    where id in (${idList(ids)}) and status = 'sending'`);
}

/** 5xx SMTP replies (unknown mailbox, rejected content) will not change on a retry. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export function retryDelayMs(attemptsSoFar: number): number {
  return campaignEngineSettings.retryBaseMs * 4 ** Math.max(0, attemptsSoFar - 1);
}

async function deliverOne(deps: SenderDeps, campaign: PreparedCampaign, row: ClaimedRow): Promise<Outcome> {
  if (!row.consenting) return { kind: "skipped", row };
  let rendered: RenderedEmail;
  try {
    rendered = await renderForRecipient(campaign, row);
  } catch (error) {
    return { kind: "failed", row, rendered: null, error: errorText(error), at: new Date() };
  }
  await deps.bucket.take();
  if (!deps.transport) return { kind: "logged", row, rendered, at: new Date() };
  try {
    await deps.transport.sendMail(
      campaignMail(
        campaign,
        { address: row.email, name: recipientName(row), unsubscribeToken: row.unsubscribeToken },
        rendered,
        campaignMessageId(row.id, deps.publicUrl),
      ),
    );
    return { kind: "sent", row, rendered, at: new Date() };
  } catch (error) {
    const message = errorText(error);
    if (row.attempts >= campaignEngineSettings.maxAttempts || isPermanent(error)) {
      return { kind: "failed", row, rendered, error: message, at: new Date() };
    }
    return { kind: "retry", row, error: message, nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)) };
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Writes a batch's results in one transaction and a handful of set-based statements: the sends'
 * statuses, one email_logs row per message sent or finally failed, the subscribers' lastEmailSent.
 */
async function recordOutcomes(db: Db, campaign: PreparedCampaign, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const delivered = outcomes.filter((o): o is Delivered => o.kind === "sent" || o.kind === "logged");
  const failed = outcomes.filter((o): o is Failed => o.kind === "failed");
  const retries = outcomes.filter((o) => o.kind === "retry");
  const skipped = outcomes.filter((o) => o.kind === "skipped");
  await db.transaction(async (tx) => {
    if (delivered.length > 0) {
      const ids = delivered.map((o) => sql`${o.row.id}::uuid`);
      const times = delivered.map((o) => sql`${o.at.toISOString()}::timestamptz`);
      await tx.execute(sql`
        update ${emailSends} set status = 'sent', sent_at = v.at, error_message = null, next_attempt_at = null,
          updated_at = now()
        from (select unnest(array[${sql.join(ids, sql`, `)}]) as id, unnest(array[${sql.join(times, sql`, `)}]) as at) v
        where ${emailSends.id} = v.id and ${emailSends.status} = 'sending'`);
      const reached = delivered.filter((o) => o.kind === "sent");
      if (reached.length > 0) {
        await tx
          .update(emailSubscribers)
          .set({ lastEmailSent: reached.at(-1)!.at })
          .where(
            inArray(
              emailSubscribers.id,
              reached.map((o) => o.row.subscriberId),
            ),
          );
      }
    }
    for (const o of retries) {
      await tx
        .update(emailSends)
        .set({ status: "pending", nextAttemptAt: o.nextAttemptAt, errorMessage: o.error })
        .where(and(eq(emailSends.id, o.row.id), eq(emailSends.status, "sending")));
    }
    for (const o of failed) {
      await tx
        .update(emailSends)
        .set({ status: "failed", errorMessage: o.error, nextAttemptAt: null })
        .where(and(eq(emailSends.id, o.row.id), eq(emailSends.status, "sending")));
    }
    if (skipped.length > 0) {
      await tx.execute(sql`
        update ${emailSends} set status = 'cancelled', error_message = ${unsubscribedMessage},
          attempts = greatest(attempts - 1, 0), updated_at = now()
        where id in (${idList(skipped.map((o) => o.row.id))}) and status = 'sending'`);
    }
    const logged: (Delivered | Failed)[] = [...delivered, ...failed];
    if (logged.length > 0) {
      await tx.insert(emailLogs).values(
        logged.map((o) => ({
          recipientEmail: o.row.email,
          recipientName: recipientName(o.row),
          subject: o.rendered?.subject ?? "",
          body: o.rendered?.html ?? null,
          textBody: o.rendered?.text ?? null,
          kind: "campaign",
          campaignId: campaign.id,
          status: o.kind,
          sentAt: o.kind === "sent" ? o.at : null,
          errorMessage: o.kind === "failed" ? o.error : null,
        })),
      );
    }
  });
}

async function campaignStatus(db: Db, campaignId: string): Promise<string | null> {
  const [row] = await db
    .select({ status: emailCampaigns.status })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, campaignId));
  return row?.status ?? null;
}

type BatchResult = { cancelled: boolean };

/**
 * Hands a claimed batch to SMTP, `concurrency` messages at a time, each after a token from the
 * process-wide bucket. Before starting a message: stop when the process is shutting down, and look
 * (at most once a second) whether the campaign was cancelled. Whatever was not started goes back.
 */
async function sendBatch(
  deps: SenderDeps,
  campaign: PreparedCampaign,
  batch: readonly ClaimedRow[],
): Promise<BatchResult> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let cancelled = false;
  let lastCheck = Date.now();
  let checking: Promise<void> | null = null;
  const checkCancelled = async () => {
    if (Date.now() - lastCheck < campaignEngineSettings.cancelCheckMs) return;
    checking ??= campaignStatus(deps.db, campaign.id).then((status) => {
      lastCheck = Date.now();
      checking = null;
      if (status !== "sending") cancelled = true;
    });
    await checking;
  };
  const worker = async () => {
    while (next < batch.length && !cancelled && !deps.stopping()) {
      await checkCancelled();
      // Another worker may have taken the last row while this one waited.
      if (cancelled || deps.stopping() || next >= batch.length) return;
      const row = batch[next++]!;
      outcomes.push(await deliverOne(deps, campaign, row));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(campaignEngineSettings.concurrency, batch.length) }, worker));
  } finally {
    // Even when something threw: unstarted rows go back, and what was handed over is recorded
    // (if recording fails, those rows stay "sending" and the sweep settles them as interrupted).
    await releaseClaims(
      deps.db,
      batch.slice(next).map((r) => r.id),
      cancelled ? "cancelled" : "pending",
    ).catch((error) => deps.log.error({ err: error, campaignId: campaign.id }, "could not release claimed sends"));
    await recordOutcomes(deps.db, campaign, outcomes);
  }
  return { cancelled };
}

async function failUnrenderable(db: Db, campaign: { id: string; subject: string }, message: string): Promise<void> {
  await db.execute(sql`
    with failed as (
      update ${emailSends} set status = 'failed', error_message = ${message}, next_attempt_at = null, updated_at = now()
      where campaign_id = ${campaign.id} and status = 'pending'
      returning email
    )
    insert into ${emailLogs} (recipient_email, subject, kind, campaign_id, status, error_message)
    select email, ${campaign.subject}, 'campaign', ${campaign.id}, 'failed', ${message} from failed`);
}

async function completeCampaign(db: Db, campaignId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(emailCampaigns)
      .set({ status: "sent", sentAt: new Date() })
      .where(and(eq(emailCampaigns.id, campaignId), eq(emailCampaigns.status, "sending")))
      .returning({ id: emailCampaigns.id });
    await refreshCampaignCounters(tx, campaignId);
    return Boolean(done);
  });
}

async function remaining(db: Db, campaignId: string) {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${emailSends.status} = 'pending'))::int`,
      sending: sql<number>`(count(*) filter (where ${emailSends.status} = 'sending'))::int`,
      nextAttemptAt: sql<
        string | Date | null
      >`min(${emailSends.nextAttemptAt}) filter (where ${emailSends.status} = 'pending')`,
    })
    .from(emailSends)
    .where(eq(emailSends.campaignId, campaignId));
  return {
    pending: Number(row?.pending ?? 0),
    sending: Number(row?.sending ?? 0),
    nextAttemptAt: row?.nextAttemptAt ? new Date(row.nextAttemptAt) : null,
  };
}

/**
 * The "campaign.send" job: sends a campaign's due rows batch by batch until none is left, the
 * campaign is cancelled, the process stops, or the run's time budget is spent (then it queues
 * its continuation). Safe to run twice at once (rows are claimed with SKIP LOCKED) and after any
 * crash (rows are either pending, done, or "sending" for the sweep to settle).
 */
export async function runCampaignSender(deps: SenderDeps, campaignId: string): Promise<SenderOutcome> {
  // The sender may be the first job to run for a campaign (the sweep queues it): fix recipients first.
  const fanOut = await fanOutCampaign(deps.db, campaignId);
  const [row] = await deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
  if (row?.status === "cancelled") {
    await refreshCampaignCounters(deps.db, campaignId);
    return "cancelled";
  }
  if (row?.status !== "sending" || fanOut.state !== "sending") return "not_sending";
  let campaign: PreparedCampaign;
  try {
    campaign = await prepareCampaign(deps.db, row, deps.publicUrl);
  } catch (error) {
    // Checked when sent, so only a later change (a variable withdrawn by a deploy) lands here:
    // retrying cannot help, so the campaign ends with every unsent message failed and logged.
    if (!(error instanceof AppError)) throw error;
    await failUnrenderable(deps.db, row, `Not sent: the campaign no longer renders. ${error.message}`);
    return (await completeCampaign(deps.db, campaignId)) ? "sent" : "not_sending";
  }
  const host = new URL(deps.publicUrl).hostname;
  const batchSize = Math.max(1, Math.min(campaignEngineSettings.batchSize, Math.ceil(deps.ratePerSecond)));
  const started = Date.now();

  for (;;) {
    if (deps.stopping()) {
      // Another worker (or this one after its restart) carries on; the short delay keeps this
      // process, which is still stopping, from picking the job up itself.
      await deps.requeue(campaignId, new Date(Date.now() + 5_000)).catch(() => {});
      return "stopped";
    }
    if (Date.now() - started > campaignEngineSettings.runBudgetMs) {
      await deps.requeue(campaignId);
      return "continued";
    }
    const batch = await claimBatch(deps.db, row, batchSize, host);
    if (batch.length === 0) {
      const left = await remaining(deps.db, campaignId);
      if (left.pending === 0 && left.sending === 0) {
        if (await completeCampaign(deps.db, campaignId)) {
          deps.log.info({ campaignId }, "campaign sent");
          return "sent";
        }
        return "not_sending";
      }
      if (left.pending > 0 && left.nextAttemptAt) {
        const wait = left.nextAttemptAt.getTime() - Date.now();
        if (wait <= campaignEngineSettings.inProcessWaitMs) {
          await deps.sleep(Math.max(wait, 50));
          continue;
        }
        await deps.requeue(campaignId, left.nextAttemptAt);
        return "waiting_for_retry";
      }
      // Rows are in another worker's hands (or a crashed one's, which the sweep settles).
      return "busy_elsewhere";
    }
    let status: string | null;
    try {
      status = await campaignStatus(deps.db, campaignId);
    } catch (error) {
      // Nothing was handed over: give the rows back rather than leave them for the sweep.
      await releaseClaims(
        deps.db,
        batch.map((r) => r.id),
        "pending",
      ).catch(() => {});
      throw error;
    }
    if (status !== "sending") {
      await releaseClaims(
        deps.db,
        batch.map((r) => r.id),
        "cancelled",
      );
      await refreshCampaignCounters(deps.db, campaignId);
      return "cancelled";
    }
    const result = await sendBatch(deps, campaign, batch);
    if (result.cancelled) {
      await refreshCampaignCounters(deps.db, campaignId);
      return "cancelled";
    }
  }
}
