import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { placesAlreadyTakenMessage, retreatMessages } from "../../../shared/schemas/retreats-admin";
import { auditLogs, retreats } from "../../db/schema";
import { applicant, retreatWithRates } from "../../test/builders";
import { activePlanOf, paymentsOfPlan } from "../../test/fixtures/payments";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { placesTaken } from "../admissions/admissions.service";

let app: FastifyInstance;
const cookie = {} as Record<"owner" | "staff" | "vendor" | "guest", string>;

withTestApp(async (built) => {
  app = built;
  for (const role of ["owner", "staff", "vendor", "guest"] as const)
    cookie[role] = (await signedInAs(app, role)).cookie;
});

type Method = "GET" | "POST" | "PUT" | "PATCH";
function call(method: Method, url: string, who: string | null, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
const create = (payload: unknown, who = cookie.owner) => call("POST", "/api/admin/retreats", who, payload);
const patch = (id: string, payload: unknown, who = cookie.owner) =>
  call("PATCH", `/api/admin/retreats/${id}`, who, payload);
const accept = (id: string) =>
  call("POST", `/api/admin/applications/${id}/escalate/accepted`, cookie.staff, { notify: false });

async function retreatAudits(id: string) {
  return app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "retreat"), eq(auditLogs.entityId, id)))
    .orderBy(desc(auditLogs.createdAt));
}

const valid = {
  name: "Lisbon Advocacy Retreat 2027",
  description: "Five days by the sea.",
  startDate: "2027-09-01",
  endDate: "2027-09-05",
  capacity: 20,
  location: "Lisbon, Portugal",
  timezone: "Europe/Lisbon",
  status: "planning",
  currency: "EUR",
};

describe("who may list, create and edit retreats", () => {
  it("answers 401 to anonymous callers and 403 to vendors and guests, on every route", async () => {
    const { retreat } = await retreatWithRates(app);
    for (const [method, url, body] of [
      ["GET", "/api/admin/retreats", undefined],
      ["POST", "/api/admin/retreats", valid],
      ["PATCH", `/api/admin/retreats/${retreat.id}`, { capacity: 3 }],
    ] as const) {
      expect((await call(method, url, null, body)).statusCode, `${method} anonymous`).toBe(401);
      for (const role of ["vendor", "guest"] as const) {
        const res = await call(method, url, cookie[role], body);
        expect(res.statusCode, `${method} ${role}`).toBe(403);
      }
    }
    const [stored] = await app.db.select().from(retreats).where(eq(retreats.id, retreat.id));
    expect(stored!.capacity).toBe(15);
  });

  it("lets staff read the list but not create or edit", async () => {
    const { retreat } = await retreatWithRates(app);
    expect((await call("GET", "/api/admin/retreats", cookie.staff)).statusCode).toBe(200);
    expect((await create(valid, cookie.staff)).statusCode).toBe(403);
    expect((await patch(retreat.id, { capacity: 40 }, cookie.staff)).statusCode).toBe(403);
    const [stored] = await app.db.select().from(retreats).where(eq(retreats.id, retreat.id));
    expect(stored!.capacity).toBe(15);
    expect(await retreatAudits(retreat.id)).toEqual([]);
  });
});

describe("GET /api/admin/retreats", () => {
  it("lists every retreat with its places taken (a couple counts 2) and marks the current one", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 6, startDate: "2029-01-10", endDate: "2029-01-20" });
    await applicant(app, retreat.id, { stage: "accepted", applicationType: "couple" });
    await applicant(app, retreat.id, { stage: "payment" });
    await applicant(app, retreat.id, { stage: "waitlist" });
    await applicant(app, retreat.id, { stage: "declined", applicationType: "couple" });

    const res = await call("GET", "/api/admin/retreats", cookie.owner);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; placesTaken: number; capacity: number; isCurrent: boolean }[];
    const row = list.find((r) => r.id === retreat.id)!;
    expect(row).toMatchObject({
      capacity: 6,
      placesTaken: 3,
      startDate: "2029-01-10",
      endDate: "2029-01-20",
      timezone: "Asia/Makassar",
      status: "planning",
      currency: "GBP",
      isCurrent: false,
    });
    // The seeded open retreat is the oldest open one: the one the public site shows.
    const current = list.filter((r) => r.isCurrent);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ name: "Bali Vegan Activism Retreat 2026", status: "open" });
  });
});

