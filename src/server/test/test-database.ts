import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client";

/**
 * Where server tests put their data: in-memory PGlite by default, or a fresh PostgreSQL
 * database created for the test file when TEST_DATABASE_URL is set (dropped afterwards).
 * `migrated` creates it from the run's migrated template (src/server/test/global-setup.ts)
 * instead of empty, for tests that are not about migrating.
 */
export async function createTestDatabaseUrl(
  options: { migrated?: boolean } = {},
): Promise<{ databaseUrl?: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { databaseUrl: undefined, drop: async () => {} };
  const name = `rhq_test_${randomBytes(6).toString("hex")}`;
  const template = options.migrated ? inject("migratedPostgresTemplate") : undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

let loaded: { file: string; snapshot: Blob } | undefined;

/**
 * The run's migrated PGlite database (src/server/test/global-setup.ts), to open in memory with
 * `memorySnapshot`; undefined outside a run that made one. Read once per test worker.
 */
export function migratedMemorySnapshot(): Blob | undefined {
  const file = inject("migratedPgliteFile");
  if (!file) return undefined;
  if (loaded?.file !== file) loaded = { file, snapshot: new Blob([readFileSync(file)]) };
  return loaded.snapshot;
}

/**
 * A migrated database of its own, without an app (from the run's migrated template when there is
 * one): for tests of seeds and invariants. `drop` removes it after `database.close()`.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const { databaseUrl, drop } = await createTestDatabaseUrl({ migrated: true });
  const memorySnapshot = databaseUrl ? undefined : migratedMemorySnapshot();
  const database = await openDatabase({ databaseUrl, dataDir: "memory://", memorySnapshot });
  // A no-op on the template; migrates when the run made none.
  await database.migrate();
  return { database, drop };
}
