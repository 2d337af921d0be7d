import type { FastifyInstance } from "fastify";
import { dispatchEmails } from "../../email/outbox";
import type { JobQueue } from "../../jobs/queue";
import { runJourneySweep } from "./journey.service";
import { ensureJourneySweepQueue, journeySweepJob } from "./journey-sweep.jobs";

export const journeySweepIntervalMs = 5 * 60_000;

/**
 * The guest journey job: a sweep at worker start, every five minutes, and on request after a
 * stage move (journey.sweep). Safe in several processes at once: each message is claimed by a
 * unique row in the transaction that queues its email (journey.service.ts).
 */
export async function registerJourneyJobs(app: FastifyInstance, queue: JobQueue): Promise<void> {
  const sweepOnce = async () => {
    const result = await runJourneySweep(app.db, app.config);
    if (result.sent) app.log.info({ sent: result.sent }, "journey sweep");
    await dispatchEmails(queue, result.emailLogIds, app.log);
  };
  let sweeping: Promise<unknown> = Promise.resolve();
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    sweeping = sweepOnce()
      .catch((error) => app.log.error({ err: error }, "journey sweep failed"))
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, journeySweepIntervalMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await sweeping;
  });
  await ensureJourneySweepQueue(queue);
  await queue.work(journeySweepJob, async () => {
    await sweepOnce();
  });
}
