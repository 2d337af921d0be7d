import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, emailLogs, emailSubscribers } from "../db/schema";
import { applicationKnownAddressJob, fileApplicationSubmission } from "../features/applications/applications.service";
import { formIntakeQueues, type IntakeJobData } from "../features/public-forms/form-intake.service";
import { waitlistKnownAddressJob } from "../features/waitlist/waitlist.service";
import { applicationPayload } from "./builders";
import { withFailingInserts } from "./failing-inserts";
import { settleFormJobs } from "./form-jobs";
import { createTestApp, type TestApp } from "./test-app";

/**
 * Decision 020: an accepted public submission is one durable commit, a single statement without
 * BEGIN and COMMIT: since the sixth look, the submission sealed as its form's intake job, the same
 * row for every address. The rate limit writes nothing durable (an unlogged table on PostgreSQL,
 * memory on PGlite), and no job is sent after the commit. The worker then files it, again in one
 * statement: its rows, the confirmation in the outbox and that email's send job, and the end of
 * the intake's sealed copy.
 */
let t: TestApp;
let app: FastifyInstance;
let transactions = 0;
const sentOutsideTransactions: string[] = [];
const autocommitStatements: string[] = [];

beforeAll(async () => {
  // With a worker on both drivers, so PGlite has a queue too.
  t = await createTestApp({ runWorker: true });
  app = t.app;
  // The intakes and the known-address jobs are run by settleFormJobs here, between the measured
  // windows, not by the worker (which could take one inside a window and add its commit to it).
  for (const name of [...Object.values(formIntakeQueues), waitlistKnownAddressJob, applicationKnownAddressJob]) {
    await app.queue!.boss.offWork(name);
  }
  const transaction = app.db.transaction.bind(app.db);
  app.db.transaction = ((...args: Parameters<typeof transaction>) => {
    // Only the submissions' own: the test app's worker sweeps commit in the background too.
    if (/features[\\/](waitlist|applications)[\\/]/.test(new Error().stack ?? "")) transactions++;
    return transaction(...args);
  }) as typeof transaction;
  const boss = app.queue!.boss;
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  (boss as unknown as { send: typeof send }).send = (...args: unknown[]) => {
    const options = args[2] as { db?: unknown } | undefined;
    if (!options?.db) sentOutsideTransactions.push(String(args[0]));
    return send(...args);
  };
  const executor = app.database.executor;
  const executeSql = executor.executeSql.bind(executor);
  executor.executeSql = (text, values) => {
    autocommitStatements.push(text);
    return executeSql(text, values);
  };
});
afterAll(async () => t?.close());

let ip = 0;

/** Statements outside a transaction that write durable rows: each is a commit of its own. */
const durableStatements = () =>
  autocommitStatements.filter((text) =>
    /insert into "?(pgboss\.job|email_logs|email_subscribers|applications)/i.test(text),
  );

async function measured<T extends { statusCode: number }>(post: () => Promise<T>) {
  transactions = 0;
  sentOutsideTransactions.length = 0;
  autocommitStatements.length = 0;
  const res = await post();
  return {
    status: res.statusCode,
    commits: transactions + durableStatements().length,
    sentOutsideTransactions: [...sentOutsideTransactions],
  };
}

/** What the request's window saw, for a failure's message (a rare failure on a busy machine). */
const seen = () =>
  JSON.stringify({
    durable: durableStatements().map((text) => text.replace(/\s+/g, " ").slice(0, 120)),
    sentOutsideTransactions,
    transactions,
  });

/** The one durable statement of the window: every row of it, in that statement; returns its text. */
function expectOneStatementHolding(tables: string[]): string {
  const [statement, ...others] = durableStatements();
  expect(others, seen()).toEqual([]);
  for (const table of tables) expect(statement).toMatch(new RegExp(`insert into "?${table.replace(".", "\\.")}`, "i"));
  expect(statement).not.toMatch(/^\s*begin/i);
  return statement!;
}

