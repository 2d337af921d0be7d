import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database, SqlExecutor } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import type { FieldCipher } from "../../encryption/field-encryption";
import { hitAllows, hitColumns, hitCtes, type StatementHit } from "../../http/form-rate-limit";
import { type JobQueue, jobsInsertSql } from "../../jobs/queue";
import { sealJobData, unsealJobData } from "../../jobs/sealed-job-data";
import { activeRetreatStatuses } from "../retreats/retreats.service";

/**
 * The public forms' intake (decision 020, sixth look): a submission is answered once it is stored
 * durably as one sealed row, a job of its form's queue, by one statement (with the rate-limit
 * hit on PostgreSQL) and one commit; the worker then files it (the application, the subscriber,
 * the confirmation and its send job) through the form's own service, and in that same commit
 * removes the sealed copy from the job. Every address is the same row and the same work in the
 * request, so its timing tells nothing about which addresses are known.
 */
export const formIntakeQueues = { waitlist: "form.waitlist", application: "form.application" } as const;
export type FormIntakeQueue = (typeof formIntakeQueues)[keyof typeof formIntakeQueues];

/**
 * Whether the forms are answered through the intake here: on PostgreSQL with a queue. On PGlite the
 * database runs in this process's one thread, so handing the filing to a worker in the same
 * thread only adds the intake's write and the queue's fetch and completion to that thread
 * (measured: 0.35× → 0.13× of the one-INSERT baseline, p99 40 → 200 ms); there the request files
 * the submission itself, in one statement (decision 020, sixth look). Without a queue, likewise.
 */
export function answersThroughIntake(database: Database, queue: JobQueue | null): queue is JobQueue {
  return queue !== null && database.driver === "postgres";
}

/** A job's data: the submission sealed until it is filed, then only what names the filing. */
export type IntakeJobData = { sealed?: string; applicationId?: string };

/**
 * Retries with backoff: filing fails only while the database does, and a submission that was
 * answered must not be dropped after two quick tries (pg-boss's default). About half an hour.
 */
const intakeRetry = { limit: 10, delaySeconds: 2 };

const p = (name: string) => sql.placeholder(name);

/**
 * The intake in one statement: the job, only if within the rate limit (the hit counted by the same
 * statement, PostgreSQL) and, for an application, only if its retreat is open now.
 */
const intakeStatementSql = (withHit: boolean, withRetreat: boolean) =>
  preparedStatement(
    withRetreat ? "rhq_form_intake_retreat" : "rhq_form_intake",
    sql`with ${hitCtes(withHit)} ${
      withRetreat
        ? sql`open_retreat as (
      select 1 from ${retreats}
      where ${retreats.id} = ${p("retreatId")}::uuid and ${retreats.status} in (${sql.join(
        activeRetreatStatuses.map((status) => sql`${status}`),
        sql`, `,
      )})
    ),`
        : sql``
    }
    intake as (${jobsInsertSql(sql`select ${p("name")}::text as name, ${p("data")}::json as data,
      ${intakeRetry.limit}::int as retry_limit, ${intakeRetry.delaySeconds}::int as retry_delay, true as retry_backoff
      where ${hitAllows(withHit)} ${withRetreat ? sql`and exists (select 1 from open_retreat)` : sql``}`)})
    select (select count(*)::int from intake) as stored
      ${withRetreat ? sql`, (select count(*)::int from open_retreat) as retreats` : sql``} ${hitColumns(withHit)}`,
  );
/** By [with the rate-limit hit][with the retreat check]. */
const intakeStatement = [false, true].map((withHit) =>
  [false, true].map((withRetreat) => intakeStatementSql(withHit, withRetreat)),
);

type AcceptOptions = {
  queue: JobQueue;
  cipher: FieldCipher;
  /** The hit to count in the statement (PostgreSQL); settled here, throwing the 429 over the limit. */
  rateLimit?: StatementHit;
  /** An application's retreat, which must be open (else nothing is stored). */
  openRetreatId?: string;
  /** Data the job carries in clear (nothing personal: an id the filing will use). */
  clear?: Omit<IntakeJobData, "sealed">;
};

