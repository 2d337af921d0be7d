import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated in-memory PGlite database's files (see migratedMemorySnapshot). */
    migratedPgliteFile?: string;
    /** With TEST_DATABASE_URL: a migrated database that test databases are created from. */
    migratedPostgresTemplate?: string;
  }
}

/**
 * Migrates one database per run, before any test file: booting a fresh PGlite (initdb) and
 * migrating it took most of a server test file's set-up. Test apps start from a copy instead.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "rhq-vitest-"));
  const file = join(folder, "migrated-pglite.tar");
  const memory = await openDatabase({ dataDir: "memory://" });
  try {
    await memory.migrate();
    const snapshot = await memory.snapshot!();
    writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  } finally {
    await memory.close();
  }
  project.provide("migratedPgliteFile", file);

  const base = process.env.TEST_DATABASE_URL;
  const template = base ? `rhq_template_${randomBytes(6).toString("hex")}` : undefined;
  if (base && template) {
    await adminQuery(base, `create database ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
    try {
      await database.migrate();
    } finally {
      // CREATE DATABASE ... TEMPLATE needs the template to have no open connection.
      await database.close();
    }
    project.provide("migratedPostgresTemplate", template);
  }

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (base && template) await adminQuery(base, `drop database if exists ${template} with (force)`);
  };
}

async function adminQuery(connectionString: string, text: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
