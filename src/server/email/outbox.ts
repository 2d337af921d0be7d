import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { type EmailAttachment, emailLogs } from "../db/schema";
import { findCredentialLink } from "../http/credential-paths";
import { AppError } from "../http/errors";
import type { JobQueue } from "../jobs/queue";
import { type EmailSecrets, hideSecretsIn, sealSecrets } from "./hidden-links";
import type { RenderedEmail } from "./render";

/** A database handle or an open transaction: outbox rows are written inside the caller's transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export const emailSendJob = "email.send";
export type EmailSendJobData = { emailLogId: string };

/**
 * pg-boss retries a failed send with growing delays (30 s doubling, with jitter): ten tries span
 * about 8–17 hours, so an SMTP outage of a working day heals on its own. The row stays "failed"
 * after the last try, visible in the outbox for a manual resend.
 */
export const sendJobOptions = { retryLimit: 10, retryDelay: 30, retryBackoff: true };

/**
 * A 409, not a 500: besides a caller that forgot EmailSecrets, staff can cause it by writing such a
 * link into an editable template, and they need to be told what to fix.
 */
export class CredentialLinkInOutboxError extends AppError {
  constructor(kind: string | undefined) {
    super(
      "conflict",
      `This email (${kind ?? "email"}) contains a working set-password, offer, booking, pay or calendar link, which only the system may add when it sends. If its template holds such a link, remove it.`,
    );
  }
}

/**
 * The safety net under EmailSecrets: a message that would store a working credential link (a
 * caller that forgot to hide its token) is refused, so it fails its tests instead of leaking to
 * whoever reads the outbox or a dump. The link itself stays out of the error: errors get logged.
 */
function refuseCredentialLinks(kind: string | undefined, parts: readonly (string | null | undefined)[]): void {
  for (const part of parts) {
    if (part && findCredentialLink(part)) {
      throw new CredentialLinkInOutboxError(kind);
    }
  }
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
  const secrets = message.secrets?.values ?? [];
  const subject = hideSecretsIn(message.email.subject, secrets);
  const html = hideSecretsIn(message.email.html, secrets);
  const text = hideSecretsIn(message.email.text, secrets);
  const attachments = message.attachments ?? [];
  refuseCredentialLinks(message.kind, [subject, html, text, ...attachments.map((a) => a.content)]);
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
      await queue.send<EmailSendJobData>(emailSendJob, { emailLogId }, sendJobOptions);
    } catch (error) {
      log.warn({ err: error, emailLogId }, "could not enqueue email; the sweep will retry");
    }
  }
}
