import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import type { SqlExecutor } from "../db/client";

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;
type ChildOptions = RateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired rows are equivalent to missing ones (the upsert restarts them), so deleting them is only housekeeping. */
export const sweepEveryMs = 60_000;

/**
 * One statement per hit (a named prepared statement: parsed and planned once per connection), so concurrent hits from any number of processes serialise on the row
 * lock and add up exactly. Both CASEs read the old row: a window that has ended starts again at 1.
 * The database clock decides, so processes whose clocks disagree still share one window.
 */
const incrSql = `
insert into rate_limit_hits as r (key, hits, reset_at)
values ($1, 1, now() + $2 * interval '1 millisecond')
on conflict (key) do update set
  hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
  reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl`;

const readSql = `
select hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl
from rate_limit_hits where key = $1 and reset_at > now()`;

const sweepSql = "delete from rate_limit_hits where reset_at <= now()";

type Shared = { executor: SqlExecutor; log: FastifyBaseLogger; lastSweep: number; now: () => number };

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
  const shared: Shared = { executor, log, lastSweep: now(), now };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_options?: RateLimitOptions, prefix = "global") {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      shared.executor.executeSql(incrSql, [`${this.prefix}|${key}`, timeWindow], { name: "rhq_rate_limit_incr" }).then(
        ({ rows }) => {
          const row = rows[0] as { hits: number | string; ttl: number | string };
          callback(null, { current: Number(row.hits), ttl: Number(row.ttl) });
          sweepNowAndThen(shared);
        },
        (error: Error) => {
          shared.log.warn({ err: error }, "rate limit not counted (database unavailable); request let through");
          callback(error);
        },
      );
    }

    /** The plugin's non-counting look-up (`createRateLimit` with `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      shared.executor.executeSql(readSql, [`${this.prefix}|${key}`]).then(
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
      return new DatabaseRateLimitStore(merged, url ? `${method} ${url}` : (merged.groupId ?? "custom"));
    }
  }

  return DatabaseRateLimitStore;
}

/** At most once a minute per process, after a hit and off the request's path. */
function sweepNowAndThen(shared: Shared) {
  const at = shared.now();
  if (at - shared.lastSweep < sweepEveryMs) return;
  shared.lastSweep = at;
  shared.executor.executeSql(sweepSql, []).catch((error: Error) => {
    shared.log.debug({ err: error }, "rate limit sweep failed; the next one will catch up");
  });
}