describe("POST /api/admin/retreats", () => {
  it("creates a retreat, audited, and lists it", async () => {
    const res = await create({ ...valid, timezone: "europe/lisbon", currency: "eur" });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      ...valid,
      placesTaken: 0,
      isCurrent: false,
    });
    const audits = await retreatAudits(body.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.action).toBe("create");
    expect(audits[0]!.newValues).toMatchObject({ name: valid.name, capacity: 20, startDate: "2027-09-01" });
    const list = (await call("GET", "/api/admin/retreats", cookie.staff)).json() as { id: string }[];
    expect(list.map((r) => r.id)).toContain(body.id);
  });

  it("fills capacity, location and currency from the Settings tab's retreat defaults", async () => {
    const saved = await call("PUT", "/api/admin/settings", cookie.owner, {
      currency: "EUR",
      defaultCapacity: 12,
      defaultLocation: "Ubud, Bali",
    });
    expect(saved.statusCode).toBe(200);
    const res = await create({ name: "Undated retreat" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Undated retreat",
      description: null,
      startDate: null,
      endDate: null,
      capacity: 12,
      location: "Ubud, Bali",
      currency: "EUR",
      status: "planning",
      timezone: "Asia/Makassar",
    });
  });

  it.each([
    [{ name: "  " }, "body.name", retreatMessages.nameRequired],
    [{ endDate: "2027-08-31" }, "body.endDate", retreatMessages.endBeforeStart],
    [{ endDate: null }, "body.endDate", retreatMessages.bothDates],
    [{ startDate: "2027-02-30" }, "body.startDate", retreatMessages.date],
    [{ capacity: 0 }, "body.capacity", retreatMessages.capacity],
    [{ capacity: 501 }, "body.capacity", retreatMessages.capacity],
    [{ capacity: 2.5 }, "body.capacity", retreatMessages.capacity],
    [{ capacity: "15" }, "body.capacity", retreatMessages.capacity],
    [{ timezone: "Mars/Olympus_Mons" }, "body.timezone", retreatMessages.timeZone],
    [{ timezone: "+08:00" }, "body.timezone", retreatMessages.timeZone],
    [{ status: "archived" }, "body.status", retreatMessages.status],
    [{ currency: "GB" }, "body.currency", retreatMessages.currency],
    [{ currency: "GBPX" }, "body.currency", retreatMessages.currency],
    [{ location: "" }, "body.location", retreatMessages.locationRequired],
  ])("refuses %j with 400 and a field error", async (change, path, message) => {
    const before = await app.db.select({ id: retreats.id }).from(retreats);
    const res = await create({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await app.db.select({ id: retreats.id }).from(retreats)).toHaveLength(before.length);
  });

  it("refuses unknown fields", async () => {
    const res = await create({ ...valid, pricePerPerson: "10.00" });
    expect(res.statusCode).toBe(400);
  });
});

