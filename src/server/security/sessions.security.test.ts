/**
 * Sessions (issue 8), beyond what the feature tests already prove:
 * - features/auth/auth.test.ts: a fresh token on every sign-in, a planted cookie ignored, logout
 *   ending the row, idle/absolute/expire timeouts by editing the row, the cookie flags on http
 *   and https, and the login throttles (5 per account, 20 per address, unknown usernames alike,
 *   a success resetting the account count, the window lifting);
 * - features/users/users.test.ts and set-password-links.test.ts: deactivation, a new password
 *   and a redeemed set-password link end the user's sessions.
 * Here: the timeouts on a moving clock (no row edits, so the server's own clock decides),
 * logout and role changes seen by protected routes, the cookie's lifetime and its clearing on
 * https, and the exact answer of the per-address throttle.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { tooManyAttemptsMessage } from "../../shared/schemas/auth";
import { hashPassword } from "../auth/password";
import { absoluteTimeoutMs, idleTimeoutMs } from "../auth/session";
import { sessions } from "../db/schema";
import { loginLimits } from "../features/auth/login.service";
import { createTestApp, type TestApp, withTestApp } from "../test/test-app";
import { createTestUser, signedInAs } from "../test/test-sessions";

const password = "correct horse battery staple";
let app: FastifyInstance;
let passwordHash: string;
let address = 0;

withTestApp(async (built) => {
  app = built;
  passwordHash = await hashPassword(password);
});
afterEach(() => {
  vi.useRealTimers();
});

function freshAddress() {
  address += 1;
  return `198.51.100.${address}`;
}

function login(email: string, remoteAddress = freshAddress()) {
  return app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: email, password },
    remoteAddress,
  });
}

function cookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name.endsWith("rhq_session"));
  if (!c) throw new Error(`no session cookie: ${res.statusCode} ${res.body}`);
  return `${c.name}=${c.value}`;
}

function get(url: string, cookie: string) {
  return app.inject({ method: "GET", url, headers: { cookie } });
}

async function signedIn(role: "staff" | "owner" = "staff") {
  const user = await createTestUser(app, role, { passwordHash });
  const res = await login(user.email);
  expect(res.statusCode, res.body).toBe(200);
  return { user, cookie: cookieOf(res), res };
}

describe("session timeouts on the server's clock", () => {
  // Only Date moves: timers, argon2 and the database run as usual.
  const clock = () => vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it("keeps an active session just inside the idle limit and ends one idle past it", async () => {
    clock();
    const { user, cookie } = await signedIn();
    advance(idleTimeoutMs - 60_000);
    expect((await get("/api/admin/applications", cookie)).statusCode).toBe(200);
    // The request above slid the idle window: the same gap again is still fine.
    advance(idleTimeoutMs - 60_000);
    expect((await get("/api/admin/applications", cookie)).statusCode).toBe(200);
    advance(idleTimeoutMs + 1000);
    const late = await get("/api/admin/applications", cookie);
    expect(late.statusCode).toBe(401);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    // Gone server-side: rolling the clock back does not revive it.
    vi.setSystemTime(Date.now() - 2 * idleTimeoutMs);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
  });

  it("ends a session at the absolute limit even when it was used every hour", async () => {
    clock();
    const { cookie } = await signedIn();
    const hour = 60 * 60 * 1000;
    for (let elapsed = hour; elapsed < absoluteTimeoutMs; elapsed += hour) {
      advance(hour);
      expect((await get("/api/auth/user", cookie)).statusCode, `after ${elapsed / hour} h`).toBe(200);
    }
    // Used an hour ago, so well inside the idle limit: only the absolute one can refuse it.
    advance(hour + 1000);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
  });

  it("gives the browser no longer a cookie than the absolute limit", async () => {
    const { res } = await signedIn();
    const c = res.cookies.find((x) => x.name === "rhq_session")!;
    expect(c.maxAge).toBe(absoluteTimeoutMs / 1000);
    expect(c).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(c.domain).toBeUndefined();
  });
});

describe("logout and privilege changes reach every protected route at once", () => {
  it("a logged-out cookie replayed on an admin route, from any address, is 401", async () => {
    const { cookie } = await signedIn();
    expect((await get("/api/admin/applications", cookie)).statusCode).toBe(200);
    expect((await get("/api/logout", cookie)).statusCode).toBe(302);
    for (const remoteAddress of ["127.0.0.1", "203.0.113.9"]) {
      const replay = await app.inject({ url: "/api/admin/applications", headers: { cookie }, remoteAddress });
      expect(replay.statusCode).toBe(401);
    }
  });

  it("a role change applies to a session that is already open (the role is read per request)", async () => {
    const owner = await signedInAs(app, "owner");
    const { user, cookie } = await signedIn();
    expect((await get("/api/admin/applications", cookie)).statusCode).toBe(200);
    const demote = await app.inject({
      method: "PATCH",
      url: `/api/admin/users/${user.id}`,
      headers: { cookie: owner.cookie },
      payload: { role: "vendor" },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect((await get("/api/admin/applications", cookie)).statusCode).toBe(403);
    expect((await get("/api/vendor/tasks", cookie)).statusCode).toBe(200);
  });
});

describe("on https", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ publicUrl: "https://retreat.example.com" });
  });
  afterAll(async () => secure.close());

  it("clears the __Host- cookie with the attributes browsers require to accept the clearing", async () => {
    const user = await createTestUser(secure.app, "staff", { passwordHash });
    const signIn = await secure.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: user.email, password },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieOf(signIn);
    const out = await secure.app.inject({ url: "/api/logout", headers: { cookie } });
    const cleared = String(out.headers["set-cookie"]);
    expect(cleared).toMatch(/^__Host-rhq_session=;/);
    expect(cleared).toContain("Secure");
    expect(cleared).toContain("Path=/");
    expect(cleared).not.toContain("Domain");
    expect((await secure.app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
  });
});

describe("per-address sign-in throttle", () => {
  it("answers the right password from a spraying address with the exact 429, and a success does not reset it", async () => {
    const user = await createTestUser(app, "staff", { passwordHash });
    const sprayer = "192.0.2.200";
    // One success first: it must not buy the address more attempts.
    expect((await login(user.email, sprayer)).statusCode).toBe(200);
    for (let i = 0; i < loginLimits.perIp; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: `spray-${i}@example.com`, password: "guess" },
        remoteAddress: sprayer,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(user.email, sprayer);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: tooManyAttemptsMessage });
    expect(blocked.headers["retry-after"]).toBe(String(loginLimits.windowMs / 1000));
    expect(blocked.headers["set-cookie"]).toBeUndefined();
  });
});
