import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { applications, emailSubscribers, rateLimitHits } from "../db/schema";
import { applicationPayload } from "../test/builders";
import { settleFormJobs } from "../test/form-jobs";
import { createTestDatabaseUrl } from "../test/test-database";
import { clientKey } from "./form-rate-limit";
import { rateLimits } from "./rate-limit";

describe("the client's key", () => {
  it("is the rate-limit plugin's: the IPv4 address, an IPv6 address's /64, a mapped IPv4 as IPv4", () => {
    expect(clientKey("198.51.100.7")).toBe("198.51.100.7");
    expect(clientKey("2001:DB8:0:0:1:2:3:4")).toBe("2001:db8::");
    expect(clientKey("2001:db8:a:b:c:d:e:f")).toBe("2001:db8:a:b::");
    expect(clientKey("2001:db8:0:1::5")).toBe("2001:db8:0:1::");
    expect(clientKey("1:0:0:1::9")).toBe("1:0:0:1::");
    expect(clientKey("::1")).toBe("::");
    expect(clientKey("::ffff:192.0.2.5")).toBe("192.0.2.5");
    expect(clientKey("::ffff:c000:205")).toBe("192.0.2.5");
    expect(clientKey("fe80::1%eth0")).toBe("fe80::");
    expect(clientKey("x".repeat(6000))).toMatch(/^unparsed:[\w-]{22}$/);
    expect(clientKey("x".repeat(6000))).toBe(clientKey("x".repeat(6000)));
    expect(clientKey("x".repeat(6000))).not.toBe(clientKey("y".repeat(6000)));
  });
});

/**
 * On PostgreSQL the forms count their hit inside their own statement (decision 020): still one
 * limit per client and route across every process on the database, the plugin's headers and 429,
 * nothing stored over the limit, and every request counted once, whether it reached the statement
 * or not. Two app instances on one database stand for two processes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the forms' rate limit, counted in their statement", () => {
  let drop: () => Promise<void>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let retreatId: string;

  beforeAll(async () => {
    const test = await createTestDatabaseUrl();
    drop = test.drop;
    const config = testConfig({ databaseUrl: test.databaseUrl });
    a = await buildApp(config);
    b = await buildApp(config);
    retreatId = ((await (await a.inject({ method: "GET", url: "/api/current-retreat" })).json()) as { id: string }).id;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  const join = (app: FastifyInstance, ip: string, payload: object) =>
    app.inject({ method: "POST", url: "/api/waitlist", payload, remoteAddress: ip });

  it("adds up valid and invalid joins through both instances to one limit; over it, the 429 and nothing stored", async () => {
    const { max } = rateLimits.publicLight;
    const ip = "198.51.100.20";
    const remaining: number[] = [];
    for (let i = 0; i < max; i++) {
      const app = i % 2 === 0 ? a : b;
      // Every third one does not validate: counted all the same, as by the plugin.
      const invalid = i % 3 === 0;
      const res = await join(
        app,
        ip,
        invalid ? { name: "x" } : { name: "Limit Tester", email: `limit-${i}@example.com` },
      );
      expect(res.statusCode).toBe(invalid ? 400 : 200);
      expect(res.headers["x-ratelimit-limit"]).toBe(String(max));
      remaining.push(Number(res.headers["x-ratelimit-remaining"]));
    }
    expect(remaining).toEqual(Array.from({ length: max }, (_, i) => max - 1 - i));

    for (const [app, payload] of [
      [a, { name: "Over Limit", email: "over-limit@example.com" }],
      [b, { name: "x" }],
      [a, { name: "Trap", email: "trap@example.com", website: "spam" }],
    ] as const) {
      const refused = await join(app, ip, payload);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: "Too many requests. Please wait and try again." });
      expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    }
    const over = await a.db
      .select({ id: emailSubscribers.id })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, "over-limit@example.com"));
    expect(over).toEqual([]);

    // One counter, under the plugin's key, every request counted once.
    const [row] = await a.db
      .select()
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} like ${`%|${ip}`}`);
    expect(row).toMatchObject({ key: `POST /api/waitlist|${ip}`, hits: max + 3 });

    // Other clients are not affected.
    expect((await join(b, "198.51.100.21", { name: "Other", email: "other-client@example.com" })).statusCode).toBe(200);
  });

  it("counts an application to an unknown retreat (a 404, nothing stored), and refuses it over the limit", async () => {
    const { max } = rateLimits.publicForm;
    const ip = "198.51.100.30";
    const post = (app: FastifyInstance, payload: object) =>
      app.inject({ method: "POST", url: "/api/application", payload, remoteAddress: ip });
    for (let i = 0; i < max - 1; i++) {
      const res = await post(i % 2 === 0 ? a : b, applicationPayload(retreatId, `limit-a-${i}@example.com`));
      expect(res.statusCode).toBe(201);
    }
    const unknownRetreat = applicationPayload("00000000-0000-4000-8000-000000000000", "limit-a-404@example.com");
    const last = await post(b, unknownRetreat);
    expect(last.statusCode).toBe(404);
    expect(last.headers["x-ratelimit-remaining"]).toBe("0");

    for (const payload of [applicationPayload(retreatId, "limit-a-over@example.com"), unknownRetreat]) {
      const refused = await post(a, payload);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: "Too many requests. Please wait and try again." });
      expect(refused.headers["retry-after"]).toBeDefined();
    }
    await settleFormJobs(a);
    const stored = await a.db
      .select({ id: applications.id })
      .from(applications)
      .where(sql`${applications.email} like 'limit-a-%'`);
    expect(stored).toHaveLength(max - 1);
    const [row] = await a.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `POST /api/application|${ip}`));
    expect(row?.hits).toBe(max + 2);
  });
});
