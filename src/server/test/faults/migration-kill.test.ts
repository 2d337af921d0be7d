/**
 * kill -9 during a migration of a fresh database, then the migration run again: the database must
 * end fully migrated and usable. The child says when migrate() starts; the kill lands after a
 * random part of a measured migration's duration, and the test counts how many kills landed
 * mid-migration (started, not finished) and requires most of them to.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsApplied, openDatabase } from "../../db/client";
import { retreats } from "../../db/schema";
import { seedBaseData } from "../../db/seed";
import { createTestDatabaseUrl } from "../test-database";
import { faultTestTimeoutMs, killAllServers, migrateChild } from "./fault-harness";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Migrates again (what start-up does) and checks the database takes the base data and a query. */
async function rerunAndUse(db: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(db);
  try {
    await database.migrate();
    expect(await migrationsApplied(database)).toBe(true);
    await seedBaseData(database.db);
    const [row] = await database.db.select({ n: count() }).from(retreats);
    expect(row!.n).toBeGreaterThan(0);
  } finally {
    await database.close();
  }
}

/**
 * Kills at random points of the migration window until `wanted` landed mid-way (or `iterations`
 * were tried); every run, mid-way or not, must leave a database the rerun completes. The timing
 * is calibrated once; on a machine whose load changes between runs a kill can land after the
 * commit, so a few spare attempts keep the test about the property, not about the machine's mood.
 */
async function killRepeatedly(
  fresh: () => Promise<{ databaseUrl?: string; dataDir: string }>,
  iterations: number,
  wanted = iterations,
) {
  const calibration = await migrateChild(await fresh());
  expect(calibration.finished).toBe(true);
  let during = 0;
  for (let i = 0; i < iterations && during < wanted; i++) {
    const db = await fresh();
    // Uniform over the first 60% of a measured run: early enough to land before the commit.
    const killAfterMs = Math.floor(Math.random() * calibration.ms * 0.6);
    const run = await migrateChild(db, killAfterMs);
    if (run.started && !run.finished) during += 1;
    console.info(
      `migration kill ${i + 1}/${iterations} at ${killAfterMs} ms of ~${calibration.ms} ms: ${run.finished ? "after" : "during"}`,
    );
    await rerunAndUse(db);
  }
  return { during, calibrationMs: calibration.ms };
}

describe("kill -9 during a migration", () => {
  it(
    "PGlite on disk: the rerun completes the migration and the database is usable",
    async () => {
      const root = mkdtempSync(join(tmpdir(), "fault-migrate-"));
      cleanups.push(() => rmSync(root, { recursive: true, force: true }));
      // A fresh, empty PGlite directory made once and copied (initdb is the slow part).
      const template = join(root, "template");
      mkdirSync(template, { recursive: true });
      const pglite = new PGlite(join(template, "pglite"));
      await pglite.waitReady;
      await pglite.close();
      let n = 0;
      const fresh = async () => {
        const dataDir = join(root, `db-${n++}`);
        cpSync(template, dataDir, { recursive: true });
        return { dataDir };
      };
      // Up to four kills until one lands mid-way: the first open of a copy is slow on a shared machine; the drills run more.
      const { during } = await killRepeatedly(fresh, 4, 1);
      expect(during).toBeGreaterThanOrEqual(1);
    },
    faultTestTimeoutMs,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL (needs TEST_DATABASE_URL): the rerun completes the migration and the database is usable",
    async () => {
      const fresh = async () => {
        const { databaseUrl, drop } = await createTestDatabaseUrl();
        cleanups.push(drop);
        return { databaseUrl, dataDir: "memory://" };
      };
      const { during } = await killRepeatedly(fresh, 6, 2);
      expect(during).toBeGreaterThanOrEqual(2);
    },
    faultTestTimeoutMs,
  );
});
