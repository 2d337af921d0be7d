import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidCredentialsMessage, tooManyAttemptsMessage } from "../../../shared/schemas/auth";
import { hashPassword } from "../../auth/password";
import { absoluteTimeoutMs, idleTimeoutMs, type SessionData, touchIntervalMs } from "../../auth/session";
import { upsertUserWithPassword } from "../../auth/users.service";
import { auditLogs, sessions, users } from "../../db/schema";
import { theOneLoginOf } from "../../test/sign-in-record";
import { createTestApp, type TestApp, withTestApp } from "../../test/test-app";
import { createTestUser, sessionCookieFor } from "../../test/test-sessions";
import { loginLimits } from "./login.service";

const password = "correct horse battery staple";
let app: FastifyInstance;
let passwordHash: string;
let ipCounter = 0;

/** Each test signs in from its own address so the per-address limit does not leak between tests. */
function freshIp() {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

withTestApp(async (built) => {
  app = built;
  passwordHash = await hashPassword(password);
});

async function makeUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  return createTestUser(app, "staff", { passwordHash, ...overrides });
}

function login(body: unknown, opts: { ip?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: body as object,
    remoteAddress: opts.ip ?? freshIp(),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
  });
}

function sessionCookieOf(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name.endsWith("rhq_session"));
  if (!cookie) throw new Error("no session cookie set");
  return cookie;
}

function cookieHeader(res: LightMyRequestResponse) {
  const c = sessionCookieOf(res);
  return `${c.name}=${c.value}`;
}

function whoAmI(cookie?: string) {
  return app.inject({ url: "/api/auth/user", headers: cookie ? { cookie } : {} });
}

