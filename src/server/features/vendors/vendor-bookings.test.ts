import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  vendorAlreadyBookedMessage,
  vendorHasHistoryMessage,
  vendorInactiveMessage,
} from "../../../shared/schemas/vendors";
import { auditLogs, retreatSessions, vendorBookings, vendors } from "../../db/schema";
import { insertRetreat, type Method, type StaffDesk, staffDesk } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";

let { app, call, staff, retreatId } = {} as StaffDesk;
let owner: Signed;
let vendorUserA: Signed;
let vendorUserB: Signed;

withTestApp(async (built) => {
  ({ app, call, staff, retreatId } = await staffDesk(built));
  owner = await signedInAs(app, "owner");
  vendorUserA = await signedInAs(app, "vendor");
  vendorUserB = await signedInAs(app, "vendor");
});

async function vendor(name: string, userId: string | null = null, isActive = true) {
  const [row] = await app.db.insert(vendors).values({ name, userId, isActive }).returning();
  return row!;
}

let sessionCounter = 0;
async function session(title: string, start = "2026-05-12T01:00:00Z", end: string | null = "2026-05-12T03:00:00Z") {
  sessionCounter += 1;
  const [row] = await app.db
    .insert(retreatSessions)
    .values({
      retreatId,
      title: `${title} ${sessionCounter}`,
      startTime: new Date(start),
      endTime: end ? new Date(end) : null,
    })
    .returning();
  return row!;
}

function book(payload: object, cookie = staff.cookie) {
  return call("POST", "/api/admin/vendor-bookings", cookie, payload);
}