describe("PATCH /api/admin/retreats/{id}", () => {
  it("saves the changed fields and audits old and new values", async () => {
    const { retreat } = await retreatWithRates(app, { startDate: "2030-05-01", endDate: "2030-05-10" });
    const res = await patch(retreat.id, {
      endDate: "2030-05-12",
      status: "open",
      timezone: "Europe/London",
      location: "Sintra",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ startDate: "2030-05-01", endDate: "2030-05-12", status: "open" });
    const [stored] = await app.db.select().from(retreats).where(eq(retreats.id, retreat.id));
    expect(stored).toMatchObject({
      endDate: "2030-05-12",
      status: "open",
      timezone: "Europe/London",
      location: "Sintra",
    });
    const [audit] = await retreatAudits(retreat.id);
    expect(audit).toMatchObject({ action: "update", entityType: "retreat" });
    expect(audit!.oldValues).toEqual({
      endDate: "2030-05-10",
      status: "planning",
      timezone: "Asia/Makassar",
      location: "Bali, Indonesia",
    });
    expect(audit!.newValues).toEqual({
      endDate: "2030-05-12",
      status: "open",
      timezone: "Europe/London",
      location: "Sintra",
    });
  });

  it("checks the date rule against the stored dates", async () => {
    const { retreat } = await retreatWithRates(app, { startDate: "2030-05-01", endDate: "2030-05-10" });
    const early = await patch(retreat.id, { endDate: "2030-04-30" });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([{ path: "body.endDate", message: retreatMessages.endBeforeStart }]);
    const late = await patch(retreat.id, { startDate: "2030-05-11" });
    expect(late.statusCode).toBe(400);
    const onlyOne = await patch(retreat.id, { endDate: null });
    expect(onlyOne.statusCode).toBe(400);
    expect(onlyOne.json().message).toBe(retreatMessages.bothDates);
    // Clearing both ("dates to be announced") is allowed.
    expect((await patch(retreat.id, { startDate: null, endDate: null })).statusCode).toBe(200);
  });

  it("answers 400 to an empty body, 404 to an unknown retreat", async () => {
    const { retreat } = await retreatWithRates(app);
    const empty = await patch(retreat.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(retreatMessages.nothingToUpdate);
    const missing = await patch("00000000-0000-4000-8000-000000000000", { capacity: 10 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(retreatMessages.notFound);
  });

  it("refuses a capacity below the places already taken with 409, and allows it down to exactly that", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 6 });
    const couple = await applicant(app, retreat.id, { applicationType: "couple" });
    const solo = await applicant(app, retreat.id);
    await applicant(app, retreat.id, { stage: "waitlist" });
    expect((await accept(couple.id)).statusCode).toBe(200);
    expect((await accept(solo.id)).statusCode).toBe(200);
    expect(await placesTaken(app.db, retreat.id)).toBe(3);

    const res = await patch(retreat.id, { capacity: 2, name: "Renamed" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("3 places are already taken, so the capacity cannot be lower than 3.");
    expect(res.json().message).toBe(placesAlreadyTakenMessage(3));
    const [unchanged] = await app.db.select().from(retreats).where(eq(retreats.id, retreat.id));
    expect(unchanged).toMatchObject({ capacity: 6, name: retreat.name });
    expect(await retreatAudits(retreat.id)).toEqual([]);

    const ok = await patch(retreat.id, { capacity: 3 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ capacity: 3, placesTaken: 3 });
    // Full now: the next acceptance is refused by the same rule.
    const late = await applicant(app, retreat.id);
    expect((await accept(late.id)).statusCode).toBe(409);
  });

  it("never lets a capacity cut and an acceptance together overfill the retreat", async () => {
    for (let round = 0; round < 5; round++) {
      const { retreat } = await retreatWithRates(app, { capacity: 4 });
      for (let n = 0; n < 3; n++) await applicant(app, retreat.id, { stage: "accepted" });
      const next = await applicant(app, retreat.id);
      const [cut, accepted] = await Promise.all([patch(retreat.id, { capacity: 3 }), accept(next.id)]);
      // Exactly one wins, whichever took the retreat row's lock first.
      expect([cut.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
      const [stored] = await app.db.select().from(retreats).where(eq(retreats.id, retreat.id));
      expect(await placesTaken(app.db, retreat.id)).toBeLessThanOrEqual(stored!.capacity);
    }
  });

  it("a changed start date is what a new acceptance's payment plan uses", async () => {
    const { retreat } = await retreatWithRates(app, { startDate: "2030-05-01", endDate: "2030-05-10" });
    const res = await patch(retreat.id, { startDate: "2031-03-15", endDate: "2031-03-24" });
    expect(res.statusCode).toBe(200);
    const guest = await applicant(app, retreat.id);
    expect((await accept(guest.id)).statusCode).toBe(200);
    const plan = await activePlanOf(app, guest.id);
    const instalments = (await paymentsOfPlan(app, plan!.id)).filter((p) => p.type === "installment");
    // Six and three months before the new start, not the old one (2029-11-01, 2030-02-01).
    expect(instalments.map((p) => p.dueDate)).toEqual(["2030-09-15", "2030-12-15"]);
  });
});
