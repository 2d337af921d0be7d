import rateLimit from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { rateLimitHits } from "../db/schema";
import { createTestDatabaseUrl } from "../test/test-database";
import { rateLimits } from "./rate-limit";
import { databaseRateLimitStore, sweepEveryMs } from "./rate-limit-store";

let drop: () => Promise<void>;
let shared: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;

/**
 * Two app instances on one database, as two processes behind a load balancer would be: on
 * PostgreSQL each has its own connection pool; on PGlite (one process by nature) they share the
 * one database, which is the same code path.
 */
beforeAll(async () => {
  const test = await createTestDatabaseUrl();
  drop = test.drop;
  const config = testConfig({ databaseUrl: test.databaseUrl });
  if (test.databaseUrl) {
    a = await buildApp(config);
    b = await buildApp(config);
  } else {
    shared = await openDatabase({ dataDir: "memory://" });
    a = await buildApp(config, { database: shared });
    b = await buildApp(config, { database: shared });
  }
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await shared?.close();
  await drop?.();
});

const preferences = (app: FastifyInstance, ip = "198.51.100.7", token = "no-such-token") =>
  app.inject({ method: "GET", url: `/api/email/preferences/${token}`, remoteAddress: ip });

/**
 * The app counts in the database on PostgreSQL only, where several processes share it. PGlite
 * admits one process (its data-dir lock), so there the app limits in memory (decision 020); the
 * store itself is still tested on both below.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("rate limits counted in the database", () => {
  it("keeps the counters in an unlogged table: counting a hit is no durable commit", async () => {
    const { rows } = await a.database.executor.executeSql(
      "select relpersistence from pg_class where relname = 'rate_limit_hits'",
      [],
    );
    expect(rows).toEqual([{ relpersistence: "u" }]);
  });

  it("adds up hits through both instances to one limit per client and route", async () => {
    const { max } = rateLimits.publicLight;
    const remaining: number[] = [];
    for (let i = 0; i < max; i++) {
      // Alternate instances and tokens: the limit is per route, not per filled-in path.
      const res = await preferences(i % 2 === 0 ? a : b, "198.51.100.7", `token-${i}`);
      expect(res.statusCode).toBe(404);
      remaining.push(Number(res.headers["x-ratelimit-remaining"]));
    }
    expect(remaining).toEqual(Array.from({ length: max }, (_, i) => max - 1 - i));

    for (const app of [a, b]) {
      const refused = await preferences(app);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    }

    // Another client, and another route for the same client, have their own counters.
    expect((await preferences(b, "198.51.100.8")).statusCode).toBe(404);
    const otherRoute = await a.inject({
      method: "GET",
      url: "/api/auth/set-password/no-such-token",
      remoteAddress: "198.51.100.7",
    });
    expect(otherRoute.statusCode).toBe(404);
  });

  it("lets requests through when the database cannot count them (fail open, logged)", async () => {
    const executor = a.database.executor;
    const original = executor.executeSql;
    executor.executeSql = async () => {
      throw new Error("connection refused");
    };
    try {
      // The route itself still reaches the database through its own connection and answers normally.
      const res = await preferences(a, "198.51.100.99");
      expect(res.statusCode).toBe(404);
      // Not counted: the full allowance is still shown.
      expect(res.headers["x-ratelimit-remaining"]).toBe(String(rateLimits.publicLight.max));
    } finally {
      executor.executeSql = original;
    }
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("rate limits on PGlite (one process)", () => {
  it("limits per client and route in memory, with no statement on the database", async () => {
    const { max } = rateLimits.publicLight;
    const executor = a.database.executor;
    const original = executor.executeSql;
    const statements: string[] = [];
    executor.executeSql = async (text, values) => {
      statements.push(text);
      return original.call(executor, text, values);
    };
    try {
      for (let i = 0; i < max; i++) {
        const res = await preferences(a, "198.51.100.70", `token-${i}`);
        expect(res.statusCode).toBe(404);
        expect(res.headers["x-ratelimit-remaining"]).toBe(String(max - 1 - i));
      }
      expect((await preferences(a, "198.51.100.70")).statusCode).toBe(429);
      // Another client has its own allowance.
      expect((await preferences(a, "198.51.100.71")).statusCode).toBe(404);
    } finally {
      executor.executeSql = original;
    }
    expect(statements.filter((text) => text.includes("rate_limit_hits"))).toEqual([]);
    const [row] = await a.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitHits);
    expect(row?.n).toBe(0);
  });
});

/** The store on its own, with windows short enough to watch them end. */
describe("database rate-limit store", () => {
  let clock = Date.now();
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = a.database;
    app = Fastify({ logger: false });
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(database.executor, app.log, () => clock),
    });
    app.get("/short", { config: { rateLimit: { max: 3, timeWindow: 600 } } }, async () => "ok");
    app.get("/burst", { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } }, async () => "ok");
    await app.ready();
  });
  afterAll(async () => app?.close());

  const hit = (url: string, ip = "203.0.113.1") => app.inject({ method: "GET", url, remoteAddress: ip });

  it("starts a new window once the old one has ended", async () => {
    for (let i = 0; i < 3; i++) expect((await hit("/short")).statusCode).toBe(200);
    const refused = await hit("/short");
    expect(refused.statusCode).toBe(429);

    await new Promise((resolve) => setTimeout(resolve, 700));
    const again = await hit("/short");
    expect(again.statusCode).toBe(200);
    expect(again.headers["x-ratelimit-remaining"]).toBe("2");
  });

  it("counts simultaneous hits exactly (one atomic statement per hit)", async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => hit("/burst", "203.0.113.2")));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const [row] = await database.db.select().from(rateLimitHits).where(sql`${rateLimitHits.key} like '%203.0.113.2'`);
    expect(row?.hits).toBe(25);
    expect(row?.key).toBe("GET /burst|203.0.113.2");
  });

  it("sweeps ended windows now and then, keeping live ones", async () => {
    await database.db.insert(rateLimitHits).values([
      { key: "GET /gone|192.0.2.1", hits: 4, resetAt: new Date(Date.now() - 60_000) },
      { key: "GET /gone|192.0.2.2", hits: 9, resetAt: new Date(Date.now() - 1_000) },
    ]);
    // Within the minute: no sweep.
    await hit("/burst", "203.0.113.3");
    expect(await keys()).toContain("GET /gone|192.0.2.1");

    clock += sweepEveryMs + 1;
    await hit("/burst", "203.0.113.4");
    await expect.poll(keys).not.toContain("GET /gone|192.0.2.1");
    const left = await keys();
    expect(left).not.toContain("GET /gone|192.0.2.2");
    expect(left).toContain("GET /burst|203.0.113.4");
  });

  async function keys() {
    return (await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key);
  }
});
