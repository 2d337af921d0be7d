/**
 * Erasure matches the address exactly (any letter case), never as a substring: erasing x@y.io
 * must leave max@y.io's queued jobs and data alone, and still find every job that names x@y.io,
 * alone, as "Name <address>" or in a sentence.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, emailLogs, emailSubscribers } from "../../db/schema";
import { type JobQueue, startJobQueue } from "../../jobs/queue";
import { makeApplication, makeEmailLog, makeRetreat } from "../../test/fixtures/privacy";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let t: TestApp;
let queue: JobQueue;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  // No worker in tests: a queue of our own creates pg-boss's tables and holds jobs nobody runs.
  queue = await startJobQueue(t.app.database);
  owner = (await signedInAs(t.app, "owner")).cookie;
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

async function jobIds(): Promise<string[]> {
  const rows = await t.app.db.execute(sql`select id::text as id from pgboss.job`);
  return (rows.rows as { id: string }[]).map((r) => r.id);
}

describe("erasure by exact address", () => {
  it("erases x@y.io's jobs and data and leaves max@y.io's (and ax@y.io.uk's) untouched", async () => {
    const retreat = await makeRetreat(t.app, { endDate: "2030-06-10" });
    const maxApplication = await makeApplication(t.app, retreat, { email: "max@y.io" });
    const xApplication = await makeApplication(t.app, retreat, { email: "x@y.io" });
    await t.app.db.insert(emailSubscribers).values([{ email: "max@y.io" }, { email: "X@y.io" }]);
    const maxLog = await makeEmailLog(t.app, "max@y.io", "For Max");

    const send = async (data: object) => (await queue.send("test.privacy", data))!;
    const others = [
      await send({ to: "max@y.io" }),
      await send({ to: "Max <MAX@y.io>" }),
      await send({ to: "ax@y.io.uk" }),
      await send({ note: "forward to max@y.io or x@y.io.example" }),
      await send({ emailLogId: maxLog.id }),
    ];
    const xs = [
      await send({ to: "x@y.io" }),
      await send({ to: "X@Y.IO" }),
      await send({ message: { recipients: ["someone@else.example", "x@y.io"] } }),
      await send({ to: "Ex Ample <x@y.io>" }),
      await send({ note: "Please forward this to x@y.io." }),
    ];

    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/privacy/erase",
      headers: { cookie: owner },
      payload: { email: "x@y.io", confirmEmail: "x@y.io" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deleted.jobs).toBe(xs.length);

    const left = await jobIds();
    for (const id of others) expect(left, `job ${id} of someone else`).toContain(id);
    for (const id of xs) expect(left).not.toContain(id);

    const [max] = await t.app.db.select().from(applications).where(eq(applications.id, maxApplication.id));
    expect(max!.email).toBe("max@y.io");
    expect(await t.app.db.select().from(applications).where(eq(applications.id, xApplication.id))).toEqual([]);
    const subscribers = await t.app.db.select({ email: emailSubscribers.email }).from(emailSubscribers);
    expect(subscribers.map((s) => s.email)).toEqual(["max@y.io"]);
    expect(await t.app.db.select().from(emailLogs).where(eq(emailLogs.id, maxLog.id))).toHaveLength(1);
  });
});