describe("POST /api/auth/login", () => {
  it("signs in with the email as username, any case, and sets a safe session cookie", async () => {
    const user = await makeUser({ email: "Maya.Owner@Example.com", role: "owner", firstName: "Maya" });
    const res = await login({ username: "  maya.owner@EXAMPLE.com ", password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: "Maya.Owner@Example.com",
      firstName: "Maya",
      lastName: "Tester",
      role: "owner",
      isActive: true,
    });
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^rhq_session=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure");
    expect(res.headers["cache-control"]).toBe("no-store");

    const me = await whoAmI(cookieHeader(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    await theOneLoginOf(app, user.id);
  });

  it("stores only a hash of the cookie's token, with the user and both timeouts", async () => {
    const user = await makeUser();
    const res = await login({ username: user.email, password });
    const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const token = sessionCookieOf(res).value;
    expect(row!.sid).not.toContain(token.split(".")[0]);
    const sess = row!.sess as SessionData;
    expect(sess.userId).toBe(user.id);
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now() + idleTimeoutMs - 60_000);
    expect(row!.expire.getTime()).toBeLessThanOrEqual(sess.createdAt + absoluteTimeoutMs);
  });

  it("answers unknown user, wrong password and inactive user identically", async () => {
    const active = await makeUser();
    const inactive = await makeUser({ isActive: false });
    const noPassword = await makeUser({ passwordHash: null });
    const replies = await Promise.all([
      login({ username: "nobody@example.com", password }),
      login({ username: active.email, password: "wrong password, sorry" }),
      login({ username: inactive.email, password }),
      login({ username: noPassword.email, password }),
    ]);
    for (const res of replies) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: invalidCredentialsMessage });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const failures = await app.db.select().from(auditLogs).where(eq(auditLogs.action, "login_failed"));
    expect(failures.map((f) => f.entityId)).toEqual(
      expect.arrayContaining(["nobody@example.com", active.email.toLowerCase(), inactive.email.toLowerCase()]),
    );
  });

  it("takes similar time for an unknown user and a wrong password (argon2 runs for both)", async () => {
    // Seven of each, interleaved, so a moment of load on a shared machine cannot decide the
    // medians; one account per wrong password keeps every try under the per-account limit.
    const rounds = 7;
    const accounts = [];
    for (let i = 0; i < rounds; i++) accounts.push(await makeUser());
    const time = async (username: string) => {
      const start = performance.now();
      const res = await login({ username, password: "not the password" });
      expect(res.statusCode).toBe(401);
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // The first unknown user also pays for making the dummy hash, once per process: not measured.
    await time("ghost-warm-up@example.com");
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (const [i, account] of accounts.entries()) {
      unknown.push(await time(`ghost-${i}@example.com`));
      wrong.push(await time(account.email));
    }
    const [a, b] = [median(unknown), median(wrong)];
    // Without the dummy verification an unknown user answers in ~1 ms against ~50 ms.
    expect(Math.min(a, b) / Math.max(a, b)).toBeGreaterThan(0.25);
  });

  it("refuses empty fields and unknown fields with 400", async () => {
    const empty = await login({ username: "", password: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please enter both username and password.");
    const extra = await login({ username: "a@example.com", password: "x", admin: true });
    expect(extra.statusCode).toBe(400);
  });

  it("answers 429 after 5 failures for one account, even with the right password, and not for others", async () => {
    const user = await makeUser();
    const other = await makeUser();
    for (let i = 0; i < loginLimits.perAccount; i++) {
      expect((await login({ username: user.email, password: "wrong" })).statusCode).toBe(401);
    }
    const blocked = await login({ username: user.email.toUpperCase(), password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: tooManyAttemptsMessage });
    expect(blocked.headers["retry-after"]).toBe("900");
    expect((await login({ username: other.email, password })).statusCode).toBe(200);
  });

  it("throttles unknown usernames exactly like real ones", async () => {
    for (let i = 0; i < loginLimits.perAccount; i++) await login({ username: "ghost@example.com", password: "x" });
    expect((await login({ username: "ghost@example.com", password: "x" })).statusCode).toBe(429);
  });

  it("lifts the account limit once the failures are older than the window", async () => {
    const user = await makeUser();
    for (let i = 0; i < loginLimits.perAccount; i++) await login({ username: user.email, password: "wrong" });
    expect((await login({ username: user.email, password })).statusCode).toBe(429);
    await app.db
      .update(auditLogs)
      .set({ createdAt: new Date(Date.now() - loginLimits.windowMs - 1000) })
      .where(eq(auditLogs.entityId, user.email.toLowerCase()));
    expect((await login({ username: user.email, password })).statusCode).toBe(200);
  });

  it("starts the account count afresh after a successful sign-in", async () => {
    const user = await makeUser();
    for (let i = 0; i < loginLimits.perAccount - 1; i++) await login({ username: user.email, password: "wrong" });
    expect((await login({ username: user.email, password })).statusCode).toBe(200);
    for (let i = 0; i < loginLimits.perAccount - 1; i++) {
      expect((await login({ username: user.email, password: "wrong" })).statusCode).toBe(401);
    }
  });

  it("answers 429 after 20 failures from one address, for any account, and not from another address", async () => {
    const user = await makeUser();
    const ip = "192.0.2.77";
    for (let i = 0; i < loginLimits.perIp; i++) {
      expect((await login({ username: `spray-${i}@example.com`, password: "x" }, { ip })).statusCode).toBe(401);
    }
    expect((await login({ username: user.email, password }, { ip })).statusCode).toBe(429);
    expect((await login({ username: user.email, password }, { ip: "192.0.2.78" })).statusCode).toBe(200);
  });

  it("issues a new session id on every sign-in and ends the session it replaces", async () => {
    const first = await makeUser();
    const second = await makeUser();
    const before = await sessionCookieFor(app, first.id);
    const res = await login({ username: second.email, password }, { cookie: before });
    expect(res.statusCode).toBe(200);
    const after = cookieHeader(res);
    expect(after).not.toBe(before);
    expect((await whoAmI(before)).statusCode).toBe(401);
    expect((await app.db.select().from(sessions).where(eq(sessions.userId, first.id))).length).toBe(0);
    expect((await whoAmI(after)).json().id).toBe(second.id);
  });

  it("ignores a cookie planted before sign-in (an unknown token gives no session)", async () => {
    const planted = `rhq_session=${app.signCookie("attacker-chosen-token")}`;
    expect((await whoAmI(planted)).statusCode).toBe(401);
    const user = await makeUser();
    const res = await login({ username: user.email, password }, { cookie: planted });
    expect(sessionCookieOf(res).value).not.toBe(app.signCookie("attacker-chosen-token"));
    expect((await whoAmI(planted)).statusCode).toBe(401);
  });

  it("ignores a cookie whose signature does not match", async () => {
    const user = await makeUser();
    const good = await sessionCookieFor(app, user.id);
    expect((await whoAmI(good)).statusCode).toBe(200);
    expect((await whoAmI(`${good.slice(0, -2)}xx`)).statusCode).toBe(401);
  });

  it("refuses a cross-site sign-in (CSRF / login CSRF)", async () => {
    const user = await makeUser();
    const fromEvil = await login({ username: user.email, password }, { headers: { origin: "https://evil.example" } });
    expect(fromEvil.statusCode).toBe(403);
    expect(fromEvil.headers["set-cookie"]).toBeUndefined();
    const crossSite = await login({ username: user.email, password }, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await login(
      { username: user.email, password },
      { headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" } },
    );
    expect(sameSite.statusCode).toBe(200);
  });
});

describe("sessions", () => {
  async function sessionRow(userId: string) {
    const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, userId));
    return row;
  }
  async function setSess(userId: string, patch: Partial<SessionData>, expire?: Date) {
    const row = (await sessionRow(userId))!;
    await app.db
      .update(sessions)
      .set({ sess: { ...(row.sess as SessionData), ...patch }, ...(expire ? { expire } : {}) })
      .where(eq(sessions.sid, row.sid));
  }

  it("GET /api/auth/user answers 401 when signed out", async () => {
    const res = await whoAmI();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
  });

  it("ends after 2 hours idle and deletes the row", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(app, user.id);
    await setSess(user.id, { lastSeenAt: Date.now() - idleTimeoutMs - 1000 });
    const res = await whoAmI(cookie);
    expect(res.statusCode).toBe(401);
    expect(String(res.headers["set-cookie"])).toMatch(/rhq_session=;/);
    expect(await sessionRow(user.id)).toBeUndefined();
  });

  it("slides the idle timeout on use, writing at most once a minute", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(app, user.id);
    const recent = Date.now() - touchIntervalMs / 2;
    await setSess(user.id, { lastSeenAt: recent });
    await whoAmI(cookie);
    expect(((await sessionRow(user.id))!.sess as SessionData).lastSeenAt).toBe(recent);

    const old = Date.now() - idleTimeoutMs + 60_000;
    await setSess(user.id, { lastSeenAt: old }, new Date(old + idleTimeoutMs));
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    const row = (await sessionRow(user.id))!;
    expect((row.sess as SessionData).lastSeenAt).toBeGreaterThan(Date.now() - 5000);
    expect(row.expire.getTime()).toBeGreaterThan(Date.now() + idleTimeoutMs - 5000);
  });

  it("ends 12 hours after sign-in however active", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(app, user.id);
    await setSess(user.id, { createdAt: Date.now() - absoluteTimeoutMs - 1000, lastSeenAt: Date.now() });
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect(await sessionRow(user.id)).toBeUndefined();
  });

  it("ends when the row's expire time has passed", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(app, user.id);
    await setSess(user.id, {}, new Date(Date.now() - 1000));
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it("ends when the user is deactivated, whoever did it", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(app, user.id);
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect(await sessionRow(user.id)).toBeUndefined();
  });

  it("ends when the password is changed from the command line", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(app, user.id);
    await upsertUserWithPassword(app.db, { email: user.email, password: "another long passphrase", role: "staff" });
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });
});

