import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * Counting every match means reading every matching row, which at 100,000 rows costs more than
 * the page itself. Matches are counted exactly up to this many; beyond it the total is the
 * planner's estimate (fresh statistics make it close), flagged so the screen can say "about"
 * (docs/decisions/005 and 023).
 */
export const exactCountLimit = 1000;

export type ListTotal = { total: number; exact: boolean };

/**
 * The number of rows of `table` matching `where`: exact up to exactCountLimit, else the planner's
 * estimate, at least exactCountLimit + 1 and at most `atMost` (an exact upper bound the caller
 * may know, e.g. the total without the search).
 */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  atMost = Number.POSITIVE_INFINITY,
): Promise<ListTotal> {
  const condition = where ?? sql`true`;
  const counted = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${table} where ${condition} limit ${exactCountLimit + 1}) as capped`,
  );
  const n = Number((counted.rows[0] as { n: number | string } | undefined)?.n ?? 0);
  if (n <= exactCountLimit) return { total: n, exact: true };
  // More than the limit and at most one more: exactly that many.
  if (atMost <= exactCountLimit + 1) return { total: exactCountLimit + 1, exact: true };
  const explained = await db.execute(sql`explain (format json) select 1 from ${table} where ${condition}`);
  return { total: Math.min(atMost, Math.max(exactCountLimit + 1, planRows(explained.rows[0]))), exact: false };
}

/** "Plan Rows" of EXPLAIN (FORMAT JSON); drivers hand the plan over parsed or as text. */
function planRows(row: unknown): number {
  const raw = (row as Record<string, unknown> | undefined)?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[] | undefined;
  return Math.round(plan?.[0]?.Plan?.["Plan Rows"] ?? 0);
}