/** The request's one statement: only the intake job, none of the submission's own rows. */
function expectIntakeOnly(): string {
  const statement = expectOneStatementHolding(["pgboss.job"]);
  expect(statement).not.toMatch(/insert into "?(applications|email_subscribers|email_logs)/i);
  return statement;
}

/** PostgreSQL answers through the intake; PGlite files in the request (answersThroughIntake). */
const viaIntake = () => app.database.driver === "postgres";

/**
 * The request's commit and the filing's: through the intake, the request's one statement holds only
 * the intake job and the filing's one statement the submission's rows; on PGlite the request's
 * one statement holds the rows and nothing is left to file.
 */
async function expectStoredAndFiled(tables: string[]) {
  if (viaIntake()) {
    expectIntakeOnly();
    const filing = await filed();
    expect(filing, seen()).toEqual({ status: 0, commits: 1, sentOutsideTransactions: [] });
  } else {
    expect(await filed(), seen()).toEqual({ status: 0, commits: 0, sentOutsideTransactions: [] });
    return;
  }
  expectOneStatementHolding(tables);
}

/** Files what the requests left (the worker's part), as one measured window. */
async function filed() {
  return measured(async () => {
    await settleFormJobs(app);
    return { statusCode: 0 };
  });
}

/** Intake jobs of a form still holding a sealed copy (not filed yet). */
async function intakesToFile(name: string) {
  const { rows } = await app.database.executor.executeSql(
    "select count(*)::int as n from pgboss.job where name = $1 and data ? 'sealed'",
    [name],
  );
  return (rows[0] as { n: number }).n;
}

/**
 * The request's rate-limit hit: on PostgreSQL counted inside the submission's statement (one round
 * trip for the whole request: form-rate-limit.ts); on PGlite in memory, no statement at all.
 */
function expectRateLimitCountedInTheStatement() {
  if (app.database.driver === "pglite") {
    expect(autocommitStatements.filter((text) => text.includes("rate_limit_hits"))).toEqual([]);
    return;
  }
  // Counting is the upsert (the once-a-minute sweep of ended windows may run beside it).
  const counting = autocommitStatements.filter((text) => /insert into rate_limit_hits/i.test(text));
  expect(counting, seen()).toEqual([durableStatements()[0]]);
}

async function jobsFor(emailLogId: string) {
  const { rows } = await app.database.executor.executeSql(
    "select count(*)::int as n from pgboss.job where name = 'email.send' and data->>'emailLogId' = $1",
    [emailLogId],
  );
  return (rows[0] as { n: number }).n;
}

async function emailTo(address: string) {
  const [row] = await app.db
    .select({ id: emailLogs.id })
    .from(emailLogs)
    .where(sql`${emailLogs.recipientEmail} = ${address}`);
  return row;
}

describe("public POSTs: one durable commit per accepted submission", () => {
  it("POST /api/waitlist: one statement storing the sealed entry; the worker files it in one more", async () => {
    const outcome = await measured(() =>
      app.inject({
        method: "POST",
        url: "/api/waitlist",
        payload: { name: "Ada Lovelace", email: "one-commit-w@example.com" },
        remoteAddress: `198.18.0.${++ip}`,
      }),
    );
    expect(outcome, seen()).toEqual({ status: 200, commits: 1, sentOutsideTransactions: [] });
    // That commit is one statement; nothing durable besides: the rate limit is counted in an
    // unlogged table (PostgreSQL) or in memory (PGlite).
    expectRateLimitCountedInTheStatement();
    if (viaIntake()) {
      expectIntakeOnly();
      expect(await emailTo("one-commit-w@example.com")).toBeUndefined();
      // What the job carries is sealed: neither the name nor the address in clear.
      const { rows } = await app.database.executor.executeSql(
        "select data::text as data from pgboss.job where name = $1 and data ? 'sealed'",
        [formIntakeQueues.waitlist],
      );
      expect(rows).toHaveLength(1);
      expect((rows[0] as { data: string }).data).not.toMatch(/one-commit-w|Lovelace|198\.18/);
    } else {
      expectOneStatementHolding(["email_subscribers", "email_logs", "pgboss.job"]);
    }
    await expectStoredAndFiled(["email_subscribers", "email_logs", "pgboss.job"]);
    const email = await emailTo("one-commit-w@example.com");
    expect(email).toBeDefined();
    expect(await jobsFor(email!.id)).toBe(1);
    // Filed: the sealed copy went with the filing's commit.
    expect(await intakesToFile(formIntakeQueues.waitlist)).toBe(0);
  });

  it("POST /api/application: one statement storing the sealed application; filed under the id answered", async () => {
    const retreat = (await (await app.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string };
    let id = "";
    const outcome = await measured(async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/application",
        payload: applicationPayload(retreat.id, "one-commit-a@example.com"),
        remoteAddress: `198.18.0.${++ip}`,
      });
      id = res.json().id;
      return res;
    });
    expect(outcome).toEqual({ status: 201, commits: 1, sentOutsideTransactions: [] });
    expectRateLimitCountedInTheStatement();
    if (!viaIntake()) expectOneStatementHolding(["applications", "email_subscribers", "email_logs", "pgboss.job"]);
    await expectStoredAndFiled(["applications", "email_subscribers", "email_logs", "pgboss.job"]);
    const [application] = await app.db
      .select({ id: applications.id, email: applications.email })
      .from(applications)
      .where(eq(applications.id, id));
    expect(application).toEqual({ id, email: "one-commit-a@example.com" });
    const email = await emailTo("one-commit-a@example.com");
    expect(email).toBeDefined();
    expect(await jobsFor(email!.id)).toBe(1);
    expect(await intakesToFile(formIntakeQueues.application)).toBe(0);
  });

  it("an application to a retreat that is not open: 404, nothing stored", async () => {
    const outcome = await measured(() =>
      app.inject({
        method: "POST",
        url: "/api/application",
        payload: applicationPayload("00000000-0000-4000-8000-000000000000", "one-commit-closed@example.com"),
        remoteAddress: `198.18.0.${++ip}`,
      }),
    );
    expect(outcome.status).toBe(404);
    expect(await intakesToFile(formIntakeQueues.application)).toBe(0);
  });

  it("stores nothing when the intake job cannot be stored: a 500, never an answer without the row", async () => {
    let status = 0;
    await withFailingInserts(app.db, "pgboss.job", async () => {
      status = (
        await app.inject({
          method: "POST",
          url: "/api/waitlist",
          payload: { name: "Lost Job", email: "one-commit-lost@example.com" },
          remoteAddress: `198.18.0.${++ip}`,
        })
      ).statusCode;
    });
    expect(status).toBe(500);
    await settleFormJobs(app);
    const subscribers = await app.db
      .select({ id: emailSubscribers.id })
      .from(emailSubscribers)
      .where(sql`${emailSubscribers.email} = 'one-commit-lost@example.com'`);
    expect(subscribers).toEqual([]);
    expect(await emailTo("one-commit-lost@example.com")).toBeUndefined();
  });

  it("a known address is the same one statement as a new one; its merge happens when filed", async () => {
    const join = (email: string, name: string) =>
      app.inject({ method: "POST", url: "/api/waitlist", payload: { name, email }, remoteAddress: `198.18.0.${++ip}` });
    await measured(() => join("new-w@example.com", "New Person"));
    const forNew = durableStatements()[0];
    expect((await join("known-w@example.com", "Ada")).statusCode).toBe(200);
    await settleFormJobs(app);
    const again = await measured(() => join("Known-W@example.com", "Ada Lovelace"));
    expect(again).toEqual({ status: 200, commits: 1, sentOutsideTransactions: [] });
    if (viaIntake()) {
      // Word for word the statement a new address gets.
      expect(expectIntakeOnly()).toBe(forNew);
    } else {
      // The statement a new address gets, storing only the merge's job.
      expect(expectOneStatementHolding(["pgboss.job"])).toBe(forNew);
    }
    await settleFormJobs(app);
    // The merge as joinWaitlist does it: the last name filled in, no second welcome.
    const [subscriber] = await app.db
      .select()
      .from(emailSubscribers)
      .where(sql`lower(${emailSubscribers.email}) = 'known-w@example.com'`);
    expect(subscriber).toMatchObject({ firstName: "Ada", lastName: "Lovelace", segment: "waitlist" });
    const welcomes = await app.db
      .select({ id: emailLogs.id })
      .from(emailLogs)
      .where(sql`lower(${emailLogs.recipientEmail}) = 'known-w@example.com'`);
    expect(welcomes).toHaveLength(1);
  });

  it("an application from a known address: the same statement; filed, it confirms once even when run twice", async () => {
    const retreat = (await (await app.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string };
    await app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { name: "Grace", email: "known-a@example.com" },
      remoteAddress: `198.18.0.${++ip}`,
    });
    await settleFormJobs(app);
    const post = (email: string) =>
      app.inject({
        method: "POST",
        url: "/api/application",
        payload: applicationPayload(retreat.id, email),
        remoteAddress: `198.18.0.${++ip}`,
      });
    await measured(() => post("new-a@example.com"));
    const forNew = durableStatements()[0];
    if (!viaIntake()) await settleFormJobs(app);
    const outcome = await measured(() => post("known-a@example.com"));
    expect(outcome).toEqual({ status: 201, commits: 1, sentOutsideTransactions: [] });
    expect(viaIntake() ? expectIntakeOnly() : expectOneStatementHolding(["applications", "pgboss.job"])).toBe(forNew);
    // The worker taking the same intake twice (a stalled job taken again): filed once.
    const { rows } = await app.database.executor.executeSql(
      "select id, data from pgboss.job where name = $1 and data ? 'sealed' order by created_on",
      [formIntakeQueues.application],
    );
    const intakes = rows as { id: string; data: IntakeJobData }[];
    if (!viaIntake()) {
      // Filed in the request (PGlite): nothing to take twice; the known address's job confirms once.
      expect(intakes).toEqual([]);
      return;
    }
    const ctx = { publicUrl: app.config.publicUrl, queue: app.queue!, cipher: app.fieldCipher };
    for (const intake of intakes) {
      await Promise.all([
        fileApplicationSubmission(app.database, intake.data, intake.id, ctx),
        fileApplicationSubmission(app.database, intake.data, intake.id, ctx),
      ]);
      await fileApplicationSubmission(app.database, intake.data, intake.id, ctx);
    }
    await settleFormJobs(app);
    const known = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(sql`${applications.email} = 'known-a@example.com'`);
    expect(intakes).toHaveLength(2);
    expect(known.map((a) => a.id)).toEqual([intakes[1]!.data.applicationId]);
    const [subscriber] = await app.db
      .select()
      .from(emailSubscribers)
      .where(sql`${emailSubscribers.email} = 'known-a@example.com'`);
    // Moved to applicant, linked, names from the application; the waitlist's consent stays the proof.
    expect(subscriber).toMatchObject({ segment: "applicant", firstName: "Fault", lastName: "Tester" });
    expect(subscriber!.applicationId).toBe(known[0]!.id);
    const confirmations = await app.db
      .select({ id: emailLogs.id, kind: emailLogs.kind })
      .from(emailLogs)
      .where(sql`${emailLogs.recipientEmail} = 'known-a@example.com' and ${emailLogs.kind} = 'application_received'`);
    // One confirmation, however often its intake was run.
    expect(confirmations).toHaveLength(1);
    for (const confirmation of confirmations) expect(await jobsFor(confirmation.id)).toBe(1);
  });

  it("a couple whose partner has an address of their own: filed with both subscribers and confirmations", async () => {
    const retreat = (await (await app.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string };
    let id = "";
    const outcome = await measured(async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/application",
        payload: {
          ...applicationPayload(retreat.id, "couple-applicant@example.com"),
          applicationType: "couple",
          partnerFirstName: "Charles",
          partnerLastName: "Babbage",
          partnerEmail: "couple-partner@example.com",
        },
        remoteAddress: `198.18.0.${++ip}`,
      });
      id = res.json().id;
      return res;
    });
    expect(outcome).toEqual({ status: 201, commits: 1, sentOutsideTransactions: [] });
    if (viaIntake()) expectIntakeOnly();
    else expectOneStatementHolding(["applications", "email_subscribers", "email_logs", "pgboss.job"]);
    await settleFormJobs(app);
    const subscribers = await app.db
      .select()
      .from(emailSubscribers)
      .where(sql`${emailSubscribers.email} in ('couple-applicant@example.com', 'couple-partner@example.com')`);
    const byEmail = Object.fromEntries(subscribers.map((row) => [row.email, row]));
    expect(byEmail["couple-applicant@example.com"]).toMatchObject({ applicationId: id, marketingEmails: true });
    // The applicant ticked the consent boxes, not the partner.
    expect(byEmail["couple-partner@example.com"]).toMatchObject({
      applicationId: id,
      firstName: "Charles",
      marketingEmails: false,
      consentAt: null,
    });
    for (const address of ["couple-applicant@example.com", "couple-partner@example.com"]) {
      const email = await emailTo(address);
      expect(email, address).toBeDefined();
      expect(await jobsFor(email!.id)).toBe(1);
    }
  });
});
