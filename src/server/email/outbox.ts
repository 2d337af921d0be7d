import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type EmailAttachment, emailLogs } from "../db/schema";
import type { DbOrTx } from "../db/types";
import { removeCredentialLinks } from "../http/credential-paths";
import { type JobQueue, jobsInsertSqlIf } from "../jobs/queue";
import { type EmailSecrets, hideSecretsIn, sealSecrets } from "./hidden-links";
import type { RenderedEmail } from "./render";

/** A database handle or an open transaction: outbox rows are written inside the caller's transaction. */

export const emailSendJob = "email.send";
export type EmailSendJobData = { emailLogId: string };

/**
 * pg-boss retries a failed send with growing delays (30 s doubling, with jitter): ten tries span
 * about 8–17 hours, so an SMTP outage of a working day heals on its own. The row stays "failed"
 * after the last try, visible in the outbox for a manual resend. The first delay is
 * EMAIL_RETRY_DELAY_SECONDS (default 30), set from the config when the app is built (app.ts).
 */
export const sendRetry = { firstDelaySeconds: 30 };

export function sendJobOptions() {
  return { retryLimit: 10, retryDelay: sendRetry.firstDelaySeconds, retryBackoff: true };
}

/** Where the safety net reports: the app's logger once the app is built (app.ts). */
export const outboxWarnings: { log: Pick<FastifyBaseLogger, "warn"> | null } = { log: null };

/**
 * The safety net under EmailSecrets: a working-looking credential token that is not a marker (a
 * caller that forgot to hide its token, or a path staff or an applicant typed) is replaced by
 * `link-removed`, in what is stored and so in what is sent. It never refuses: the email belongs to
 * a business change (a sign-up, a cancellation) that must not fail because of text in it. A
 * forgotten marker ships a dead link, which the tests that follow the sent link catch. The
 * warning names the email, never the token: logs are read by more people than the outbox.
 */
function removeCredentialLinksFrom(kind: string | undefined, part: string): string {
  const { text, removed } = removeCredentialLinks(part);
  if (removed > 0) {
    const warning = "credential-looking link removed from an outbox email; only the system adds those";
    if (outboxWarnings.log) outboxWarnings.log.warn({ kind: kind ?? null, removed }, warning);
    else console.warn(warning, { kind: kind ?? null, removed });
  }
  return text;
}

type OutboxMessage = {
  to: string;
  name?: string | null;
  email: RenderedEmail;
  kind?: string;
  idempotencyKey?: string;
  /** Kept on the row, so every send attempt (and a retry) carries the same files. */
  attachments?: EmailAttachment[];
  secrets?: EmailSecrets;
};

/** The email_logs row for a message, as stored: credential links hidden or removed, a new id. */
function outboxRow(message: OutboxMessage) {
  const secrets = message.secrets?.links ?? [];
  const clean = (part: string) => removeCredentialLinksFrom(message.kind, hideSecretsIn(part, secrets));
  const id = randomUUID();
  return {
    id,
    recipientEmail: message.to,
    recipientName: message.name || null,
    subject: clean(message.email.subject),
    body: clean(message.email.html),
    textBody: clean(message.email.text),
    kind: message.kind ?? null,
    idempotencyKey: message.idempotencyKey ?? null,
    // A base64 file (a receipt's PDF) is the system's own bytes, and no link in it could be read as text.
    attachments: (message.attachments ?? []).map((a) =>
      a.encoding === "base64" ? a : { ...a, content: clean(a.content) },
    ),
    sealedSecrets: message.secrets
      ? sealSecrets(message.secrets.cipher, secrets, { id, recipientEmail: message.to })
      : null,
    status: "queued" as const,
  };
}

/**
 * Transactional outbox, step 1: records the message as "queued" in the caller's transaction, so
 * the message exists exactly when the business change commits. Returns the email_logs id.
 * Credential tokens go in `secrets` (see hidden-links.ts): the row keeps markers and the sealed
 * tokens, never a working link.
 */
export async function queueEmail(tx: DbOrTx, message: OutboxMessage): Promise<string> {
  const [row] = await tx.insert(emailLogs).values(outboxRow(message)).returning({ id: emailLogs.id });
  return row!.id;
}

/**
 * Steps 1 and 2 of the outbox inside one statement of the caller's (decision 020, addendum): the
 * CTEs `<name>` (the email_logs row, stored only when `when` gives a row and the placeholder
 * `<prefix>send` is true) and `<name>_jobs` (its send job, pg-boss's own insert; `withJobs` false,
 * for a process without a queue, makes it an empty CTE: the worker's sweep sends the row).
 * `otherJobs` (rows in the same columns as jobsInsertSql's) go in that one insert too, so a
 * statement inserts its jobs once however many kinds it may store (`<name>_jobs` counts them all).
 * Values from `outboxStatementValues`. Plain messages only (no attachments, secrets or idempotency key).
 */