describe("vendor bookings: roles", () => {
  it("answers 401 to anonymous callers and 403 to vendors and guests on every booking route", async () => {
    const guest = await signedInAs(app, "guest");
    const id = crypto.randomUUID();
    const routes: [Method, string, object?][] = [
      ["GET", "/api/admin/vendor-bookings"],
      ["POST", "/api/admin/vendor-bookings", { vendorId: id, retreatSessionId: id }],
      ["PATCH", `/api/admin/vendor-bookings/${id}`, { status: "confirmed" }],
      ["DELETE", `/api/admin/vendor-bookings/${id}`],
      ["DELETE", `/api/admin/vendors/${id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, vendorUserA.cookie, body)).statusCode, `${method} ${url} vendor`).toBe(403);
      expect((await call(method, url, guest.cookie, body)).statusCode, `${method} ${url} guest`).toBe(403);
    }
    expect((await call("GET", `/api/admin/vendor-bookings?retreatId=${retreatId}`, owner.cookie)).statusCode).toBe(200);
  });
});

describe("vendor bookings", () => {
  it("books a vendor onto a session: retreat and times from the session, audited, listed with names", async () => {
    const v = await vendor("Bali Green Kitchen");
    const s = await session("Welcome lunch");
    const res = await book({ vendorId: v.id, retreatSessionId: s.id, rate: "250.50", description: "Lunch for 15" });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      vendorId: v.id,
      vendorName: "Bali Green Kitchen",
      retreatId,
      retreatSessionId: s.id,
      sessionTitle: s.title,
      startTime: "2026-05-12T01:00:00.000Z",
      endTime: "2026-05-12T03:00:00.000Z",
      rate: "250.50",
      description: "Lunch for 15",
      status: "booked",
    });
    const [row] = await app.db.select().from(vendorBookings).where(eq(vendorBookings.id, created.id));
    expect(row).toMatchObject({ retreatId, startTime: s.startTime, endTime: s.endTime });
    const audit = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, created.id), eq(auditLogs.entityType, "vendor_booking")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", userId: staff.user.id });

    const list = await call("GET", `/api/admin/vendor-bookings?retreatId=${retreatId}`, staff.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(created);
  });

  it("refuses the same vendor twice on one session (409), but another vendor or session is fine", async () => {
    const v = await vendor("Sound healer");
    const other = await vendor("Photographer");
    const s = await session("Sound bath");
    expect((await book({ vendorId: v.id, retreatSessionId: s.id })).statusCode).toBe(201);
    const twice = await book({ vendorId: v.id, retreatSessionId: s.id, rate: "10" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(vendorAlreadyBookedMessage);
    expect((await book({ vendorId: other.id, retreatSessionId: s.id })).statusCode).toBe(201);
    expect((await book({ vendorId: v.id, retreatSessionId: (await session("Closing")).id })).statusCode).toBe(201);
    const rows = await app.db
      .select()
      .from(vendorBookings)
      .where(and(eq(vendorBookings.vendorId, v.id), eq(vendorBookings.retreatSessionId, s.id)));
    expect(rows).toHaveLength(1);
  });

  it("two simultaneous bookings of one vendor on one session: exactly one wins", async () => {
    const v = await vendor("Florist");
    const s = await session("Garden party");
    const results = await Promise.all([
      book({ vendorId: v.id, retreatSessionId: s.id }),
      book({ vendorId: v.id, retreatSessionId: s.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("refuses to book an inactive vendor (409) and reports unknown vendors and sessions (404)", async () => {
    const inactive = await vendor("Retired driver", null, false);
    const s = await session("Airport run");
    const res = await book({ vendorId: inactive.id, retreatSessionId: s.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(vendorInactiveMessage);
    expect((await book({ vendorId: crypto.randomUUID(), retreatSessionId: s.id })).statusCode).toBe(404);
    const active = await vendor("Driver");
    expect((await book({ vendorId: active.id, retreatSessionId: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it("validates bodies strictly with field messages", async () => {
    const v = await vendor("Validator");
    const s = await session("Checks");
    const unknownField = await book({ vendorId: v.id, retreatSessionId: s.id, startTime: "2026-01-01T00:00:00Z" });
    expect(unknownField.statusCode).toBe(400);
    const badRate = await book({ vendorId: v.id, retreatSessionId: s.id, rate: "-5" });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json().errors).toContainEqual({
      path: "body.rate",
      message: "Rate must be an amount such as 150 or 150.50.",
    });
    expect((await book({ vendorId: "nope", retreatSessionId: s.id })).json().errors[0].message).toBe(
      "Please choose a vendor.",
    );
    const created = (await book({ vendorId: v.id, retreatSessionId: s.id })).json();
    const url = `/api/admin/vendor-bookings/${created.id}`;
    expect((await call("PATCH", url, staff.cookie, {})).statusCode).toBe(400);
    expect((await call("PATCH", url, staff.cookie, { status: "done" })).statusCode).toBe(400);
    expect((await call("PATCH", url, staff.cookie, { vendorId: v.id })).statusCode).toBe(400);
  });

  it("updates status, rate and description; a cancelled booking frees the slot and cannot be revived into a duplicate", async () => {
    const v = await vendor("Yoga teacher");
    const s = await session("Morning flow");
    const first = (await book({ vendorId: v.id, retreatSessionId: s.id })).json();
    const url = `/api/admin/vendor-bookings/${first.id}`;
    const confirmed = await call("PATCH", url, staff.cookie, { status: "confirmed", rate: "80", description: "x" });
    expect(confirmed.json()).toMatchObject({ status: "confirmed", rate: "80.00", description: "x" });
    const cleared = await call("PATCH", url, owner.cookie, { rate: null, description: "" });
    expect(cleared.json()).toMatchObject({ rate: null, description: null });
    expect((await call("PATCH", url, staff.cookie, { status: "cancelled" })).json().status).toBe("cancelled");

    const second = await book({ vendorId: v.id, retreatSessionId: s.id });
    expect(second.statusCode).toBe(201);
    const revive = await call("PATCH", url, staff.cookie, { status: "booked" });
    expect(revive.statusCode).toBe(409);
    expect(revive.json().message).toBe(vendorAlreadyBookedMessage);

    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, first.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "update", "update", "update"]);
    expect(
      (await call("PATCH", `/api/admin/vendor-bookings/${crypto.randomUUID()}`, staff.cookie, { rate: "1" }))
        .statusCode,
    ).toBe(404);
  });

  it("deletes a booking, audited; a second delete is 404", async () => {
    const v = await vendor("Masseuse");
    const created = (await book({ vendorId: v.id, retreatSessionId: (await session("Massage")).id })).json();
    const url = `/api/admin/vendor-bookings/${created.id}`;
    const res = await call("DELETE", url, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id, deleted: true });
    expect(await app.db.select().from(vendorBookings).where(eq(vendorBookings.id, created.id))).toEqual([]);
    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, created.id));
    expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
    expect((await call("DELETE", url, staff.cookie)).statusCode).toBe(404);
  });

  it("keeps the booking (with its copied times) when the session is deleted, and follows a moved session", async () => {
    const v = await vendor("Boat captain");
    const moving = await session("Snorkel trip", "2026-05-14T00:00:00Z", "2026-05-14T04:00:00Z");
    const doomed = await session("Sunset cruise", "2026-05-15T09:00:00Z", "2026-05-15T11:00:00Z");
    const a = (await book({ vendorId: v.id, retreatSessionId: moving.id })).json();
    const b = (await book({ vendorId: v.id, retreatSessionId: doomed.id })).json();
    await app.db
      .update(retreatSessions)
      .set({ startTime: new Date("2026-05-16T00:00:00Z") })
      .where(eq(retreatSessions.id, moving.id));
    await app.db.delete(retreatSessions).where(eq(retreatSessions.id, doomed.id));
    const list = (await call("GET", `/api/admin/vendor-bookings?retreatId=${retreatId}`, staff.cookie)).json();
    expect(list.find((x: { id: string }) => x.id === a.id).startTime).toBe("2026-05-16T00:00:00.000Z");
    expect(list.find((x: { id: string }) => x.id === b.id)).toMatchObject({
      retreatSessionId: null,
      sessionTitle: null,
      startTime: "2026-05-15T09:00:00.000Z",
    });
  });

  it("lists only the asked retreat's bookings; unknown retreat is 404", async () => {
    const elsewhere = await insertRetreat(app);
    const [s] = await app.db
      .insert(retreatSessions)
      .values({ retreatId: elsewhere.id, title: "Elsewhere", startTime: new Date("2027-01-01T00:00:00Z") })
      .returning();
    const v = await vendor("Traveller");
    const created = (await book({ vendorId: v.id, retreatSessionId: s!.id })).json();
    expect(created.retreatId).toBe(elsewhere.id);
    const here = (await call("GET", `/api/admin/vendor-bookings?retreatId=${retreatId}`, staff.cookie)).json();
    expect(here.map((x: { id: string }) => x.id)).not.toContain(created.id);
    const there = (await call("GET", `/api/admin/vendor-bookings?retreatId=${elsewhere.id}`, staff.cookie)).json();
    expect(there.map((x: { id: string }) => x.id)).toEqual([created.id]);
    expect(
      (await call("GET", `/api/admin/vendor-bookings?retreatId=${crypto.randomUUID()}`, staff.cookie)).statusCode,
    ).toBe(404);
  });
});

describe("vendor portal sees exactly its own bookings", () => {
  it("after staff book two vendors, each vendor's schedule lists only its own sessions", async () => {
    const mine = (
      await call("POST", "/api/admin/vendors", staff.cookie, { name: "Vendor A", userId: vendorUserA.user.id })
    ).json();
    const theirs = (
      await call("POST", "/api/admin/vendors", staff.cookie, { name: "Vendor B", userId: vendorUserB.user.id })
    ).json();
    const breakfast = await session("Breakfast", "2026-05-13T00:00:00Z", "2026-05-13T01:00:00Z");
    const dinner = await session("Dinner", "2026-05-12T11:00:00Z", "2026-05-12T13:00:00Z");
    const secret = await session("Private event");
    await book({ vendorId: mine.id, retreatSessionId: breakfast.id, description: "Fruit and tempeh" });
    await book({ vendorId: mine.id, retreatSessionId: dinner.id });
    await book({ vendorId: theirs.id, retreatSessionId: secret.id });
    await book({ vendorId: theirs.id, retreatSessionId: dinner.id });

    const a = (await call("GET", "/api/vendor/schedule", vendorUserA.cookie)).json();
    expect(a.vendorName).toBe("Vendor A");
    expect(a.bookings.map((b: { title: string }) => b.title)).toEqual([dinner.title, breakfast.title]);
    expect(a.bookings[1]).toMatchObject({ description: "Fruit and tempeh", startTime: "2026-05-13T00:00:00.000Z" });
    const b = (await call("GET", "/api/vendor/schedule", vendorUserB.cookie)).json();
    expect(b.bookings.map((x: { title: string }) => x.title).sort()).toEqual([dinner.title, secret.title].sort());
    expect(JSON.stringify(a)).not.toContain("Private event");
  });

  it("gives each booking its retreat's time zone, so the portal shows the retreat's clock", async () => {
    const lisbon = await insertRetreat(app, { timezone: "Europe/Lisbon" });
    const [s] = await app.db
      .insert(retreatSessions)
      .values({ retreatId: lisbon.id, title: "Lisbon dinner", startTime: new Date("2027-06-01T18:30:00Z") })
      .returning();
    const signed = await signedInAs(app, "vendor");
    const v = (
      await call("POST", "/api/admin/vendors", staff.cookie, { name: "Zone vendor", userId: signed.user.id })
    ).json();
    expect((await book({ vendorId: v.id, retreatSessionId: s!.id })).statusCode).toBe(201);
    expect((await book({ vendorId: v.id, retreatSessionId: (await session("Bali lunch")).id })).statusCode).toBe(201);
    const { bookings } = (await call("GET", "/api/vendor/schedule", signed.cookie)).json();
    const zones = Object.fromEntries(
      bookings.map((b: { title: string; timeZone: string }) => [b.title.replace(/ \d+$/, ""), b.timeZone]),
    );
    expect(zones).toEqual({ "Bali lunch": "Asia/Makassar", "Lisbon dinner": "Europe/Lisbon" });
  });
});

describe("deleting a vendor", () => {
  it("deletes a vendor with no history, audited, but refuses one with bookings (deactivate instead)", async () => {
    const unused = (await call("POST", "/api/admin/vendors", staff.cookie, { name: "Typo vendor" })).json();
    const res = await call("DELETE", `/api/admin/vendors/${unused.id}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(await app.db.select().from(vendors).where(eq(vendors.id, unused.id))).toEqual([]);
    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, unused.id));
    expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
    expect((await call("DELETE", `/api/admin/vendors/${unused.id}`, staff.cookie)).statusCode).toBe(404);

    const used = (await call("POST", "/api/admin/vendors", staff.cookie, { name: "Busy vendor" })).json();
    const booking = (await book({ vendorId: used.id, retreatSessionId: (await session("Busy")).id })).json();
    const refused = await call("DELETE", `/api/admin/vendors/${used.id}`, staff.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(vendorHasHistoryMessage);
    expect(await app.db.select().from(vendorBookings).where(eq(vendorBookings.id, booking.id))).toHaveLength(1);
    const deactivated = await call("PATCH", `/api/admin/vendors/${used.id}`, staff.cookie, { isActive: false });
    expect(deactivated.json().isActive).toBe(false);
  });
});
