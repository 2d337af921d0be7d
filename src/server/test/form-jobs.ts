import type { FastifyInstance } from "fastify";
import {
  applicationKnownAddressJob,
  completeKnownAddressApplication,
} from "../features/applications/applications.service";
import { mergeKnownWaitlistAddress, waitlistKnownAddressJob } from "../features/waitlist/waitlist.service";

const jobRunners = {
  [waitlistKnownAddressJob]: mergeKnownWaitlistAddress,
  [applicationKnownAddressJob]: completeKnownAddressApplication,
} as const;

/**
 * Finishes what the public forms left to jobs (a known address's merge), as a worker would: on a
 * test app without a worker (PostgreSQL's send-only queue) it runs them here; with one it waits
 * for the worker. Resolves when none is left waiting or running. No queue (PGlite without a
 * worker): the forms did everything in the request, nothing to do.
 */
export async function settleFormJobs(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  const queue = app.queue;
  if (!queue) return;
  const deadline = Date.now() + timeoutMs;
  const ctx = { publicUrl: app.config.publicUrl, queue, cipher: app.fieldCipher };
  for (const [name, run] of Object.entries(jobRunners)) {
    for (;;) {
      const jobs = await queue.boss.fetch<Parameters<typeof run>[1]>(name, { batchSize: 50 });
      for (const job of jobs) {
        await (run as (db: unknown, data: unknown, c: typeof ctx) => Promise<void>)(app.db, job.data, ctx);
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