export function outboxStatementCtes(name: string, when: SQL, prefix: string, withJobs: boolean, otherJobs?: SQL): SQL {
  const p = (field: string) => sql.placeholder(`${prefix}${field}`);
  const emails = sql.identifier(name);
  const jobs = jobsInsertSqlIf(
    withJobs,
    sql`select ${emailSendJob}::text as name, json_build_object('emailLogId', e.id) as data,
        ${p("retryLimit")}::int as retry_limit, ${p("retryDelay")}::int as retry_delay,
        ${p("retryBackoff")}::boolean as retry_backoff
      from ${emails} as e${otherJobs ? sql` union all ${otherJobs}` : sql``}`,
  );
  return sql`${emails} as (
    insert into ${emailLogs} (id, recipient_email, recipient_name, subject, body, text_body, kind, status)
    select ${p("id")}::uuid, ${p("to")}::text, ${p("name")}::text, ${p("subject")}::text, ${p("html")}::text,
      ${p("text")}::text, ${p("kind")}::text, 'queued'
    where ${p("send")}::boolean and exists (${when})
    returning id
  ),
  ${sql.identifier(`${name}_jobs`)} as (${jobs})`;
}

/**
 * The values of outboxStatementCtes' placeholders for one message (null: nothing to send, e.g. a
 * message staff switched off), and the id its row will have. `queue`: this process's queue, which
 * must have created the send queue at start-up; the statement must be the `withJobs` variant
 * exactly when there is one.
 */
export function outboxStatementValues(
  prefix: string,
  message: OutboxMessage | null,
  queue: JobQueue | null | undefined,
): { id: string | null; values: Record<string, unknown> } {
  if (message && (message.attachments?.length || message.secrets || message.idempotencyKey)) {
    throw new Error("outboxStatementValues takes plain messages only; use queueEmail");
  }
  if (queue && !queue.createdAtStart(emailSendJob)) {
    throw new Error(`Queue ${emailSendJob} is not created at start-up; add it to the queue's \`queues\``);
  }
  const row = message ? outboxRow(message) : null;
  const job = sendJobOptions();
  const values = {
    send: row !== null,
    id: row?.id ?? null,
    to: row?.recipientEmail ?? null,
    name: row?.recipientName ?? null,
    subject: row?.subject ?? null,
    html: row?.body ?? null,
    text: row?.textBody ?? null,
    kind: row?.kind ?? null,
    retryLimit: job.retryLimit,
    retryDelay: job.retryDelay,
    retryBackoff: job.retryBackoff,
  };
  return {
    id: row?.id ?? null,
    values: Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value])),
  };
}

/**
 * After a statement with outboxStatementCtes: every email it stored has its send job when there
 * is a queue. pg-boss stores none only for a missing queue, which createdAtStart rules out; were
 * it to happen anyway, the submission has committed, the email stays queued and the worker's
 * sweep enqueues it again, so it is reported rather than failed.
 */
export function checkStatementJobs(outcome: { emails: number; jobs: number }, queue: JobQueue | null | undefined) {
  if (queue && outcome.jobs !== outcome.emails) {
    const warning = "emails stored without their send job; the outbox sweep will enqueue them";
    if (outboxWarnings.log) outboxWarnings.log.warn({ emails: outcome.emails, jobs: outcome.jobs }, warning);
    else console.warn(warning, outcome);
  }
}

/**
 * Transactional outbox, step 2, after commit: asks the worker to send. A failure here loses
 * nothing: the row stays "queued" and the worker's sweep enqueues it again. Without a queue in
 * this process (no worker), the sweep of a worker process picks the rows up.
 */
export async function dispatchEmails(
  queue: JobQueue | null,
  emailLogIds: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  if (!queue) return;
  for (const emailLogId of emailLogIds) {
    try {
      await queue.send<EmailSendJobData>(emailSendJob, { emailLogId }, sendJobOptions());
    } catch (error) {
      log.warn({ err: error, emailLogId }, "could not enqueue email; the sweep will retry");
    }
  }
}

/**
 * Transactional outbox, steps 1 and 2 in one commit: the send jobs of rows just written by
 * queueEmail go into the same transaction, so the submission, its email and the job that sends it
 * are one durable commit, and nothing is left for after it (decision 020). Without a queue in
 * this process (no worker, PGlite with RUN_WORKER=false) the rows wait for a worker's sweep.
 */
export async function enqueueEmailsInTransaction(
  tx: DbOrTx,
  queue: JobQueue | null | undefined,
  emailLogIds: readonly string[],
): Promise<void> {
  if (!queue) return;
  for (const emailLogId of emailLogIds) {
    await queue.sendInTransaction<EmailSendJobData>(tx, emailSendJob, { emailLogId }, sendJobOptions());
  }
}
