import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { duplicateEmailMessage, passwordTooShortMessage, setupLinkInvalidMessage } from "../../../shared/schemas/users";
import { verifyPassword } from "../../auth/password";
import { auditLogs, setupCodes, users } from "../../db/schema";
import { withTestApp } from "../../test/test-app";
import { createTestUser } from "../../test/test-sessions";
import { issueSetupCode, setupUrl } from "./first-owner-setup.service";

const password = "a long first owner passphrase";
let app: FastifyInstance;
let ipCounter = 0;

withTestApp(async (built) => {
  app = built;
});

/** Each call from its own address, so the rate limits only bite where a test wants them to. */
function freshIp() {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

const owner = (email: string) => ({ firstName: "Olive", lastName: "Owner", email, password });

function checkLink(code: string) {
  return app.inject({ url: `/api/auth/setup/${code}`, remoteAddress: freshIp() });
}
function openPage(code: string) {
  return app.inject({ url: `/setup/${code}`, remoteAddress: freshIp() });
}
function submit(code: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: `/api/auth/setup/${code}`,
    payload,
    remoteAddress: freshIp(),
    headers: { "user-agent": "vitest", ...headers },
  });
}

async function activeOwners() {
  return app.db
    .select()
    .from(users)
    .where(and(eq(users.role, "owner"), eq(users.isActive, true)));
}

describe("first owner setup link", () => {
  let first: string;
  let second: string;

  it("is issued at start-up while no owner exists (staff alone do not count), stored only as its hash", async () => {
    await createTestUser(app, "staff", { email: "sam.staff@example.com" });
    first = (await issueSetupCode(app.db))!;
    second = (await issueSetupCode(app.db))!; // a second process prints its own
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(setupUrl("https://retreat.example.com", first)).toBe(`https://retreat.example.com/setup/${first}`);

    const rows = await app.db.select().from(setupCodes);
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(first);
    expect(stored).not.toContain(second);
    expect(rows.map((r) => r.codeHash)).toContain(createHash("sha256").update(first).digest("base64url"));
  });

  it("opens the page and its API for a live code, 404 (no-store) for unknown and malformed ones", async () => {
    const live = await checkLink(first);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ valid: true });
    expect(live.headers["cache-control"]).toBe("no-store");
    expect((await openPage(first)).statusCode).toBe(200);

    for (const code of ["A".repeat(43), "short", `${first}x`]) {
      const res = await checkLink(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ message: setupLinkInvalidMessage });
      expect(res.headers["cache-control"]).toBe("no-store");
      expect((await openPage(code)).statusCode, code).toBe(404);
    }
  });

  it("limits guesses on the page like on its API: 20 a minute from one address, then 429", async () => {
    const guesser = "10.77.0.1";
    const guess = () => app.inject({ url: `/setup/${"G".repeat(43)}`, remoteAddress: guesser });
    for (let i = 0; i < 20; i++) expect((await guess()).statusCode).toBe(404);
    expect((await guess()).statusCode).toBe(429);
    // Other addresses, and pages that check no secret, are not held up.
    expect((await openPage(first)).statusCode).toBe(200);
    expect((await app.inject({ url: "/admin", remoteAddress: guesser })).statusCode).toBe(200);
  });

  it("refuses bad input with 400 and field messages, creating nobody", async () => {
    const res = await submit(first, { firstName: "", lastName: "Owner", email: "not an email", password: "short" });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().errors as { message: string }[]).map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "First name is required.",
        "Please enter a valid email address.",
        passwordTooShortMessage,
      ]),
    );
    expect(await activeOwners()).toHaveLength(0);
  });

  it("refuses an email another user has (409), keeping the link usable", async () => {
    const res = await submit(first, owner("Sam.Staff@example.com"));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(duplicateEmailMessage);
    expect((await checkLink(first)).statusCode).toBe(200);
  });

  it("refuses a cross-site post", async () => {
    const res = await submit(first, owner("olive@example.com"), {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(res.statusCode).toBe(403);
    expect(await activeOwners()).toHaveLength(0);
  });

  it("creates exactly one owner when two valid links are used at once, signed in, audited", async () => {
    const [a, b] = await Promise.all([
      submit(first, owner("Olive@Example.com")),
      submit(second, owner("other.owner@example.com")),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 404]);
    const won = a.statusCode === 200 ? a : b;
    const lost = a.statusCode === 200 ? b : a;
    expect(lost.json()).toEqual({ message: setupLinkInvalidMessage });

    const owners = await activeOwners();
    expect(owners).toHaveLength(1);
    const created = owners[0]!;
    expect(won.json()).toMatchObject({ id: created.id, email: created.email, role: "owner", isActive: true });
    expect(await verifyPassword(created.passwordHash!, password)).toBe(true);

    // Signed in: the cookie works for the back office straight away.
    const cookie = String(won.headers["set-cookie"]).split(";")[0]!;
    const me = await app.inject({ url: "/api/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: created.id, role: "owner" });
    expect((await app.inject({ url: "/api/admin/users", headers: { cookie } })).statusCode).toBe(200);

    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, created.id), eq(auditLogs.action, "create")));
    expect(audit).toMatchObject({ userId: created.id, entityType: "user", userAgent: "vitest" });
    expect(audit!.newValues).toMatchObject({ email: created.email, role: "owner", method: "setup_link" });
    expect(JSON.stringify(audit!.newValues)).not.toContain(password);

    expect(await app.db.select().from(setupCodes)).toHaveLength(0);
  });

  it("answers 404 on every link, page and API, once an owner exists", async () => {
    for (const code of [first, second]) {
      expect((await checkLink(code)).statusCode).toBe(404);
      expect((await openPage(code)).statusCode).toBe(404);
      expect((await submit(code, owner("late@example.com"))).statusCode).toBe(404);
    }
    expect(await activeOwners()).toHaveLength(1);
  });

  it("issues no code at start-up once an owner exists, and drops codes left over", async () => {
    // A code stored before `npm run user:create` made an owner, say.
    await app.db.insert(setupCodes).values({ codeHash: "left-over" });
    expect(await issueSetupCode(app.db)).toBeNull();
    expect(await app.db.select().from(setupCodes)).toHaveLength(0);
  });
});
