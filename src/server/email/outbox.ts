import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type EmailAttachment, emailLogs } from "../db/schema";
import type { DbOrTx } from "../db/types";
import { removeCredentialLinks } from "../http/credential-paths";
import type { JobQueue } from "../jobs/queue";
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

/**
 * Transactional outbox, step 1: records the message as "queued" in the caller's transaction, so
 * the message exists exactly when the business change commits. Returns the email_logs id.
 * Credential tokens go in `secrets` (see hidden-links.ts): the row keeps markers and the sealed
 * tokens, never a working link.
 */
export async function queueEmail(
  tx: DbOrTx,
  message: {
    to: string;
    name?: string | null;
    email: RenderedEmail;
    kind?: string;
    idempotencyKey?: string;
    /** Kept on the row, so every send attempt (and a retry) carries the same files. */
    attachments?: EmailAttachment[];
    secrets?: EmailSecrets;
  },
): Promise<string> {
  const secrets = message.secrets?.links ?? [];
  const clean = (part: string) => removeCredentialLinksFrom(message.kind, hideSecretsIn(part, secrets));
  const subject = clean(message.email.subject);
  const html = clean(message.email.html);
  const text = clean(message.email.text);
  // A base64 file (a receipt's PDF) is the system's own bytes, and no link in it could be read as text.
  const attachments = (message.attachments ?? []).map((a) =>
    a.encoding === "base64" ? a : { ...a, content: clean(a.content) },
  );
  const id = randomUUID();
  const [row] = await tx
    .insert(emailLogs)
    .values({
      id,
      recipientEmail: message.to,
      recipientName: message.name || null,
      subject,
      body: html,
      textBody: text,
      kind: message.kind ?? null,
      idempotencyKey: message.idempotencyKey ?? null,
      attachments,
      sealedSecrets: message.secrets
        ? sealSecrets(message.secrets.cipher, secrets, { id, recipientEmail: message.to })
        : null,
      status: "queued",
    })
    .returning({ id: emailLogs.id });
  return row!.id;
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
