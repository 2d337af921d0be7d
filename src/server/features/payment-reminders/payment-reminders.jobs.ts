import type { FastifyInstance } from "fastify";
import { dispatchEmails } from "../../email/outbox";
import type { JobQueue } from "../../jobs/queue";
import { ensureReminderSweepQueue, reminderSweepJob } from "../payments/index";
import { runReminderSweep } from "./reminder-sweep";

/** Reminders go out at 09:00 London; a sweep every five minutes sends them by 09:05. */
export const reminderSweepIntervalMs = 5 * 60_000;

/**
 * The payment reminder job: a sweep at worker start and every few minutes, and one on request
 * (payments.reminder-sweep, asked for after a plan or payment changes). Every worker process
 * runs it; the sweep is safe to run concurrently (unique index, SKIP LOCKED), so no leader is
 * needed. Emails go through the outbox and the email worker (pg-boss).
 */
export async function registerPaymentReminderJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  const sweepOnce = async () => {
    const result = await runReminderSweep(app.db, { ...app.config, cipher: app.fieldCipher });
    if (result.created || result.sent || result.failed || result.markedOverdue || result.cancelled) {
      app.log.info({ ...result, emailLogIds: undefined }, "payment reminder sweep");
    }
    await dispatchEmails(queue, result.emailLogIds, app.log);
  };

  let sweeping: Promise<unknown> = Promise.resolve();
  let running = false;
  const sweep = () => {
    // A slow pass (many reminders) is not overlapped by the next tick in the same process.
    if (running) return;
    running = true;
    sweeping = sweepOnce()
      .catch((error) => app.log.error({ err: error }, "payment reminder sweep failed"))
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, reminderSweepIntervalMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await sweeping;
  });

  await ensureReminderSweepQueue(queue);
  // Not skipped while a periodic pass runs: that pass may have read the payments before the
  // change that asked for this one committed. A failure throws, so pg-boss retries it.
  await queue.work(reminderSweepJob, async () => {
    try {
      await sweepOnce();
    } catch (error) {
      app.log.error({ err: error }, "requested payment reminder sweep failed");
      throw error;
    }
  });
}
