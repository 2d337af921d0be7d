import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applications, emailLogs, emailSubscribers, emailTemplates, retreats } from "../db/schema";
import { emailSendJob, sendJobOptions } from "../email/outbox";
import { insertRetreat } from "./builders";
import { settleFormJobs } from "./form-jobs";
import { createTestApp, type TestApp } from "./test-app";

/**
 * Decision 020, addendum: a public submission from a new address is one statement, its email
 * rendered beforehand from a per-process cache (the template row, the retreat's name). The cache
 * is never trusted: the statement checks it, so whatever changes (in this process, another one or
 * by hand in the database) the next submission sees. And the send job the statement stores with
 * pg-boss's own insert is the job `boss.send` would store.
 */
let t: TestApp;
let app: FastifyInstance;
let retreatId: string;
let ip = 0;

beforeAll(async () => {
  // With a worker, so PGlite has a queue and the statement stores jobs on both drivers.
  t = await createTestApp({ runWorker: true });
  app = t.app;
  retreatId = ((await (await app.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string }).id;
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await app.db.delete(emailLogs);
  await app.db.delete(emailSubscribers);
  await app.db.delete(applications);
});

/** A request, and then what it left to the worker filed (PostgreSQL answers through the intake). */
async function settled<T>(request: Promise<T>): Promise<T> {
  const res = await request;
  await settleFormJobs(app);
  return res;
}

const join = (email: string, name = "Ada Lovelace") =>
  settled(
    app.inject({ method: "POST", url: "/api/waitlist", payload: { name, email }, remoteAddress: `198.18.1.${++ip}` }),
  );

const apply = (email: string, overrides: Record<string, unknown> = {}) =>
  settled(
    app.inject({
      method: "POST",
      url: "/api/application",
      payload: {
        retreatId,
        firstName: "Grace",
        lastName: "Hopper",
        email,
        motivations: "I want to learn effective advocacy with people who care about animals as much as I do.",
        advocacyInvolvement: "Street outreach every month for three years.",
        consentGdpr: true,
        consentMarketing: true,
        ...overrides,
      },
      remoteAddress: `198.18.2.${++ip}`,
    }),
  );

async function emailTo(address: string) {
  const rows = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, address));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

const defaultRow = (name: string) => and(eq(emailTemplates.name, name), isNull(emailTemplates.retreatId));

describe("the cached template and retreat are checked by the submission's statement", () => {
  it("an edited waitlist welcome, switched off and on again, is what the next join sends", async () => {
    expect((await join("cache-1@example.com")).statusCode).toBe(200);
    expect((await emailTo("cache-1@example.com"))!.subject).toBe("You're on the waitlist for our Bali retreat");

    await app.db
      .update(emailTemplates)
      .set({ subject: "Welcome aboard, {{ firstName }}", body: "Edited welcome for {{ firstName }}." })
      .where(defaultRow("waitlist_welcome"));
    expect((await join("cache-2@example.com")).statusCode).toBe(200);
    const edited = (await emailTo("cache-2@example.com"))!;
    expect(edited.subject).toBe("Welcome aboard, Ada");
    expect(edited.body).toContain("Edited welcome for Ada.");
    // And the one after it too (the refreshed cache, through the one statement again).
    expect((await join("cache-3@example.com")).statusCode).toBe(200);
    expect((await emailTo("cache-3@example.com"))!.subject).toBe("Welcome aboard, Ada");

    await app.db.update(emailTemplates).set({ isActive: false }).where(defaultRow("waitlist_welcome"));
    expect((await join("cache-4@example.com")).statusCode).toBe(200);
    expect(await emailTo("cache-4@example.com")).toBeUndefined();
    const [subscriber] = await app.db
      .select()
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, "cache-4@example.com"));
    expect(subscriber).toMatchObject({ segment: "waitlist", tags: ["waitlist"] });

    await app.db.update(emailTemplates).set({ isActive: true }).where(defaultRow("waitlist_welcome"));
    expect((await join("cache-5@example.com")).statusCode).toBe(200);
    expect((await emailTo("cache-5@example.com"))!.subject).toBe("Welcome aboard, Ada");
  });

  it("the current season's own copy of the welcome is what the next join sends", async () => {
    expect((await join("season-1@example.com")).statusCode).toBe(200);
    await app.db.insert(emailTemplates).values({
      name: "waitlist_welcome",
      retreatId,
      subject: "This season's welcome",
      body: "Season copy for {{ firstName }}.",
    });
    try {
      expect((await join("season-2@example.com")).statusCode).toBe(200);
      expect((await emailTo("season-2@example.com"))!.subject).toBe("This season's welcome");
    } finally {
      await app.db
        .delete(emailTemplates)
        .where(and(eq(emailTemplates.name, "waitlist_welcome"), eq(emailTemplates.retreatId, retreatId)));
    }
  });

  it("an application's confirmation follows a renamed retreat and an edited template; a closed retreat is a 404", async () => {
    expect((await apply("apply-1@example.com")).statusCode).toBe(201);
    const [before] = await app.db.select({ name: retreats.name }).from(retreats).where(eq(retreats.id, retreatId));
    expect((await emailTo("apply-1@example.com"))!.body).toContain(before!.name);

    await app.db.update(retreats).set({ name: "Renamed Retreat 2027" }).where(eq(retreats.id, retreatId));
    try {
      expect((await apply("apply-2@example.com")).statusCode).toBe(201);
      expect((await emailTo("apply-2@example.com"))!.body).toContain("Renamed Retreat 2027");

      await app.db
        .update(emailTemplates)
        .set({ subject: "Got it, {{ firstName }}", body: "Edited confirmation for {{ retreatName }}." })
        .where(defaultRow("application_received"));
      expect((await apply("apply-3@example.com")).statusCode).toBe(201);
      const edited = (await emailTo("apply-3@example.com"))!;
      expect(edited.subject).toBe("Got it, Grace");
      expect(edited.body).toContain("Edited confirmation for Renamed Retreat 2027.");

      await app.db.update(retreats).set({ status: "closed" }).where(eq(retreats.id, retreatId));
      const closed = await apply("apply-4@example.com");
      expect(closed.statusCode).toBe(404);
      expect(closed.json()).toMatchObject({ message: "No active retreat found at this time." });
      expect(await app.db.select().from(applications).where(eq(applications.email, "apply-4@example.com"))).toEqual([]);
    } finally {
      await app.db.update(retreats).set({ name: before!.name, status: "open" }).where(eq(retreats.id, retreatId));
    }
  });

  it("an unknown retreat is a 404 and stores nothing", async () => {
    const other = await insertRetreat(app, { status: "closed" });
    const res = await apply("closed@example.com", { retreatId: other.id });
    expect(res.statusCode).toBe(404);
    expect(await app.db.select().from(applications)).toEqual([]);
    expect(await app.db.select().from(emailSubscribers)).toEqual([]);
  });
});

