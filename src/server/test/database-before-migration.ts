import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, migrationsFolder, openDatabase } from "../db/client";
import { createTestDatabaseUrl } from "./test-database";

/**
 * A database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set) migrated up to, but not
 * including, the migration whose tag starts with `tagPrefix`, so a test can write the data of
 * that time and then run `database.migrate()` to upgrade it.
 */
export async function databaseBeforeMigration(
  tagPrefix: string,
): Promise<{ database: Database; close: () => Promise<void> }> {
  const target = await createTestDatabaseUrl();
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: "memory://" });
  const before = mkdtempSync(join(tmpdir(), "rhq-migrations-"));
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  const underTest = journal.entries.find((entry) => entry.tag.startsWith(tagPrefix));
  if (!underTest) throw new Error(`No migration tagged ${tagPrefix}`);
  // Everything from this migration on is left out: the migrator skips any migration older than the
  // newest applied one, so a later migration applied first would stop this one from ever running.
  journal.entries = journal.entries.filter((entry) => entry.idx < underTest.idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  const migrate = database.driver === "pglite" ? migratePglite : migratePg;
  await migrate(database.db as never, { migrationsFolder: before });
  return {
    database,
    close: async () => {
      await database.close();
      await target.drop();
      rmSync(before, { recursive: true, force: true });
    },
  };
}
