import { type SQL, sql } from "drizzle-orm";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import { clientKey } from "./client-key";
import {
  type Counter,
  countHit,
  countsRateLimitsInDatabase,
  hitUpsertSql,
  rateLimitSweeper,
  routePrefix,
  storeKey,
} from "./rate-limit-store";

/**
 * The public forms' rate limit on PostgreSQL, counted inside the form's own statement (decision
 * 020): the hit is a CTE of the submission's one statement (the store's upsert on the same
 * unlogged `rate_limit_hits` row, so every process still shares one limit per client and route),
 * and the statement stores nothing unless the count is within the limit. One round trip per
 * submission instead of two. The answers are the plugin's: its x-ratelimit-* headers, and over the
 * limit its 429 (retry-after, the app's error body) with nothing stored.
 *
 * A request that does not reach the statement (a body that does not parse or validate, the spam
 * trap, a path that stores through a transaction instead) is counted on its own, before anything
 * is stored and before its error is answered, so every request counts once and any request over
 * the limit gets the 429, as with the plugin. The difference: the body is read and validated
 * before the limit is known (at most bodyLimitBytes, and nothing is stored).
 *
 * On PGlite (one process) the plugin keeps counting in memory, with no statement: this is then
 * only the plugin's route config.
 */

/** A form's limit: rateLimits.publicForm / publicLight (window in milliseconds). */
export type FormLimit = { max: number; timeWindow: number };

/** One request's hit, counted by the form's statement (`hitCtes`) or on its own. */
export type StatementHit = {
  /** The statement's placeholders for `hitCtes`. */
  values: { rl_key: string; rl_window: number; rl_max: number };
  /**
   * After the statement that counted the hit (its `rl_hits`, `rl_ttl`): the plugin's headers, and
   * its 429 thrown when over the limit (the statement stored nothing then).
   */
  settle(row: { rl_hits: number | string; rl_ttl: number | string }): void;
  /**
   * Counts the hit in a statement of its own, once (no-op when already counted), before a path
   * that stores without the form's statement; throws the 429 when over the limit. When the
   * database cannot count, the request goes on (the plugin's skipOnError).
   */
  countAlone(): Promise<void>;
};

export { clientKey };

const limitedError = () => Object.assign(new Error("Rate limit exceeded"), { statusCode: 429 });

const p = (name: string) => sql.placeholder(name);

/**
 * The CTEs `rl_hit` (the hit counted: the store's own upsert) and `rl_ok` (within the limit), with
 * a trailing comma; nothing without a hit. Gate the statement's inserts with `hitAllows` and add
 * `hitColumns` to its result.
 */
export function hitCtes(withHit: boolean): SQL {
  if (!withHit) return sql``;
  const [before, middle, after] = hitUpsertSql("\u0000", "\u0000").split("\u0000") as [string, string, string];
  return sql`rl_hit as (${sql.raw(before)}${p("rl_key")}::text${sql.raw(middle)}${p("rl_window")}::int${sql.raw(after)}),
  rl_ok as (select hits <= ${p("rl_max")}::int as ok from rl_hit),`;
}

/** A condition true when the hit is within the limit (always without one). */
export const hitAllows = (withHit: boolean): SQL =>
  withHit ? sql`exists (select 1 from rl_ok where rl_ok.ok)` : sql`true`;

/** The result's `rl_hits` and `rl_ttl` columns, with a leading comma; nothing without a hit. */
export const hitColumns = (withHit: boolean): SQL =>
  withHit ? sql`, (select hits from rl_hit) as rl_hits, (select ttl from rl_hit) as rl_ttl` : sql``;

type RouteErrorHandler = (
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => void;

/**
 * A form route's rate limit: its route options (`config`, and `errorHandler` on PostgreSQL), and
 * per request the hit its statement counts (`hit`: undefined on PGlite, where the plugin counts
 * before the handler).
 */
export function formRateLimit(app: FastifyInstance, method: string, url: string, limit: FormLimit) {
  const database: Database = app.database;
  if (!countsRateLimitsInDatabase(database)) {
    return {
      routeOptions: { config: { rateLimit: limit } },
      hit: (_request: FastifyRequest, _reply: FastifyReply): StatementHit | undefined => undefined,
    };
  }
  const prefix = routePrefix(method, url);
  const sweep = rateLimitSweeper(database.executor, app.log);
  const hits = new WeakMap<FastifyRequest, StatementHit>();
  const parent = app.errorHandler as RouteErrorHandler;

  const hit = (request: FastifyRequest, reply: FastifyReply): StatementHit => {
    const known = hits.get(request);
    if (known) return known;
    let counted = false;
    const settle = (counter: Counter) => {
      counted = true;
      sweep();
      const ttlSeconds = Math.ceil(counter.ttl / 1000);
      reply.header("x-ratelimit-limit", limit.max);
      reply.header("x-ratelimit-remaining", Math.max(0, limit.max - counter.current));
      reply.header("x-ratelimit-reset", ttlSeconds);
      if (counter.current > limit.max) {
        reply.header("retry-after", ttlSeconds);
        throw limitedError();
      }
    };
    const created: StatementHit = {
      values: { rl_key: storeKey(prefix, clientKey(request.ip)), rl_window: limit.timeWindow, rl_max: limit.max },
      settle: (row) => settle({ current: Number(row.rl_hits), ttl: Number(row.rl_ttl) }),
      async countAlone() {
        if (counted) return;
        let counter: Counter;
        try {
          counter = await countHit(database.executor, created.values.rl_key, limit.timeWindow);
        } catch (error) {
          counted = true;
          request.log.warn({ err: error }, "rate limit not counted (database unavailable); request let through");
          return;
        }
        settle(counter);
      },
    };
    hits.set(request, created);
    return created;
  };

  /** Counts a request answered with an error it met before the statement; over the limit, the 429 instead. */
  async function errorHandler(
    this: FastifyInstance,
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    let answered: FastifyError = error;
    try {
      await hit(request, reply).countAlone();
    } catch (limited) {
      answered = limited as FastifyError;
    }
    return parent.call(this, answered, request, reply);
  }

  return {
    // The plugin does not count this route: its statement does.
    routeOptions: { config: { rateLimit: false as const }, errorHandler },
    hit: (request: FastifyRequest, reply: FastifyReply): StatementHit | undefined => hit(request, reply),
  };
}
