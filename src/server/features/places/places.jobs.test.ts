/**
 * The places sweep with an injected clock, two sweeps at once (two workers), and an offer
 * accepted while staff accept someone else into the same last place. On PostgreSQL
 * (TEST_DATABASE_URL) the concurrent calls really overlap on separate connections.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { applications, auditLogs, paymentPlans, payments, placeOffers } from "../../db/schema";
import { payScheduled } from "../../test/builders";
import { makeApplication, makeBooking, makeRetreat, offerEmailsTo, offerTokenIn } from "../../test/fixtures/places";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { placesTaken } from "../admissions/admissions.service";
import { releaseOverdueDeposits, sweepPlaces } from "./places.jobs";

let app: FastifyInstance;
let staffCookie: string;
const settings = () => ({ publicUrl: app.config.publicUrl, cipher: app.fieldCipher });

withTestApp(async (built) => {
  app = built;
  staffCookie = (await signedInAs(app, "staff")).cookie;
});

async function stageOf(id: string) {
  const [row] = await app.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

async function auditCount(entityIds: string[], action: string) {
  const rows = await app.db
    .select()
    .from(auditLogs)
    .where(and(inArray(auditLogs.entityId, entityIds), eq(auditLogs.action, action)));
  return rows.length;
}

describe("an overdue deposit", () => {
  it("gives the place up once the grace period (7 days after the due date) has passed", async () => {
    const retreat = await makeRetreat(app, { capacity: 2 });
    // Accepted on 10 January 2030: the deposit falls due that day.
    const late = await makeBooking(app, retreat.id, { acceptedAt: new Date("2030-01-10T12:00:00Z") });
    // Paid the deposit; an instalment overdue is not a deposit overdue.
    const paid = await makeBooking(app, retreat.id, { acceptedAt: new Date("2030-01-10T12:00:00Z") });
    await payScheduled(app, paid.id, 1);
    const waiting = await makeApplication(app, retreat.id, { stage: "waitlist" });

    let result = await releaseOverdueDeposits(app.db, settings(), new Date("2030-01-17T20:00:00Z"));
    expect(result.released).not.toContain(late.id);
    expect((await stageOf(late.id)).stage).toBe("accepted");

    result = await releaseOverdueDeposits(app.db, settings(), new Date("2030-01-18T09:00:00Z"));
    expect(result.released).toContain(late.id);
    expect(result.released).not.toContain(paid.id);
    const after = await stageOf(late.id);
    expect(after.stage).toBe("declined");
    expect(after.internalNotes).toContain("Place released: the deposit of £500 due 2030-01-10 was still unpaid 7 days");
    const [plan] = await app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, late.id));
    expect(plan!.status).toBe("cancelled");
    const rows = await app.db.select().from(payments).where(eq(payments.applicationId, late.id));
    expect(rows.every((p) => p.status === "cancelled")).toBe(true);
    expect(await auditCount([late.id], "release_place")).toBe(1);
    expect((await stageOf(paid.id)).stage).toBe("accepted");

    const offers = await app.db.select().from(placeOffers).where(eq(placeOffers.applicationId, waiting.id));
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ status: "offered", releasedByApplicationId: late.id });
    // The offer's time runs from the sweep's clock, not the wall clock (else another sweep at that
    // clock would find it long expired).
    expect(offers[0]!.expiresAt.getTime()).toBeGreaterThan(new Date("2030-01-18T09:00:00Z").getTime());
    expect(await offerEmailsTo(app, waiting.email)).toHaveLength(1);
    expect(await placesTaken(app.db, retreat.id)).toBe(1);
  });
});

describe("two workers sweeping at once", () => {
  it("release each overdue booking once and make one offer per place", async () => {
    const retreat = await makeRetreat(app, { capacity: 2 });
    const late = [
      await makeBooking(app, retreat.id, { acceptedAt: new Date("2031-03-01T12:00:00Z") }),
      await makeBooking(app, retreat.id, { acceptedAt: new Date("2031-03-01T12:00:00Z") }),
    ];
    const waiting = [
      await makeApplication(app, retreat.id, { stage: "waitlist" }),
      await makeApplication(app, retreat.id, { stage: "waitlist" }),
      await makeApplication(app, retreat.id, { stage: "waitlist" }),
    ];
    const now = new Date("2031-03-20T12:00:00Z");
    await Promise.all([sweepPlaces(app.db, settings(), now), sweepPlaces(app.db, settings(), now)]);

    expect(
      await auditCount(
        late.map((a) => a.id),
        "release_place",
      ),
    ).toBe(2);
    const open = await app.db
      .select()
      .from(placeOffers)
      .where(and(eq(placeOffers.retreatId, retreat.id), eq(placeOffers.status, "offered")));
    expect(open.map((o) => o.applicationId).sort()).toEqual([waiting[0]!.id, waiting[1]!.id].sort());
    for (const w of waiting.slice(0, 2)) expect(await offerEmailsTo(app, w.email)).toHaveLength(1);

    // Both offers run out; two sweeps at once expire each once and offer one place to the last person.
    const later = new Date(Math.max(...open.map((o) => o.expiresAt.getTime())) + 60_000);
    await Promise.all([sweepPlaces(app.db, settings(), later), sweepPlaces(app.db, settings(), later)]);
    expect(
      await auditCount(
        open.map((o) => o.id),
        "expire",
      ),
    ).toBe(2);
    const last = await app.db.select().from(placeOffers).where(eq(placeOffers.applicationId, waiting[2]!.id));
    expect(last).toHaveLength(1);
    expect(await offerEmailsTo(app, waiting[2]!.email)).toHaveLength(1);
  });
});

describe("the last place", () => {
  it("goes to one of an offer's acceptance and a staff acceptance made at the same time, never both", async () => {
    for (let round = 0; round < 3; round += 1) {
      const retreat = await makeRetreat(app, { capacity: 2 });
      await makeBooking(app, retreat.id);
      const leaving = await makeBooking(app, retreat.id);
      const waiting = await makeApplication(app, retreat.id, { stage: "waitlist" });
      const other = await makeApplication(app, retreat.id, { stage: "interview" });
      const declined = await app.inject({
        method: "POST",
        url: `/api/admin/applications/${leaving.id}/escalate/declined`,
        headers: { cookie: staffCookie },
        payload: { notify: false },
      });
      expect(declined.statusCode).toBe(200);
      const [mail] = await offerEmailsTo(app, waiting.email);
      const token = await offerTokenIn(app, mail!, app.config.publicUrl);

      const [offerAccept, staffAccept] = await Promise.all([
        app.inject({ method: "POST", url: `/api/place-offers/${token}/accept`, remoteAddress: `10.44.0.${round}` }),
        app.inject({
          method: "POST",
          url: `/api/admin/applications/${other.id}/escalate/accepted`,
          headers: { cookie: staffCookie },
          payload: { notify: false },
        }),
      ]);
      const codes = [offerAccept.statusCode, staffAccept.statusCode].sort();
      expect(codes, `round ${round}`).toEqual([200, 409]);
      expect(await placesTaken(app.db, retreat.id)).toBe(2);
    }
  });
});
