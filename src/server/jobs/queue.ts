import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database } from "../db/client";
import { sqlState } from "../db/prepared-statement";
import type { DbOrTx } from "../db/types";

export type JobHandler<T extends object = object> = (data: T, jobId: string) => Promise<void>;

export type JobQueue = {
  /** Enqueue a job; it is stored in the database and survives restarts. */
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Enqueue a job inside the caller's open transaction: the job exists exactly when that
   * transaction commits (one commit for the business change and its job, nothing to lose between
   * the two). The queue must exist already: name it in `queues` when the queue is started.
   */
  sendInTransaction<T extends object>(
    tx: DbOrTx,
    name: string,
    data: T,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  /**
   * True when the queue was created at start-up (`queues`): only then may a statement of ours
   * insert its jobs (jobsInsertSql), since pg-boss's insert silently stores nothing for a missing queue.
   */
  createdAtStart(name: string): boolean;
  /** Process jobs of one queue in this process. */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: {
      pollingIntervalSeconds?: number;
      /** Jobs fetched per poll; each still succeeds or fails (and is retried) on its own. */
      batchSize?: number;
      /**
       * After a full batch, fetch the next at once instead of after the interval: a backlog is
       * worked through flat out. Not for paced queues (the outbox's batch a second is its rate).
       */
      untilEmpty?: boolean;
    },
  ): Promise<void>;
  /**
   * Wakes this process's workers of a queue sleeping between polls, so a job just stored is taken
   * within wakeDelayMs rather than at the next poll; nothing when this process does not work that
   * queue. Wakes within that delay are one: under load a fetch takes their jobs together.
   */
  wake(name: string): void;
  /** Stop fetching new jobs, let running ones finish (up to timeoutMs), then close. */
  stop(timeoutMs?: number): Promise<void>;
  boss: PgBoss;
};

/**
 * How long a wake waits for more jobs to wake for: a fetch and its completion cost as much as
 * several jobs (PGlite: one connection for everything), so jobs stored together are fetched together.
 */
const wakeDelayMs = 50;

/** Advisory lock key (the migration lock is 727274001, the seed's 727274002). */
const queueCreationLock = 727274003;

type QueueOptions = {
  onError?: (error: Error) => void;
  /**
   * A web-only process (RUN_WORKER=false): it enqueues, the worker processes on the same database
   * run the jobs. No supervision, maintenance or cron timekeeping here; those belong to workers.
   * pg-boss's own schema is still installed if missing (under its advisory lock), so the start
   * order of web and worker processes does not matter.
   */
  sendOnly?: boolean;
  /**
   * Queues created at start-up, before any request: the ones jobs are sent to inside a request's
   * transaction (sendInTransaction), where creating a queue (DDL under a lock) has no place.
   */
  queues?: readonly string[];
};

/** The raw connection of a drizzle transaction (node-postgres PoolClient or PGlite Transaction). */
type RawQuery = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss runs its INSERT through any `{ executeSql }` given as `db` in the send options: this one
 * is the transaction's own connection, so the job row commits (or rolls back) with the caller's rows.
 */