describe("GET /api/logout and /api/login", () => {
  it("ends the session, clears the cookie and goes to /", async () => {
    const user = await makeUser();
    const cookie = cookieHeader(await login({ username: user.email, password }));
    const res = await app.inject({ url: "/api/logout", headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    const cleared = sessionCookieOf(res);
    expect(cleared.value).toBe("");
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("logout when signed out still goes to /", async () => {
    const res = await app.inject({ url: "/api/logout" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
  });

  it("/api/login leads to the admin entry page", async () => {
    const res = await app.inject({ url: "/api/login" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/admin");
  });
});

describe("housekeeping", () => {
  it("a sign-in removes sessions that expired long ago", async () => {
    const user = await makeUser();
    const stale = await makeUser();
    await sessionCookieFor(app, stale.id);
    await app.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, stale.id));
    await login({ username: user.email, password });
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, stale.id))).toHaveLength(0);
  });

  it("the OpenAPI document describes the auth, users, settings and audit routes (to the owner)", async () => {
    const owner = await createTestUser(app, "owner");
    const res = await app.inject({ url: "/api/docs", headers: { cookie: await sessionCookieFor(app, owner.id) } });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/auth/login",
        "/api/auth/user",
        "/api/admin/users",
        "/api/admin/users/{id}",
        "/api/admin/settings",
        "/api/admin/audit-logs",
      ]),
    );
  });
});

describe("on https", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ publicUrl: "https://retreat.example.com" });
  });
  afterAll(async () => secure.close());

  it("names the cookie __Host-rhq_session and marks it Secure", async () => {
    await secure.app.db.insert(users).values({ email: "s@example.com", passwordHash, role: "owner" });
    const res = await secure.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "s@example.com", password },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^__Host-rhq_session=/);
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Domain");
    const c = res.cookies[0]!;
    const me = await secure.app.inject({ url: "/api/auth/user", headers: { cookie: `${c.name}=${c.value}` } });
    expect(me.statusCode).toBe(200);
    // the plain name is not read on https, so a cookie planted over http cannot stand in for it
    const plain = await secure.app.inject({ url: "/api/auth/user", headers: { cookie: `rhq_session=${c.value}` } });
    expect(plain.statusCode).toBe(401);
  });
});
