import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  passwordAndLinkMessage,
  passwordOrLinkMessage,
  passwordTooShortMessage,
  setPasswordLinkInvalidMessage,
} from "../../../shared/schemas/users";
import { verifyPassword } from "../../auth/password";
import { auditLogs, emailLogs, passwordTokens, sessions, users } from "../../db/schema";
import { hiddenLinkAt } from "../../test/hidden-link-at";
import { sendOutboxRow } from "../../test/sent-mail";
import { withTestApp } from "../../test/test-app";
import { createTestUser, sessionCookieFor, signedInAs } from "../../test/test-sessions";
import { inactiveUserLinkMessage } from "./set-password-links.service";

const publicUrl = "https://retreat.example.com";
const newPassword = "a brand new long passphrase";
let app: FastifyInstance;
let owner: { user: typeof users.$inferSelect; cookie: string };
let ipCounter = 0;

withTestApp(
  async (built) => {
    app = built;
    owner = await signedInAs(app, "owner");
  },
  { publicUrl },
);

/** Each public call from its own address, so the rate limits only bite where a test wants them to. */
function freshIp() {
  ipCounter += 1;
  return `10.7.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

function admin(method: "POST" | "PATCH", url: string, payload?: object, cookie = owner.cookie) {
  return app.inject({ method, url, payload, headers: { cookie, "user-agent": "vitest" } });
}

function getLink(token: string, ip = freshIp()) {
  return app.inject({ url: `/api/auth/set-password/${token}`, remoteAddress: ip });
}

function submitLink(token: string, payload: object, ip = freshIp()) {
  return app.inject({ method: "POST", url: `/api/auth/set-password/${token}`, payload, remoteAddress: ip });
}

/**
 * The newest set-password email to the address as stored (read first), and the token in the
 * message the sender hands to SMTP: the stored row only shows a marker where the link goes.
 */
async function latestLinkEmail(to: string) {
  const [mail] = await app.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, to), eq(emailLogs.kind, "set_password")))
    .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
    .limit(1);
  if (!mail) throw new Error(`no set_password email to ${to}`);
  const sent = await sendOutboxRow(app, mail.id);
  const match = /https:\/\/retreat\.example\.com\/set-password\/([A-Za-z0-9_-]{43})/.exec(sent.html);
  if (!match) throw new Error("no link in the sent email");
  return { mail, sent, token: match[1]! };
}

async function sendLinkTo(userId: string) {
  return admin("POST", `/api/admin/users/${userId}/set-password-link`);
}

const invitee = { email: "Invitee@Example.com", firstName: "Ina <i>", lastName: "Vitee", role: "staff" };

describe("creating a user with a set-password link", () => {
  it("stores no password, queues the email with the link and keeps only the token's hash", async () => {
    const before = Date.now();
    const res = await admin("POST", "/api/admin/users", { ...invitee, sendSetPasswordLink: true });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ email: "invitee@example.com", role: "staff", isActive: true });

    const [row] = await app.db.select().from(users).where(eq(users.id, created.id));
    expect(row!.passwordHash).toBeNull();

    const { mail, sent, token } = await latestLinkEmail("invitee@example.com");
    expect(mail.status).toBe("queued");
    expect(mail.recipientName).toBe("Ina <i> Vitee");
    // User text is escaped in the HTML part.
    expect(mail.body).toContain("Hello Ina &lt;i&gt;,");
    expect(mail.body).not.toContain("Ina <i>");
    expect(mail.subject).toBe("Set your password for the Retreat HQ back office");
    // The outbox shows where the link went, never the link; only the sent message carries it.
    expect(mail.textBody).toMatch(hiddenLinkAt(`${publicUrl}/set-password/`));
    expect(`${mail.body} ${mail.textBody}`).not.toContain(token);
    expect(sent.text).toContain(`${publicUrl}/set-password/${token}`);
    expect(mail.textBody).toContain("expires in 72 hours");

    const [stored] = await app.db.select().from(passwordTokens).where(eq(passwordTokens.userId, created.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.purpose).toBe("set_password");
    expect(stored!.usedAt).toBeNull();
    const hours = (stored!.expiresAt.getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);

    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, created.id), eq(auditLogs.action, "create")));
    expect(audit!.userId).toBe(owner.user.id);
    expect(audit!.newValues).toMatchObject({ email: "invitee@example.com", setPasswordLinkSent: true });
    expect(JSON.stringify(audit)).not.toContain(token);

    // A user without a password cannot sign in with an empty or guessed one.
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "invitee@example.com", password: "anything at all here" },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(401);
  });

  it("wants exactly one of a first password and the link", async () => {
    const base = { ...invitee, email: "choice@example.com" };
    const neither = await admin("POST", "/api/admin/users", base);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(passwordOrLinkMessage);
    const both = await admin("POST", "/api/admin/users", { ...base, password: newPassword, sendSetPasswordLink: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(passwordAndLinkMessage);
    const declined = await admin("POST", "/api/admin/users", { ...base, sendSetPasswordLink: false });
    expect(declined.statusCode).toBe(400);
    expect((await admin("POST", "/api/admin/users", { ...base, sendSetPasswordLink: "yes" })).statusCode).toBe(400);
    expect(await app.db.select().from(users).where(eq(users.email, "choice@example.com"))).toHaveLength(0);

    // The password path still works, and sends nothing.
    const withPassword = await admin("POST", "/api/admin/users", {
      ...base,
      password: newPassword,
      sendSetPasswordLink: false,
    });
    expect(withPassword.statusCode).toBe(201);
    const mails = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, "choice@example.com"));
    expect(mails).toHaveLength(0);
  });
});

describe("the public set-password link", () => {
  it("names the account, refuses a short password, then sets the password once and signs the user out everywhere", async () => {
    const user = await createTestUser(app, "staff", { email: "reset.me@example.com" });
    const oldSession = await sessionCookieFor(app, user.id);
    expect((await sendLinkTo(user.id)).statusCode).toBe(200);
    const { token, mail } = await latestLinkEmail("reset.me@example.com");
    expect(mail.subject).toBe("Set a new password for Retreat HQ");

    const look = await getLink(token);
    expect(look.statusCode).toBe(200);
    expect(look.json()).toEqual({ email: "reset.me@example.com" });
    expect(look.headers["cache-control"]).toBe("no-store");

    const short = await submitLink(token, { password: "too short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(passwordTooShortMessage);
    expect((await submitLink(token, { password: newPassword, confirm: newPassword })).statusCode).toBe(400);
    expect((await getLink(token)).statusCode).toBe(200);

    const done = await submitLink(token, { password: newPassword });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });

    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash!, newPassword)).toBe(true);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [stored] = await app.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(stored!.usedAt).not.toBeNull();
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await app.inject({ url: "/api/auth/user", headers: { cookie: oldSession } })).statusCode).toBe(401);

    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, "set_password")));
    expect(audit!.userId).toBe(user.id);
    expect(audit!.newValues).toEqual({ passwordChanged: true, method: "set_password_link" });
    expect(JSON.stringify(audit)).not.toContain(newPassword);

    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "reset.me@example.com", password: newPassword },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(200);

    // Single use.
    const again = await submitLink(token, { password: "yet another passphrase" });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: setPasswordLinkInvalidMessage });
    expect((await getLink(token)).statusCode).toBe(404);
    const [unchanged] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.passwordHash).toBe(row!.passwordHash);
  });

  it("lets only one of two simultaneous uses succeed", async () => {
    const user = await createTestUser(app, "staff", { email: "race@example.com" });
    await sendLinkTo(user.id);
    const { token } = await latestLinkEmail("race@example.com");
    const [a, b] = await Promise.all([
      submitLink(token, { password: "first racer passphrase" }),
      submitLink(token, { password: "second racer passphrase" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const winner = a.statusCode === 200 ? "first racer passphrase" : "second racer passphrase";
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash!, winner)).toBe(true);
    const used = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, "set_password")));
    expect(used).toHaveLength(1);
  });

  // PostgreSQL only (PGlite runs one statement at a time, so nothing can interleave there): a
  // transaction that holds the token row, as a concurrent use would, makes the request wait, and
  // once that "other use" commits, the request must see the link as used.
  it.runIf(process.env.TEST_DATABASE_URL)("waits for a use in progress and then refuses", async () => {
    const user = await createTestUser(app, "staff", { email: "waiter@example.com" });
    await sendLinkTo(user.id);
    const { token } = await latestLinkEmail("waiter@example.com");
    const other = new pg.Client({ connectionString: app.database.connectionString });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select id from password_tokens where user_id = $1 for update", [user.id]);
      const pending = submitLink(token, { password: newPassword });
      // Wait until the request is blocked on the row lock.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows } = await other.query("select count(*)::int as n from pg_locks where not granted");
        if (rows[0].n > 0) break;
        if (Date.now() > deadline) throw new Error("the request never waited for the row lock");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await other.query("update password_tokens set used_at = now() where user_id = $1", [user.id]);
      await other.query("commit");
      const res = await pending;
      expect(res.statusCode).toBe(404);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toBeNull();
    } finally {
      await other.end();
    }
  });

  it("expires after 72 hours", async () => {
    const user = await createTestUser(app, "staff", { email: "late@example.com" });
    await sendLinkTo(user.id);
    const { token } = await latestLinkEmail("late@example.com");
    await app.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    const look = await getLink(token);
    expect(look.statusCode).toBe(404);
    expect(look.json()).toEqual({ message: setPasswordLinkInvalidMessage });
    expect((await submitLink(token, { password: newPassword })).statusCode).toBe(404);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
  });

  it("stops working when a newer link is sent", async () => {
    const user = await createTestUser(app, "staff", { email: "twice@example.com" });
    await sendLinkTo(user.id);
    const first = (await latestLinkEmail("twice@example.com")).token;
    await sendLinkTo(user.id);
    const second = (await latestLinkEmail("twice@example.com")).token;
    expect(second).not.toBe(first);
    expect((await getLink(first)).statusCode).toBe(404);
    expect((await submitLink(first, { password: newPassword })).statusCode).toBe(404);
    expect((await getLink(second)).statusCode).toBe(200);
    expect((await submitLink(second, { password: newPassword })).statusCode).toBe(200);
  });

  it("stops working when the user is deactivated", async () => {
    const user = await createTestUser(app, "staff", { email: "leaver@example.com" });
    await sendLinkTo(user.id);
    const { token } = await latestLinkEmail("leaver@example.com");
    expect((await admin("PATCH", `/api/admin/users/${user.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await getLink(token)).statusCode).toBe(404);
    expect((await submitLink(token, { password: newPassword })).statusCode).toBe(404);
  });

  it("answers unknown and malformed tokens with the same 404", async () => {
    for (const token of ["A".repeat(43), "short", "not%20a%20token", "x".repeat(90)]) {
      const res = await getLink(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: setPasswordLinkInvalidMessage });
    }
    const post = await submitLink("B".repeat(43), { password: newPassword });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: setPasswordLinkInvalidMessage });
  });

  it("rate-limits attempts per client address", async () => {
    const ip = "10.99.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await submitLink("C".repeat(43), { password: newPassword }, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await submitLink("C".repeat(43), { password: newPassword }, "10.99.0.2")).statusCode).toBe(404);
  });

  it("refuses a cross-site POST", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/api/auth/set-password/${"D".repeat(43)}`,
      payload: { password: newPassword },
      headers: { origin: "https://evil.example" },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/admin/users/{id}/set-password-link", () => {
  it("answers with the address and expiry and records who sent it", async () => {
    const user = await createTestUser(app, "vendor", { email: "vendor.link@example.com" });
    const res = await sendLinkTo(user.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, email: "vendor.link@example.com" });
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, "send_set_password_link")));
    expect(audit).toMatchObject({ userId: owner.user.id, entityType: "user", userAgent: "vitest" });
  });

  it("refuses an unknown user (404), an inactive one (409), unknown fields (400) and non-owners (403)", async () => {
    const missing = await sendLinkTo("00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    const inactive = await createTestUser(app, "staff", { isActive: false });
    const refused = await sendLinkTo(inactive.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(inactiveUserLinkMessage);
    expect(await app.db.select().from(passwordTokens).where(eq(passwordTokens.userId, inactive.id))).toHaveLength(0);

    const target = await createTestUser(app, "staff");
    expect((await admin("POST", `/api/admin/users/${target.id}/set-password-link`, { password: "x" })).statusCode).toBe(
      400,
    );
    expect((await admin("POST", `/api/admin/users/${target.id}/set-password-link`, {})).statusCode).toBe(200);
    const staff = await signedInAs(app, "staff");
    expect((await admin("POST", `/api/admin/users/${target.id}/set-password-link`, {}, staff.cookie)).statusCode).toBe(
      403,
    );
  });
});