/**
 * Stores one submission as its form's job (sealed), in one statement and one commit, and wakes this
 * process's worker of that queue. `stored` is false only when the retreat is not open (nothing
 * stored then); over the rate limit it throws the 429 with nothing stored.
 */
export async function acceptFormSubmission(
  database: Database,
  name: FormIntakeQueue,
  submission: object,
  options: AcceptOptions,
): Promise<{ stored: boolean }> {
  if (!options.queue.createdAtStart(name)) {
    throw new Error(`Queue ${name} is not created at start-up; add it to the queue's \`queues\``);
  }
  const hit = options.rateLimit;
  const withRetreat = options.openRetreatId !== undefined;
  const data: IntakeJobData = { ...options.clear, sealed: sealJobData(options.cipher, name, submission) };
  const [outcome] = await intakeStatement[hit ? 1 : 0]![withRetreat ? 1 : 0]!.run<{
    stored: number;
    retreats?: number;
    rl_hits: number;
    rl_ttl: number;
  }>(database.executor, {
    ...hit?.values,
    retreatId: options.openRetreatId,
    name,
    data: JSON.stringify(data),
  });
  hit?.settle(outcome!);
  if (outcome!.stored !== 1) {
    if (withRetreat && outcome!.retreats === 0) return { stored: false };
    // pg-boss's queue exists (checked above): a job not stored here would be a lost submission.
    throw new Error(`The ${name} submission was not stored`);
  }
  options.queue.wake(name);
  return { stored: true };
}

/** The submission a job carries, or null once it has been filed (a job run again). */
export function unsealSubmission<T>(cipher: FieldCipher, name: FormIntakeQueue, data: IntakeJobData): T | null {
  return data.sealed ? unsealJobData<T>(cipher, name, data.sealed) : null;
}

/**
 * A queue's name as a literal in a statement, not a parameter: pgboss.job is partitioned by queue
 * name, and only a literal lets PostgreSQL prune the other queues' partitions when it plans the
 * prepared statement (with a parameter, every execution opens and locks each partition).
 */
const queueLiteral = (name: FormIntakeQueue) => {
  if (!Object.values(formIntakeQueues).includes(name)) throw new Error(`Not a form intake queue: ${name}`);
  return sql.raw(`'${name}'`);
};

/**
 * The filing statement's CTEs for one form's intake (placeholder `intakeJobId`): `intake_open`, the
 * intake job still holding its sealed copy, locked, so a second run (a stalled job taken again
 * while the first still runs) waits and then files nothing; gate the statement's inserts with
 * `intakeStillOpen`. And `intake_filed`, dropping the sealed copy when `filed` has a row: the
 * filing and the end of the copy are one commit. Each with a leading comma.
 */
export const intakeOpenCte = (name: FormIntakeQueue) => sql`, intake_open as (
    select 1 from pgboss.job
    where name = ${queueLiteral(name)} and id = ${p("intakeJobId")}::uuid and data ? 'sealed'
    for update
  )`;
export const intakeStillOpen = sql`exists (select 1 from intake_open)`;
export const intakeFiledCte = (name: FormIntakeQueue, filed: SQL) => sql`, intake_filed as (
    update pgboss.job set data = data - 'sealed'
    where name = ${queueLiteral(name)} and id = ${p("intakeJobId")}::uuid and exists (${filed})
    returning 1
  )`;

/**
 * The same inside a filing transaction: true when this run files the intake (its sealed copy is
 * dropped with the transaction's commit), false when another run filed it already.
 */
export async function markIntakeFiled(tx: DbOrTx, intake: { name: FormIntakeQueue; jobId: string }): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`update pgboss.job set data = data - 'sealed'
      where name = ${intake.name} and id = ${intake.jobId}::uuid and data ? 'sealed' returning 1`,
  );
  return rows.length === 1;
}

/**
 * The forms' queues' pace: up to 50 a fetch, filed one after another, the next fetch at once while
 * fetches come back full; else a poll every half second (a route's wake takes a new one sooner). A
 * burst is filed in the background by one worker per process while the requests are answered.
 */
const intakePace = { pollingIntervalSeconds: 0.5, batchSize: 50, untilEmpty: true };

