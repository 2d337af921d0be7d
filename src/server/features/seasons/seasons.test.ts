import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { seasonPath } from "../../../shared/schemas/seasons";
import { currentRetreatRow } from "../../db/current-retreat";
import { auditLogs, retreats, users } from "../../db/schema";
import { caller, insertRetreat } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { sessionCookieFor, signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let currentId: string;

withTestApp(async (built) => {
  app = built;
  call = caller(app);
  currentId = (await currentRetreatRow(app.db))!.id;
});

const read = async (cookie: string) => {
  const res = await call("GET", seasonPath, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { retreatId: string | null; selectedRetreatId: string | null };
};
const choose = (cookie: string, retreatId: unknown) => call("PUT", seasonPath, cookie, { retreatId });

async function seasonAudits(userId: string) {
  return app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "season_selection"), eq(auditLogs.entityId, userId)));
}

describe("who may read and set their season", () => {
  it("answers 401 to anonymous callers and 403 to vendors and guests", async () => {
    const past = await insertRetreat(app, { name: "Past season", status: "completed" });
    expect((await call("GET", seasonPath, null)).statusCode).toBe(401);
    expect((await choose("", past.id)).statusCode).toBe(401);
    for (const role of ["vendor", "guest"] as const) {
      const { user, cookie } = await signedInAs(app, role);
      expect((await call("GET", seasonPath, cookie)).statusCode, role).toBe(403);
      expect((await choose(cookie, past.id)).statusCode, role).toBe(403);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.selectedRetreatId).toBeNull();
    }
  });
});

describe("GET and PUT /api/admin/season", () => {
  it("starts on the current retreat (the one the public site shows) when the user chose none", async () => {
    const { cookie } = await signedInAs(app, "staff");
    expect(await read(cookie)).toEqual({ retreatId: currentId, selectedRetreatId: null });
  });

  it("remembers each user's own choice, audited, across a new session", async () => {
    const past = await insertRetreat(app, { name: "Bali 2025", status: "completed" });
    const next = await insertRetreat(app, { name: "Bali 2027", status: "planning" });
    const owner = await signedInAs(app, "owner");
    const staff = await signedInAs(app, "staff");

    const saved = await choose(owner.cookie, past.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ retreatId: past.id, selectedRetreatId: past.id });
    expect((await choose(staff.cookie, next.id)).statusCode).toBe(200);

    expect(await read(owner.cookie)).toEqual({ retreatId: past.id, selectedRetreatId: past.id });
    expect(await read(staff.cookie)).toEqual({ retreatId: next.id, selectedRetreatId: next.id });
    // Signing in again (a new session, another device) opens on the same season.
    const again = await sessionCookieFor(app, owner.user.id);
    expect(await read(again)).toEqual({ retreatId: past.id, selectedRetreatId: past.id });

    const audits = await seasonAudits(owner.user.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      userId: owner.user.id,
      action: "update",
      oldValues: { retreatId: null },
      newValues: { retreatId: past.id },
    });
    // Choosing the same season again changes nothing and records nothing.
    expect((await choose(owner.cookie, past.id)).statusCode).toBe(200);
    expect(await seasonAudits(owner.user.id)).toHaveLength(1);
  });

  it("follows the current retreat again when the choice is set to null", async () => {
    const past = await insertRetreat(app, { status: "completed" });
    const { user, cookie } = await signedInAs(app, "staff");
    await choose(cookie, past.id);
    const res = await choose(cookie, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ retreatId: currentId, selectedRetreatId: null });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.selectedRetreatId).toBeNull();
  });

  it("falls back to the current retreat when the chosen retreat is deleted", async () => {
    const doomed = await insertRetreat(app, { name: "Cancelled draft", status: "cancelled" });
    const { cookie } = await signedInAs(app, "owner");
    await choose(cookie, doomed.id);
    await app.db.delete(retreats).where(eq(retreats.id, doomed.id));
    expect(await read(cookie)).toEqual({ retreatId: currentId, selectedRetreatId: null });
  });

  it("answers 404 for an unknown retreat and 400 for bad input, keeping the earlier choice", async () => {
    const past = await insertRetreat(app, { status: "completed" });
    const { user, cookie } = await signedInAs(app, "staff");
    await choose(cookie, past.id);

    const unknown = await choose(cookie, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Retreat not found.");
    for (const body of [{ retreatId: "nope" }, {}, { retreatId: past.id, extra: 1 }, { retreatId: 7 }]) {
      const res = await call("PUT", seasonPath, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await read(cookie)).toEqual({ retreatId: past.id, selectedRetreatId: past.id });
    expect(await seasonAudits(user.id)).toHaveLength(1);
  });
});
