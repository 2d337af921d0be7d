import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Where server tests put their data: in-memory PGlite by default, or a fresh PostgreSQL
 * database created for the test file when TEST_DATABASE_URL is set (dropped afterwards).
 */
export async function createTestDatabaseUrl(): Promise<{ databaseUrl?: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { databaseUrl: undefined, drop: async () => {} };
  const name = `rhq_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
