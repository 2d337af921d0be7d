import type { FastifyInstance } from "fastify";
import {
  applicationKnownAddressJob,
  completeKnownAddressApplication,
  fileApplicationSubmission,
} from "../features/applications/applications.service";
import { formIntakeQueues } from "../features/public-forms/form-intake.service";
import {
  fileWaitlistSubmission,
  mergeKnownWaitlistAddress,
  waitlistKnownAddressJob,
} from "../features/waitlist/waitlist.service";

type Ctx = Parameters<typeof fileWaitlistSubmission>[3];
type Runner = (app: FastifyInstance, data: never, jobId: string, ctx: Ctx) => Promise<void>;

/** In order: the intakes first (filing them may store the known-address jobs). */
const jobRunners: [string, Runner][] = [
  [formIntakeQueues.waitlist, (app, data, jobId, ctx) => fileWaitlistSubmission(app.database, data, jobId, ctx)],
  [formIntakeQueues.application, (app, data, jobId, ctx) => fileApplicationSubmission(app.database, data, jobId, ctx)],
  [waitlistKnownAddressJob, (app, data, _jobId, ctx) => mergeKnownWaitlistAddress(app.db, data, ctx)],
  [applicationKnownAddressJob, (app, data, _jobId, ctx) => completeKnownAddressApplication(app.db, data, ctx)],
];

/**
 * Finishes what the public forms left to jobs (filing each submission from its intake job, a
 * known address's merge), as a worker would: on a test app without a worker (PostgreSQL's
 * send-only queue) it runs them here; with one it waits for the worker. Resolves when none is left
 * waiting or running. No queue (PGlite without a worker): the forms did everything in the
 * request, nothing to do.
 */
export async function settleFormJobs(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  const queue = app.queue;
  if (!queue) return;
  const deadline = Date.now() + timeoutMs;
  const ctx: Ctx = { publicUrl: app.config.publicUrl, queue, cipher: app.fieldCipher };
  for (const [name, run] of jobRunners) {
    for (;;) {
      const jobs = await queue.boss.fetch<never>(name, { batchSize: 50 });
      for (const job of jobs) {
        try {
          await run(app, job.data, job.id, ctx);
        } catch (error) {
          // As the worker's retry would: the job waits to be taken again, here at once.
          await app.database.executor.executeSql(
            "update pgboss.job set state = 'retry', started_on = null where name = $1 and id = $2",
            [name, job.id],
          );
          throw error;
        }
        await queue.boss.complete(name, job.id);
      }
      const { rows } = await app.database.executor.executeSql(
        "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')",
        [name],
      );
      if ((rows[0] as { n: number }).n === 0) break;
      if (Date.now() > deadline) throw new Error(`${name} jobs still waiting after ${timeoutMs} ms`);
      if (jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
