import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";
import { spawnScript } from "../test/server-process";
import { verifyPassword } from "./password";

// `npm run user:create`, run as a person runs it: its own process on the embedded database.
const dataDir = mkdtempSync(join(tmpdir(), "rhq-user-create-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function userCreate(...args: string[]) {
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  const started = spawnScript("src/server/auth/user-create-cli.ts", env, { args });
  return { code: await started.exited, output: started.output() };
}

async function storedUsers() {
  const database = await openDatabase({ dataDir });
  try {
    return await database.db.select().from(users).orderBy(sql`${users.email}`);
  } finally {
    await database.close();
  }
}

it("creates a user, updates the same address in any case, and refuses bad input with the usage", async () => {
  const created = await userCreate(
    "--email",
    "Olive@Example.com",
    "--password",
    "a long first passphrase",
    "--role",
    "owner",
    "--first-name",
    "Olive",
  );
  expect(created, created.output).toMatchObject({ code: 0 });
  expect(created.output).toContain("Created owner olive@example.com.");

  const updated = await userCreate(
    "--email",
    "OLIVE@example.com",
    "--password",
    "a second passphrase",
    "--role",
    "staff",
  );
  expect(updated, updated.output).toMatchObject({ code: 0 });
  expect(updated.output).toContain("Updated staff olive@example.com.");

  const tooShort = await userCreate("--email", "sam@example.com", "--password", "short", "--role", "staff");
  expect(tooShort.code).toBe(2);
  expect(tooShort.output).toContain("Password must be at least 12 characters.");
  expect(tooShort.output).toContain("Usage: npm run user:create");

  const missing = await userCreate("--email", "sam@example.com");
  expect(missing.code).toBe(2);
  expect(missing.output).toContain("Usage: npm run user:create");

  const rows = await storedUsers();
  expect(rows.map((u) => [u.email, u.role, u.firstName])).toEqual([["olive@example.com", "staff", "Olive"]]);
  expect(await verifyPassword(rows[0]!.passwordHash!, "a second passphrase")).toBe(true);
  expect(await verifyPassword(rows[0]!.passwordHash!, "a long first passphrase")).toBe(false);
}, 120_000);
