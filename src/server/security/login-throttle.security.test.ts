/**
 * The sign-in throttle under concurrency: a burst of simultaneous wrong passwords must not get
 * more than the limit checked, even when the burst is spread over two app instances (each with
 * its own connections on PostgreSQL, as separate processes would be). Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 *
 * What reached the password check is read from the audit log: an attempt's outcome (reason
 * wrong_password, unknown_user, ...) is written only after argon2 verified it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tooManyAttemptsMessage } from "../../shared/schemas/auth";
import { buildApp } from "../app";
import { hashPassword } from "../auth/password";
import { auditLogs } from "../db/schema";
import { loginLimits } from "../features/auth/login.service";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestUser } from "../test/test-sessions";

const password = "correct horse battery staple";
let t: TestApp;
let apps: FastifyInstance[];

beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database: its own pool on PostgreSQL, the same PGlite otherwise.
  const second = await buildApp(t.app.config, t.app.database.driver === "pglite" ? { database: t.app.database } : {});
  apps = [t.app, second];
}, 120_000);
afterAll(async () => {
  await apps?.[1]?.close();
  await t?.close();
});

function login(i: number, username: string, pass: string, ip: string) {
  return apps[i % apps.length]!.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password: pass },
    remoteAddress: ip,
  });
}

/** Attempts whose password was verified: their outcome was recorded after argon2 ran. */
async function verifiedAttempts(where: ReturnType<typeof and>) {
  const rows = await t.app.db
    .select({ reason: sql<string | null>`${auditLogs.newValues}->>'reason'` })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "login_failed"), where));
  return rows.filter((r) => r.reason && r.reason !== "pending").length;
}

describe("sign-in throttle under a concurrent burst", () => {
  it("checks at most 5 of 16 simultaneous wrong passwords for one account; the rest and then the right password get 429", async () => {
    const user = await createTestUser(t.app, "staff", { passwordHash: await hashPassword(password) });
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login(i, user.email, `wrong-${i}`, `10.77.0.${i + 1}`)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(loginLimits.perAccount);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(16 - loginLimits.perAccount);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const res of burst.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toEqual({ message: tooManyAttemptsMessage });
      expect(res.headers["retry-after"]).toBe(String(loginLimits.windowMs / 1000));
    }
    const checked = await verifiedAttempts(eq(auditLogs.entityId, user.email.toLowerCase()));
    expect(checked).toBeLessThanOrEqual(loginLimits.perAccount);

    const right = await login(0, user.email, password, "10.77.1.1");
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: tooManyAttemptsMessage });
    expect(right.headers["set-cookie"]).toBeUndefined();
  }, 60_000);

  it("checks at most 20 of 30 simultaneous attempts from one address, whatever the usernames", async () => {
    const ip = "192.0.2.150";
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(i, `spray-${i}@example.com`, "guess", ip)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(loginLimits.perIp);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - loginLimits.perIp);
    expect(await verifiedAttempts(eq(auditLogs.ipAddress, ip))).toBeLessThanOrEqual(loginLimits.perIp);
  }, 60_000);
});
