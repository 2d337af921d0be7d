import type { FastifyBaseLogger } from "fastify";
import type { JobQueue } from "../../jobs/queue";

/**
 * A reminder sweep on request: asked for after a write that creates or changes a plan or a
 * payment, so its reminders are planned (or dropped) at once instead of at the next periodic
 * sweep. Whichever worker process takes the job runs it, not necessarily the one that asked.
 */
export const reminderSweepJob = "payments.reminder-sweep";

const prepared = new WeakSet<JobQueue>();

/**
 * pg-boss's "short" policy keeps at most one sweep waiting: a burst of acceptances asks for one
 * sweep, while a request made during a running sweep (which may have read the payments before
 * this commit) still queues the next one. A queue's policy is fixed when it is created, so this
 * runs before any send or work on it.
 */
export async function ensureReminderSweepQueue(queue: JobQueue): Promise<void> {
  if (prepared.has(queue)) return;
  await queue.boss.createQueue(reminderSweepJob, { name: reminderSweepJob, policy: "short" });
  prepared.add(queue);
}

/** The sweep is idempotent; a failed one (a database hiccup) is simply tried again. */
const sweepJobOptions = { retryLimit: 3, retryDelay: 10, retryBackoff: true };

/**
 * Call after the commit (never inside the transaction: a worker could sweep before the plan is
 * visible). A failure loses nothing and is only logged: the periodic sweep of every worker plans
 * the same reminders a few minutes later. Without a queue in this process, as for the outbox,
 * that periodic sweep is what picks the change up.
 */
export async function requestReminderSweep(queue: JobQueue | null, log: FastifyBaseLogger): Promise<void> {
  if (!queue) return;
  try {
    await ensureReminderSweepQueue(queue);
    await queue.send(reminderSweepJob, {}, sweepJobOptions);
  } catch (error) {
    log.warn({ err: error }, "could not request a payment reminder sweep; the periodic sweep will catch up");
  }
}