function transactionExecutor(tx: DbOrTx) {
  const client = (tx as unknown as { session?: { client?: RawQuery } }).session?.client;
  if (!client || typeof client.query !== "function") {
    throw new Error("sendInTransaction needs a drizzle transaction (node-postgres or PGlite)");
  }
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

/**
 * A durable queue (pg-boss) on the application's own database: no extra server, and on
 * PostgreSQL several processes share the work safely (SKIP LOCKED). On PGlite it runs through
 * the same single connection as the app.
 */
export async function startJobQueue(database: Database, options: QueueOptions = {}): Promise<JobQueue> {
  const role = options.sendOnly ? { supervise: false, schedule: false } : {};
  const boss =
    database.driver === "postgres"
      ? new PgBoss({ connectionString: database.connectionString, max: options.sendOnly ? 2 : 4, ...role })
      : new PgBoss({ db: database.executor, ...role });
  boss.on("error", (error: Error) => options.onError?.(error));
  await boss.start();
  serializeQueueCreation(boss, database);
  const created = new Set<string>();
  const workerIds = new Map<string, string[]>();
  const wakeTimers = new Map<string, NodeJS.Timeout>();
  const notifyWorkers = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };

  async function ensureQueue(name: string) {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  }
  for (const name of options.queues ?? []) await ensureQueue(name);

  return {
    boss,
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      return sendOptions ? boss.send(name, data, sendOptions) : boss.send(name, data);
    },
    async sendInTransaction(tx, name, data, sendOptions) {
      if (!created.has(name)) {
        throw new Error(`Queue ${name} is not created at start-up; add it to the queue's \`queues\``);
      }
      const id = await boss.send(name, data, { ...sendOptions, db: transactionExecutor(tx) });
      // pg-boss answers null when its INSERT stored nothing (no such queue): the job would be lost.
      if (id === null && !sendOptions?.singletonKey) throw new Error(`Job for ${name} was not stored`);
      return id;
    },
    createdAtStart(name) {
      return created.has(name);
    },
    async work(name, handler, workOptions) {
      if (options.sendOnly) throw new Error(`This process only enqueues jobs (RUN_WORKER=false); cannot work ${name}`);
      await ensureQueue(name);
      const fetch = {
        pollingIntervalSeconds: workOptions?.pollingIntervalSeconds ?? 2,
        batchSize: workOptions?.batchSize ?? 1,
      };
      let workerId = "";
      workerId = await boss.work(name, fetch, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never, job.id);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            // Said where operators look: a job that keeps failing is otherwise only a row's state.
            options.onError?.(new Error(`Job ${job.id} of ${name} failed (retried while it may be): ${message}`));
            // Failing only this job: pg-boss would otherwise fail (and retry) the whole batch,
            // including the jobs that already succeeded. It completes the rest when we return.
            await boss.fail(name, job.id, { message });
          }
        }
        // A full batch: more are likely waiting, fetch again at once rather than after the interval.
        if (workOptions?.untilEmpty && jobs.length >= fetch.batchSize) boss.notifyWorker(workerId);
      });
      workerIds.set(name, [...(workerIds.get(name) ?? []), workerId]);
    },
    wake(name) {
      if (wakeTimers.has(name) || !workerIds.has(name)) return;
      const timer = setTimeout(() => {
        wakeTimers.delete(name);
        notifyWorkers(name);
      }, wakeDelayMs);
      timer.unref();
      wakeTimers.set(name, timer);
    },
    async stop(timeoutMs = 10_000) {
      for (const timer of wakeTimers.values()) clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

/**
 * pg-boss 10 creates a queue with DDL (a partition table, foreign keys on its shared job table).
 * Processes creating queues at the same moment, as several starting together on an empty
 * database do, deadlock and one fails to start. On PostgreSQL every creation therefore waits for
 * an advisory lock, held by a transaction on the app's own pool while pg-boss runs the DDL on its
 * connection, and skips one that exists by then. Patched on the instance so direct
 * `boss.createQueue` calls (queues with a policy) are covered too. PGlite is one process on one
 * connection: nothing to serialise.
 */
function serializeQueueCreation(boss: PgBoss, database: Database) {
  if (database.driver !== "postgres") return;
  const createQueue = boss.createQueue.bind(boss);
  const createOnce = (name: string, queueOptions?: PgBoss.Queue) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${queueCreationLock})`);
      // Made by another process meanwhile (the usual case when several start): no DDL at all.
      if (await boss.getQueue(name)) return;
      await createQueue(name, queueOptions);
    });
  boss.createQueue = async (name, queueOptions) => {
    // pg-boss's own start-up creates its cron queue outside this lock (its timekeeper calls the
    // manager directly), so a creation here can still meet that DDL in another process and be
    // chosen as the deadlock's victim: nothing was created, try again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await createOnce(name, queueOptions);
      } catch (error) {
        if (sqlState(error) !== "40P01" || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  };
}

/** The schema pg-boss uses (its default; startJobQueue does not change it). */
const pgBossSchema = sql.raw("pgboss");

/**
 * A multi-row job INSERT for a data-modifying CTE of one of our statements: the jobs commit with
 * the statement's other rows, so a submission and its email's send job are one statement and one
 * commit (decision 020). `rows` is an SQL query whose rows each give one job, in columns name
 * (text), data (json), retry_limit, retry_delay (int) and retry_backoff (boolean); no rows, no
 * jobs. The queue must have been created at start-up (JobQueue.createdAtStart): the insert joins
 * pgboss.queue and stores nothing otherwise.
 *
 * Every column is computed as pg-boss's own `insertJobs` plan (the statement behind `boss.insert`)
 * computes it for such a row, with pg-boss's defaults unset as in startJobQueue: the queue's
 * policy, dead letter, expiry and retention, its retry settings under the row's, and ON CONFLICT
 * DO NOTHING for the queue policies that keep one job per key. That plan runs the rows through
 * json_to_recordset and a defaults CTE, about a third more database CPU per job on the public
 * forms' path (decision 020, fifth look). The fast-path test proves the stored job equals what
 * `boss.send` stores, column by column, so a pg-boss upgrade that changes its columns fails there.
 */
export function jobsInsertSql(rows: SQL): SQL {
  return sql`insert into ${pgBossSchema}.job (id, name, data, priority, start_after, singleton_key, singleton_on,
      dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    select gen_random_uuid(), j.name, j.data::jsonb, 0, now(), null, null, q.dead_letter,
      coalesce(q.expire_seconds * interval '1s', interval '15 minutes'),
      now() + cast(coalesce((q.retention_minutes * 60)::text, '14 days') as interval),
      coalesce(j.retry_limit, q.retry_limit, 2),
      case when coalesce(j.retry_backoff, q.retry_backoff, false)
        then greatest(coalesce(j.retry_delay, q.retry_delay), 1)
        else coalesce(j.retry_delay, q.retry_delay, 0) end,
      coalesce(j.retry_backoff, q.retry_backoff, false), q.policy
    from (${rows}) as j join ${pgBossSchema}.queue as q on q.name = j.name
    on conflict do nothing
    returning id`;
}

/**
 * jobsInsertSql for a statement built in two variants: with a queue in this process, the jobs;
 * without one, a CTE of the same shape that inserts nothing.
 */
export function jobsInsertSqlIf(withJobs: boolean, rows: SQL): SQL {
  return withJobs ? jobsInsertSql(rows) : sql`select null::uuid as id where false`;
}
