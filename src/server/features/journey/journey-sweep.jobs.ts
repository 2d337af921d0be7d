import type { FastifyBaseLogger } from "fastify";
import type { JobQueue } from "../../jobs/queue";

/** A journey sweep on request: asked for after a stage move, so a welcome goes out at once. */
export const journeySweepJob = "journey.sweep";

const prepared = new WeakSet<JobQueue>();

/** "short" policy: at most one sweep waiting (as payments.reminder-sweep). */
export async function ensureJourneySweepQueue(queue: JobQueue): Promise<void> {
  if (prepared.has(queue)) return;
  await queue.boss.createQueue(journeySweepJob, { name: journeySweepJob, policy: "short" });
  prepared.add(queue);
}

/** Call after the commit. A failure only logs: the periodic sweep catches up within five minutes. */
export async function requestJourneySweep(queue: JobQueue | null, log: FastifyBaseLogger): Promise<void> {
  if (!queue) return;
  try {
    await ensureJourneySweepQueue(queue);
    await queue.send(journeySweepJob, {}, { retryLimit: 3, retryDelay: 10, retryBackoff: true });
  } catch (error) {
    log.warn({ err: error }, "could not request a journey sweep; the periodic sweep will catch up");
  }
}
