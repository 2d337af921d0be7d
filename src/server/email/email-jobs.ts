import type { FastifyInstance } from "fastify";
import type { JobQueue } from "../jobs/queue";
import { deliverEmail, requeueOrphanedSends, sweepStuckEmails } from "./delivery";
import { type EmailSendJobData, emailSendJob } from "./outbox";
import { createMailTransport } from "./transport";

const sweepIntervalMs = 60_000;

/**
 * The outbox's pace: one poll a second taking EMAIL_RATE_PER_SECOND messages (at most 100), so a
 * burst of confirmations drains at about that rate per worker, the same bound campaigns keep, and
 * never faster (an SMTP provider's own limit). A backlog sent flat out would also take the
 * database from the requests that fill it: on PGlite, one connection.
 */
export function outboxPace(ratePerSecond: number) {
  return { pollingIntervalSeconds: 1, batchSize: Math.min(100, Math.max(1, Math.round(ratePerSecond))) };
}

/** The email worker: the `email.send` job handler and the minute-by-minute outbox sweep. */
export async function registerEmailJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  const transport = createMailTransport(app.config);
  const ctx = {
    db: app.db,
    transport,
    from: app.config.emailFrom,
    cipher: app.fieldCipher,
    publicUrl: app.config.publicUrl,
  };

  // PGlite admits one process, so anything unfinished belongs to a dead one: recover it at once
  // (before this process sends) rather than after the delays that protect live peers on PostgreSQL.
  if (app.database.driver === "pglite") {
    await requeueOrphanedSends(app.db, app.log);
    await sweepStuckEmails(app.db, queue, app.log, 0);
  }

  await queue.work<EmailSendJobData>(
    emailSendJob,
    async ({ emailLogId }) => {
      const result = await deliverEmail(ctx, emailLogId);
      app.log.debug({ emailLogId, result }, "email job done");
    },
    outboxPace(app.config.emailRatePerSecond),
  );

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = sweepStuckEmails(app.db, queue, app.log).catch((error) =>
      app.log.error({ err: error }, "email sweep failed"),
    );
  };
  sweep();
  const timer = setInterval(sweep, sweepIntervalMs);
  timer.unref();

  app.addHook("onClose", async () => {
    clearInterval(timer);
    await sweeping;
    transport?.close();
  });
}