describe("the one statement and the transaction give the same outcome", () => {
  it("simultaneous applications from one new address: every application, one subscriber, every confirmation", async () => {
    const results = await Promise.all([1, 2, 3].map(() => apply("race@example.com")));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    // A request that found the address known left the applicant's merge to its job.
    await settleFormJobs(app);
    const stored = await app.db.select().from(applications).where(eq(applications.email, "race@example.com"));
    expect(stored).toHaveLength(3);
    const subscribers = await app.db.select().from(emailSubscribers);
    expect(subscribers).toHaveLength(1);
    expect(stored.map((a) => a.id)).toContain(subscribers[0]!.applicationId);
    const emails = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, "race@example.com"));
    expect(emails).toHaveLength(3);
  });

  it("a waitlister who applies becomes an applicant, linked to the application, and is confirmed", async () => {
    expect((await join("both@example.com", "Grace Hopper")).statusCode).toBe(200);
    const res = await apply("both@example.com");
    expect(res.statusCode).toBe(201);
    await settleFormJobs(app);
    const [subscriber] = await app.db.select().from(emailSubscribers);
    expect(subscriber).toMatchObject({ segment: "applicant", applicationId: res.json().id, tags: ["waitlist"] });
    const kinds = (await app.db.select({ kind: emailLogs.kind }).from(emailLogs)).map((e) => e.kind).sort();
    expect(kinds).toEqual(["application_received", "waitlist_welcome"]);
  });
});

describe("the send job stored by the statement", () => {
  it("equals the job boss.send stores with the same options, in every column that is not per job", async () => {
    expect((await join("job@example.com")).statusCode).toBe(200);
    const email = (await emailTo("job@example.com"))!;
    const sentId = await app.queue!.boss.send(emailSendJob, { emailLogId: "reference" }, sendJobOptions());
    const columns = `name, priority, retry_limit, retry_delay, retry_backoff, expire_in, singleton_key, singleton_on,
      dead_letter, policy, keep_until - start_after as kept_for, start_after - created_on as delayed_by`;
    const read = async (where: string, value: string) => {
      const { rows } = await app.database.executor.executeSql(
        `select ${columns} from pgboss.job where ${where} = $1
         union all select ${columns} from pgboss.archive where ${where} = $1`,
        [value],
      );
      expect(rows).toHaveLength(1);
      return rows[0] as Record<string, unknown>;
    };
    const fromStatement = await read("data->>'emailLogId'", email.id);
    const fromSend = await read("id::text", sentId!);
    expect(fromStatement).toEqual(fromSend);
    expect(fromStatement).toMatchObject({ name: "email.send", retry_limit: 10, retry_backoff: true });
    await app.database.executor.executeSql("delete from pgboss.job where id = $1", [sentId]);
  });

  it("is stored for every confirmation, so the worker sends it", async () => {
    expect((await apply("sent@example.com")).statusCode).toBe(201);
    const email = (await emailTo("sent@example.com"))!;
    // No SMTP in tests: the worker records the email as logged once its job ran.
    const deadline = Date.now() + 15_000;
    let status = email.status;
    while (status === "queued" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await emailTo("sent@example.com"))!.status;
    }
    expect(status).toBe("logged");
  });
});
