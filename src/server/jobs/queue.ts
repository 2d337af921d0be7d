import PgBoss from "pg-boss";
import type { Database } from "../db/client";

export type JobHandler<T extends object = object> = (data: T, jobId: string) => Promise<void>;

export type JobQueue = {
  /** Enqueue a job; it is stored in the database and survives restarts. */
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Process jobs of one queue in this process. */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { pollingIntervalSeconds?: number },
  ): Promise<void>;
  /** Stop fetching new jobs, let running ones finish (up to timeoutMs), then close. */
  stop(timeoutMs?: number): Promise<void>;
  boss: PgBoss;
};

type QueueOptions = {
  onError?: (error: Error) => void;
};

/**
 * A durable queue (pg-boss) on the application's own database: no extra server, and on
 * PostgreSQL several processes share the work safely (SKIP LOCKED). On PGlite it runs through
 * the same single connection as the app.
 */
export async function startJobQueue(database: Database, options: QueueOptions = {}): Promise<JobQueue> {
  const boss =
    database.driver === "postgres"
      ? new PgBoss({ connectionString: database.connectionString, max: 4 })
      : new PgBoss({ db: database.executor });
  boss.on("error", (error: Error) => options.onError?.(error));
  await boss.start();
  const created = new Set<string>();

  async function ensureQueue(name: string) {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  }

  return {
    boss,
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      return sendOptions ? boss.send(name, data, sendOptions) : boss.send(name, data);
    },
    async work(name, handler, workOptions) {
      await ensureQueue(name);
      await boss.work(name, { pollingIntervalSeconds: workOptions?.pollingIntervalSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) {
          await handler(job.data as never, job.id);
        }
      });
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