/**
 * An intake job still active after this long belongs to a worker that died mid-batch (filing takes
 * milliseconds; pg-boss's own expiry is 15 minutes): it is made ready again. Filing twice is
 * harmless (the second run waits on the first's lock, then finds the sealed copy gone), so a live
 * peer's slow job taken again costs only time.
 */
const stalledAfterMs = 10_000;
const stalledSweepMs = 5_000;

/** Makes a queue's intake jobs active for longer than `olderThanMs` ready to be taken again. */
export async function requeueStalledIntakes(
  executor: SqlExecutor,
  name: FormIntakeQueue,
  olderThanMs: number,
): Promise<number> {
  const { rows } = await executor.executeSql(
    `update pgboss.job set state = 'retry', started_on = null
      where name = $1 and state = 'active' and started_on < now() - ($2::int * interval '1 millisecond')
      returning id`,
    [name, olderThanMs],
  );
  return rows.length;
}

/**
 * An erasure's part here: the intake jobs still holding a sealed submission (not filed yet, or
 * failing) whose submitter's or couple partner's address is `email`, deleted from `tables` (the
 * job table and its archive, those that exist). The copies are sealed, so each is opened to read
 * its addresses; one that does not open (another key) is left. Returns how many were deleted.
 */
export async function deleteUnfiledSubmissionsOf(
  tx: DbOrTx,
  cipher: FieldCipher,
  email: string,
  tables: readonly string[],
): Promise<number> {
  const wanted = email.trim().toLowerCase();
  let deleted = 0;
  for (const table of tables) {
    // The table name comes from the caller's to_regclass, never from input.
    const found = await tx.execute(
      sql`select id, name, data from ${sql.raw(table)}
        where name in (${sql.join(
          Object.values(formIntakeQueues).map((name) => sql`${name}`),
          sql`, `,
        )}) and data ? 'sealed'
        for update`,
    );
    const ids: string[] = [];
    for (const row of found.rows as { id: string; name: FormIntakeQueue; data: IntakeJobData }[]) {
      let submission: { entry?: { email?: string }; input?: { email?: string; partnerEmail?: string } } | null;
      try {
        submission = unsealSubmission(cipher, row.name, row.data);
      } catch {
        continue;
      }
      const addresses = [submission?.entry?.email, submission?.input?.email, submission?.input?.partnerEmail];
      if (addresses.some((address) => address?.trim().toLowerCase() === wanted)) ids.push(row.id);
    }
    if (ids.length === 0) continue;
    const gone = await tx.execute(
      sql`delete from ${sql.raw(table)} where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) returning id`,
    );
    deleted += gone.rows.length;
  }
  return deleted;
}

/**
 * Submissions answered but not filed yet (waiting, being filed or to be retried): /readyz reports
 * it, so a monitor sees a worker that stopped filing, and the bench waits for it to reach 0.
 */
export async function submissionsToFile(executor: SqlExecutor): Promise<number> {
  const { rows } = await executor.executeSql(
    "select count(*)::int as n from pgboss.job where name = any($1::text[]) and state in ('created', 'retry', 'active')",
    [Object.values(formIntakeQueues)],
  );
  return (rows[0] as { n: number }).n;
}

/**
 * Runs a form's intake queue in this process (PostgreSQL: on PGlite there are no intakes). An intake
 * left active by a worker that died mid-batch is taken again after stalledAfterMs, by a sweep
 * every few seconds.
 */
export async function workFormIntake(
  app: FastifyInstance,
  queue: JobQueue,
  name: FormIntakeQueue,
  file: (data: IntakeJobData, jobId: string) => Promise<void>,
): Promise<void> {
  if (!answersThroughIntake(app.database, queue)) return;
  await queue.work<IntakeJobData>(name, file, intakePace);
  const sweep = () =>
    requeueStalledIntakes(app.database.executor, name, stalledAfterMs)
      .then((n) => {
        if (n > 0) app.log.warn({ queue: name, count: n }, "stalled form submissions taken again");
      })
      .catch((error) => app.log.error({ err: error }, "intake sweep failed"));
  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = sweep();
  }, stalledSweepMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await sweeping;
  });
}
