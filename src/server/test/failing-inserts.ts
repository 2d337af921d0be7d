import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Makes writes to one table fail while `run` runs, as a broken disk or a bug would: inserts (or
 * `on: "insert or update"`), optionally only rows matching the SQL condition `when`, raising
 * `message` ("simulated failure" unless told).
 */
export async function withFailingInserts(
  db: Db,
  table: string,
  run: () => Promise<void>,
  options: { when?: string; message?: string; on?: "insert" | "insert or update" } = {},
) {
  const message = (options.message ?? "simulated failure").replaceAll("'", "''");
  await db.execute(
    sql.raw(`create function test_fail_write() returns trigger language plpgsql as $$
      begin raise exception '${message}'; end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger test_fail_write before ${options.on ?? "insert"} on ${table} for each row when (${options.when ?? "true"}) execute function test_fail_write()`,
    ),
  );
  try {
    await run();
  } finally {
    await db.execute(sql.raw(`drop trigger test_fail_write on ${table}`));
    await db.execute(sql`drop function test_fail_write()`);
  }
}
