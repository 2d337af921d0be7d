import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLogs, emailSubscribers } from "../db/schema";
import { completeKnownAddressApplication } from "../features/applications/applications.service";
import { applicationPayload } from "./builders";
import { withFailingInserts } from "./failing-inserts";
import { settleFormJobs } from "./form-jobs";
import { createTestApp, type TestApp } from "./test-app";

/**
 * Decision 020: an accepted public submission is one durable commit: its rows, its confirmation
 * email in the outbox and that email's send job, in the one transaction of the request; for a new
 * address (the addendum) that transaction is a single statement, without BEGIN and COMMIT. The
 * rate limit writes nothing durable (an unlogged table on PostgreSQL, memory on PGlite), and no
 * job is sent after the commit.
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

async function measured(post: () => Promise<{ statusCode: number }>) {
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

/** The one statement that stored a new address's submission: every row of it, in that statement. */
function expectOneStatementHolding(tables: string[]) {
  const [statement, ...others] = durableStatements();
  expect(others, seen()).toEqual([]);
  for (const table of tables) expect(statement).toMatch(new RegExp(`insert into "?${table.replace(".", "\\.")}`, "i"));
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
  it("POST /api/waitlist: one transaction holding the subscriber, the welcome and its send job", async () => {
    const outcome = await measured(() =>
      app.inject({
        method: "POST",
        url: "/api/waitlist",
        payload: { name: "Ada Lovelace", email: "one-commit-w@example.com" },
        remoteAddress: `198.18.0.${++ip}`,
      }),
    );
    expect(outcome, seen()).toEqual({ status: 200, commits: 1, sentOutsideTransactions: [] });
    // That commit is one statement with the subscriber, the welcome and its job; nothing durable
    // besides: the rate limit is counted in an unlogged table (PostgreSQL) or in memory (PGlite),
    // and no job is inserted after the commit.
    expectOneStatementHolding(["email_subscribers", "email_logs", "pgboss.job"]);
    expectRateLimitCountedInTheStatement();
    const email = await emailTo("one-commit-w@example.com");
    expect(email).toBeDefined();
    expect(await jobsFor(email!.id)).toBe(1);
  });

  it("POST /api/application: one transaction holding the application, the subscriber, the confirmation and its job", async () => {
    const retreat = (await (await app.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string };
    const outcome = await measured(() =>
      app.inject({
        method: "POST",
        url: "/api/application",
        payload: applicationPayload(retreat.id, "one-commit-a@example.com"),
        remoteAddress: `198.18.0.${++ip}`,
      }),
    );
    expect(outcome).toEqual({ status: 201, commits: 1, sentOutsideTransactions: [] });
    expectOneStatementHolding(["applications", "email_subscribers", "email_logs", "pgboss.job"]);
    expectRateLimitCountedInTheStatement();
    const email = await emailTo("one-commit-a@example.com");
    expect(email).toBeDefined();
    expect(await jobsFor(email!.id)).toBe(1);
  });

  it("stores nothing when the send job cannot be stored: the job is part of the submission's commit", async () => {
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
    const subscribers = await app.db
      .select({ id: emailSubscribers.id })
      .from(emailSubscribers)
      .where(sql`${emailSubscribers.email} = 'one-commit-lost@example.com'`);
    expect(subscribers).toEqual([]);
    expect(await emailTo("one-commit-lost@example.com")).toBeUndefined();
  });
  it("a known address is the same one statement: its merge is a job stored in it, done after the response", async () => {
    const join = (email: string, name: string) =>
      app.inject({ method: "POST", url: "/api/waitlist", payload: { name, email }, remoteAddress: `198.18.0.${++ip}` });
    expect((await join("known-w@example.com", "Ada")).statusCode).toBe(200);
    await settleFormJobs(app);
    const again = await measured(() => join("Known-W@example.com", "Ada Lovelace"));
    expect(again).toEqual({ status: 200, commits: 1, sentOutsideTransactions: [] });
    expectOneStatementHolding(["pgboss.job"]);
    expect(durableStatements()[0]).not.toMatch(/^\s*begin/i);
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

  it("an application from a known address: one statement with the application and the job that confirms it", async () => {
    const retreat = (await (await app.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string };
    await app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { name: "Grace", email: "known-a@example.com" },
      remoteAddress: `198.18.0.${++ip}`,
    });
    await settleFormJobs(app);
    let id = "";
    const outcome = await measured(async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/application",
        payload: applicationPayload(retreat.id, "known-a@example.com"),
        remoteAddress: `198.18.0.${++ip}`,
      });
      id = res.json().id;
      return res;
    });
    expect(outcome).toEqual({ status: 201, commits: 1, sentOutsideTransactions: [] });
    expectOneStatementHolding(["applications", "pgboss.job"]);
    await settleFormJobs(app);
    const [subscriber] = await app.db
      .select()
      .from(emailSubscribers)
      .where(sql`${emailSubscribers.email} = 'known-a@example.com'`);
    // Moved to applicant, linked, names from the application; the waitlist's consent stays the proof.
    expect(subscriber).toMatchObject({
      segment: "applicant",
      applicationId: id,
      firstName: "Fault",
      lastName: "Tester",
    });
    const confirmations = await app.db
      .select({ id: emailLogs.id, kind: emailLogs.kind })
      .from(emailLogs)
      .where(sql`${emailLogs.recipientEmail} = 'known-a@example.com' and ${emailLogs.kind} = 'application_received'`);
    expect(confirmations).toHaveLength(1);
    expect(await jobsFor(confirmations[0]!.id)).toBe(1);
    // The job may run twice (at least once): the second run changes nothing.
    const [job] = (
      await app.database.executor.executeSql(
        "select data from pgboss.job where name = 'application.known-address' and data->>'applicationId' = $1",
        [id],
      )
    ).rows as { data: Parameters<typeof completeKnownAddressApplication>[1] }[];
    // What the job carries about the person is sealed: not the visitor's address in clear.
    expect(JSON.stringify(job!.data)).not.toMatch(/198\.18\.0\./);
    await completeKnownAddressApplication(app.db, job!.data, {
      publicUrl: app.config.publicUrl,
      queue: app.queue,
      cipher: app.fieldCipher,
    });
    const after = await app.db
      .select({ id: emailLogs.id })
      .from(emailLogs)
      .where(sql`${emailLogs.recipientEmail} = 'known-a@example.com' and ${emailLogs.kind} = 'application_received'`);
    expect(after).toHaveLength(1);
  });
  it("a couple whose partner has an address of their own: one statement; the partner's part is a job, known or not", async () => {
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
    expectOneStatementHolding(["applications", "email_subscribers", "email_logs", "pgboss.job"]);
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
