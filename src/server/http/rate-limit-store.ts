import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import type { Database, SqlExecutor } from "../db/client";

export type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;
type ChildOptions = RateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired rows are equivalent to missing ones (the upsert restarts them), so deleting them is only housekeeping. */
export const sweepEveryMs = 60_000;

/**
 * One statement per hit (a named prepared statement: parsed and planned once per connection), so concurrent hits from any number of processes serialise on the row
 * lock and add up exactly. Both CASEs read the old row: a window that has ended starts again at 1.
 * The database clock decides, so processes whose clocks disagree still share one window.
 */
export const incrSql = hitUpsertSql("$1", "$2");

/**
 * The upsert counting one hit for the key, in a window of `windowMs` milliseconds (SQL expressions:
 * parameters), returning the hits so far and the window's remaining milliseconds. Also a CTE of the
 * public forms' statements (form-rate-limit.ts), so both count alike in one table.
 */
export function hitUpsertSql(key: string, windowMs: string): string {
  return `
insert into rate_limit_hits as r (key, hits, reset_at)
values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
on conflict (key) do update set
  hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
  reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl`;
}

/** Counts one hit for `key` (its store's prefix included) in a statement of its own. */
export async function countHit(executor: SqlExecutor, key: string, windowMs: number): Promise<Counter> {
  const { rows } = await executor.executeSql(incrSql, [key, windowMs], { name: "rhq_rate_limit_incr" });
  const row = rows[0] as { hits: number | string; ttl: number | string };
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

const readSql = `
select hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl
from rate_limit_hits where key = $1 and reset_at > now()`;

const sweepSql = "delete from rate_limit_hits where reset_at <= now()";

type Shared = { executor: SqlExecutor; log: FastifyBaseLogger; sweep: () => void };

/**
 * A store for @fastify/rate-limit that counts in the `rate_limit_hits` table, so every app process
 * on one database enforces one limit per client and route (per-process memory would let N
 * processes allow N times the limit). Used on PGlite too: one code path, the same behaviour.
 *
 * When the database cannot count a hit, the request is let through (the plugin is registered with
 * skipOnError): every rate-limited route needs the database itself, so an outage fails the request
 * there anyway, and a passing hiccup should not turn into refusals. The failure is logged here.
 */
export function databaseRateLimitStore(
  executor: SqlExecutor,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  const shared: Shared = { executor, log, sweep: rateLimitSweeper(executor, log, now) };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_options?: RateLimitOptions, prefix = "global") {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(shared.executor, storeKey(this.prefix, key), timeWindow).then(
        (counter) => {
          callback(null, counter);
          shared.sweep();
        },
        (error: Error) => {
          shared.log.warn({ err: error }, "rate limit not counted (database unavailable); request let through");
          callback(error);
        },
      );
    }

    /** The plugin's non-counting look-up (`createRateLimit` with `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      shared.executor.executeSql(readSql, [storeKey(this.prefix, key)]).then(
        ({ rows }) => {
          const row = rows[0] as { hits: number | string; ttl: number | string } | undefined;
          callback(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        },
        (error: Error) => callback(error),
      );
    }

    /** One counter per route: the key carries the method and the route's pattern (not the filled-in path). */
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]) {
      // The plugin's typings say RouteOptions; it actually passes the merged limit options with routeInfo.
      const merged = routeOptions as unknown as ChildOptions;
      if (merged.continueExceeding || merged.exponentialBackoff) {
        throw new Error("The database rate-limit store supports fixed windows only");
      }
      const method = [merged.routeInfo?.method ?? ""].flat().join(",");
      const url = merged.routeInfo?.url;
      return new DatabaseRateLimitStore(merged, url ? routePrefix(method, url) : (merged.groupId ?? "custom"));
    }
  }

  return DatabaseRateLimitStore;
}

/**
 * Whether the app counts rate limits in the database: on PostgreSQL, shared by every process. PGlite
 * admits one process (data-dir lock): the plugin's memory store is that process's limit, with no
 * statement on the single connection (decision 020).
 */
export const countsRateLimitsInDatabase = (database: Pick<Database, "driver">) => database.driver === "postgres";

/** A route's counters are keyed by its method and pattern, then the client's key. */
export const routePrefix = (method: string, url: string) => `${method} ${url}`;
export const storeKey = (prefix: string, key: string) => `${prefix}|${key}`;

/** Deletes expired counters when called, at most once a minute per sweeper: after a hit, off the request's path. */
export function rateLimitSweeper(executor: SqlExecutor, log: FastifyBaseLogger, now: () => number = Date.now) {
  let lastSweep = now();
  return () => {
    const at = now();
    if (at - lastSweep < sweepEveryMs) return;
    lastSweep = at;
    executor.executeSql(sweepSql, []).catch((error: Error) => {
      log.debug({ err: error }, "rate limit sweep failed; the next one will catch up");
    });
  };
}
