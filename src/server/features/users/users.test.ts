import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duplicateEmailMessage, lastOwnerMessage, passwordTooShortMessage } from "../../../shared/schemas/users";
import { verifyPassword } from "../../auth/password";
import { auditLogs, sessions, users } from "../../db/schema";
import { createTestApp, type TestApp, withTestApp } from "../../test/test-app";
import { createTestUser, sessionCookieFor, signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let owner: { user: typeof users.$inferSelect; cookie: string };

withTestApp(async (built) => {
  app = built;
  owner = await signedInAs(app, "owner");
});

function call(method: "GET" | "POST" | "PATCH", url: string, payload?: object, cookie = owner.cookie) {
  return app.inject({ method, url, payload, headers: { cookie, "user-agent": "vitest" } });
}

const newUser = {
  email: "New.Staff@Example.com",
  firstName: "Nia",
  lastName: "Staff",
  role: "staff",
  password: "a long enough passphrase",
};

describe("users (owner only)", () => {
  it("lists users without password hashes", async () => {
    const res = await call("GET", "/api/admin/users");
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.find((u: { id: string }) => u.id === owner.user.id)).toMatchObject({
      email: owner.user.email,
      role: "owner",
      isActive: true,
    });
    expect(res.body).not.toContain("passwordHash");
    expect(res.body).not.toContain("argon2");
  });

  it("creates a user with a hashed password and records it in the audit log", async () => {
    const res = await call("POST", "/api/admin/users", newUser);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ email: "new.staff@example.com", firstName: "Nia", role: "staff", isActive: true });
    const [row] = await app.db.select().from(users).where(eq(users.id, created.id));
    expect(await verifyPassword(row!.passwordHash!, newUser.password)).toBe(true);

    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, created.id), eq(auditLogs.action, "create")));
    expect(audit).toMatchObject({ userId: owner.user.id, entityType: "user", userAgent: "vitest" });
    expect(audit!.newValues).toMatchObject({ email: "new.staff@example.com", role: "staff" });
    expect(JSON.stringify(audit)).not.toContain("argon2");
    expect(JSON.stringify(audit)).not.toContain(newUser.password);
  });

  it("refuses a duplicate email whatever its case (409)", async () => {
    const res = await call("POST", "/api/admin/users", { ...newUser, email: "NEW.staff@example.COM" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(duplicateEmailMessage);
  });

  it("validates the new user (short password, bad role, bad email, unknown fields)", async () => {
    const short = await call("POST", "/api/admin/users", { ...newUser, email: "x@example.com", password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(passwordTooShortMessage);
    // Spaces at the ends do not count: twelve spaces, or a short word padded out, are refused.
    for (const password of [" ".repeat(12), "   short    pw   "]) {
      const blank = await call("POST", "/api/admin/users", { ...newUser, email: "b@example.com", password });
      expect(blank.statusCode, JSON.stringify(password)).toBe(400);
      expect(blank.json().message).toBe(passwordTooShortMessage);
    }
    expect(
      (await call("POST", "/api/admin/users", { ...newUser, email: "y@example.com", role: "admin" })).statusCode,
    ).toBe(400);
    expect((await call("POST", "/api/admin/users", { ...newUser, email: "not-an-email" })).statusCode).toBe(400);
    expect(
      (await call("POST", "/api/admin/users", { ...newUser, email: "z@example.com", isActive: false })).statusCode,
    ).toBe(400);
  });

  it("changes names and role, recording before and after", async () => {
    const staff = await createTestUser(app, "staff");
    const res = await call("PATCH", `/api/admin/users/${staff.id}`, { role: "vendor", firstName: "Vera" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: "vendor", firstName: "Vera" });
    const [audit] = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, staff.id));
    expect(audit!.oldValues).toEqual({ role: "staff", firstName: "Staff" });
    expect(audit!.newValues).toEqual({ role: "vendor", firstName: "Vera" });
  });

  it("deactivating ends the user's sessions and sign-in; reactivating allows it again", async () => {
    const staff = await createTestUser(app, "staff");
    const cookie = await sessionCookieFor(app, staff.id);
    const off = await call("PATCH", `/api/admin/users/${staff.id}`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, staff.id))).toHaveLength(0);
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, staff.id), eq(auditLogs.action, "deactivate")));
    expect(audit!.newValues).toEqual({ isActive: false });

    const on = await call("PATCH", `/api/admin/users/${staff.id}`, { isActive: true });
    expect(on.json().isActive).toBe(true);
  });

  it("a new password ends the user's sessions and works for sign-in", async () => {
    const staff = await createTestUser(app, "staff");
    const cookie = await sessionCookieFor(app, staff.id);
    const res = await call("PATCH", `/api/admin/users/${staff.id}`, { password: "a brand new passphrase" });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: staff.email, password: "a brand new passphrase" },
    });
    expect(login.statusCode).toBe(200);
    const [audit] = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, staff.id));
    expect(audit!.newValues).toEqual({ passwordChanged: true });
  });

  it("an owner changing their own password keeps the session they are using and ends the others", async () => {
    const me = await signedInAs(app, "owner");
    const otherDevice = await sessionCookieFor(app, me.user.id);
    const res = await call(
      "PATCH",
      `/api/admin/users/${me.user.id}`,
      { password: "my new long passphrase" },
      me.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: me.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: otherDevice } })).statusCode).toBe(401);
  });

  it("answers 404 for an unknown user and 400 for an empty or malformed patch", async () => {
    expect(
      (await call("PATCH", "/api/admin/users/00000000-0000-4000-8000-000000000000", { role: "staff" })).statusCode,
    ).toBe(404);
    expect((await call("PATCH", "/api/admin/users/not-a-uuid", { role: "staff" })).statusCode).toBe(400);
    const empty = await call("PATCH", `/api/admin/users/${owner.user.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Nothing to update.");
    expect((await call("PATCH", `/api/admin/users/${owner.user.id}`, { email: "x@example.com" })).statusCode).toBe(400);
  });

  it("refuses a cross-site write (CSRF)", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/admin/users",
      payload: { ...newUser, email: "csrf@example.com" },
      headers: { cookie: owner.cookie, origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(await app.db.select().from(users).where(eq(users.email, "csrf@example.com"))).toHaveLength(0);
  });
});

describe("the last active owner", () => {
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp();
  });
  afterAll(async () => solo.close());

  it("cannot be demoted or deactivated (409), until another owner exists", async () => {
    const only = await signedInAs(solo.app, "owner");
    const patch = (id: string, body: object) =>
      solo.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${id}`,
        payload: body,
        headers: { cookie: only.cookie },
      });

    for (const body of [{ role: "staff" }, { isActive: false }]) {
      const res = await patch(only.user.id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(lastOwnerMessage);
    }
    // an inactive owner does not count
    const dormant = await createTestUser(solo.app, "owner", { isActive: false });
    expect((await patch(only.user.id, { role: "staff" })).statusCode).toBe(409);

    expect((await patch(dormant.id, { isActive: true })).statusCode).toBe(200);
    expect((await patch(only.user.id, { role: "staff" })).statusCode).toBe(200);
    // now the reactivated owner is the last one
    const [row] = await solo.app.db.select().from(users).where(eq(users.id, only.user.id));
    expect(row!.role).toBe("staff");
  });
});
