/**
 * kill -9 during a journey sweep (issue 20): many accepted guests are due their welcome and
 * packing list; a child server sweeps and sends them into an SMTP sink, is killed part-way, and a
 * restarted server finishes. The promise (decision 019): no guest receives a message twice, every
 * journey message exists once, and one cut off mid-send is marked failed, never resent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import { openDatabase } from "../../db/client";
import { applications, retreats } from "../../db/schema";
import { startSmtpSink } from "../smtp-sink";
import { createTestDatabaseUrl } from "../test-database";
import { waitFor } from "../wait-for";
import { faultTestTimeoutMs, killAllServers, startServer } from "./fault-harness";

const guests = 250;
const expected = guests * 2; // welcome + packing (accepted 30 days before: the late packing rule)

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Target = { databaseUrl?: string; dataDir: string };

async function withDb<T>(target: Target, run: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>) {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    return await run(database.db);
  } finally {
    await database.close();
  }
}

async function journeyStatuses(target: Target) {
  return withDb(target, async (db) => {
    const rows = await db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from email_logs where kind like 'journey\\_%' group by status`,
    );
    return Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  });
}

async function killDuringSweep(target: Target) {
  const start = addDays(todayIn("UTC"), 30);
  await withDb(target, async (db) => {
    const [retreat] = await db
      .insert(retreats)
      .values({ name: "Kill", startDate: start, endDate: addDays(start, 7) })
      .returning();
    const acceptedAt = new Date();
    await db.insert(applications).values(
      Array.from({ length: guests }, (_, i) => ({
        retreatId: retreat!.id,
        firstName: `K${i}`,
        email: `journey-kill-${i}@example.com`,
        stage: "accepted",
        acceptedAt,
      })),
    );
  });
  const sink = await startSmtpSink({ keepRaw: false });
  cleanups.push(() => sink.close());
  // The outbox drains at EMAIL_RATE_PER_SECOND (default 10): a provider's pace, not this test's.
  const options = { ...target, smtpUrl: sink.url, env: { EMAIL_RATE_PER_SECOND: "100" } };
  const first = await startServer(options);
  await sink.waitForCount(Math.floor(expected / 4), 120_000);
  await first.kill9();
  const atKill = await journeyStatuses(target);
  const second = await startServer(options);
  // The database is the server's while it runs (PGlite: one process): wait on the sink. Rows in
  // limbo at the kill are given up, every other message arrives.
  await waitFor(
    async () => sink.received.length >= expected - (atKill.sending ?? 0),
    "the restarted server to finish the journey",
    120_000,
    250,
  );
  await new Promise((r) => setTimeout(r, 2_000));
  await second.stop();
  const after = await journeyStatuses(target);
  const per = new Map<string, number>();
  for (const m of sink.received) for (const to of m.to) per.set(to, (per.get(to) ?? 0) + 1);
  const sends = await withDb(target, async (db) =>
    Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from journey_sends`)).rows[0]!.n),
  );
  console.info(
    `journey kill -9 (${target.databaseUrl ? "PostgreSQL" : "PGlite"}): ${JSON.stringify({ atKill, after, received: sink.received.length })}`,
  );
  // The kill landed mid-journey, nothing was sent twice (each guest gets at most two distinct messages).
  expect(
    (atKill.queued ?? 0) + (atKill.sending ?? 0) + (expected - Object.values(atKill).reduce((a, b) => a + b, 0)),
  ).toBeGreaterThan(0);
  expect([...per.values()].every((n) => n <= 2)).toBe(true);
  expect(sink.received.length).toBeLessThanOrEqual(expected);
  expect(sends).toBe(expected);
  expect((after.sent ?? 0) + (after.failed ?? 0) + (after.sending ?? 0)).toBe(expected);
  expect(sink.received.length).toBeGreaterThanOrEqual(after.sent ?? 0);
}

describe("kill -9 during a journey sweep", () => {
  it(
    "PGlite on disk: the restarted process finishes, nobody gets a message twice",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "fault-journey-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await killDuringSweep({ dataDir });
    },
    faultTestTimeoutMs,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL (needs TEST_DATABASE_URL): nobody gets a message twice",
    async () => {
      const { databaseUrl, drop } = await createTestDatabaseUrl();
      cleanups.push(drop);
      await killDuringSweep({ databaseUrl, dataDir: "memory://" });
    },
    faultTestTimeoutMs,
  );
});
