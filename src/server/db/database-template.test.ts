import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "./client";
import { writeDatabaseTemplate } from "./database-template";
import { retreats } from "./schema";

let dir: string;
let template: string;
const migrationCount = (
  JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rhq-template-"));
  template = join(dir, "pglite-template.tar");
  await writeDatabaseTemplate(template);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function appliedMigrations(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir, pgliteTemplate: template });
  try {
    const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return (result.rows[0] as { n: number }).n;
  } finally {
    await database.close();
  }
}

describe("the build's database template", () => {
  it("gives an empty data directory every migration, without running them", async () => {
    expect(await appliedMigrations(join(dir, "first-start"))).toBe(migrationCount);
  });

  it("is never loaded over a database that exists: its rows stay", async () => {
    const dataDir = join(dir, "existing");
    const database = await openDatabase({ dataDir, pgliteTemplate: template });
    await database.migrate();
    await database.db.insert(retreats).values({ name: "Kept" });
    await database.close();

    const again = await openDatabase({ dataDir, pgliteTemplate: template });
    const names = (await again.db.select().from(retreats)).map((r) => r.name);
    await again.close();
    expect(names).toEqual(["Kept"]);
  });
});
