import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { placeMessages } from "../../../shared/schemas/places";
import { applications, auditLogs, paymentPlans, placeOffers, retreats } from "../../db/schema";
import { makeApplication, makeBooking, makeRetreat, offerEmailsTo, offerTokenIn } from "../../test/fixtures/places";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";
import { sweepPlaces } from "./places.jobs";

let app: FastifyInstance;
let staff: Signed;
let publicUrl: string;

withTestApp(async (built) => {
  app = built;
  publicUrl = app.config.publicUrl;
  staff = await signedInAs(app, "staff");
});

let ip = 0;
/** Each call from its own address, so the per-address rate limits never trip mid-test. */
const freshIp = () => `10.66.${Math.floor(++ip / 250)}.${ip % 250}`;

function call(method: "GET" | "POST", url: string, cookie: string | null, payload?: object) {
  return app.inject({ method, url, payload, headers: cookie ? { cookie } : {}, remoteAddress: freshIp() });
}

/** A retreat filled to capacity with bookings, and a waitlist in the given order. */
async function fullRetreat(capacity: number, waitlist: { couple?: boolean; firstName?: string }[]) {
  const retreat = await makeRetreat(app, { capacity });
  const bookings = [];
  for (let i = 0; i < capacity; i += 1) bookings.push(await makeBooking(app, retreat.id));
  const waiting = [];
  for (const w of waitlist) waiting.push(await makeApplication(app, retreat.id, { stage: "waitlist", ...w }));
  return { retreat, bookings, waiting };
}

async function declineBooking(applicationId: string) {
  const res = await call("POST", `/api/admin/applications/${applicationId}/escalate/declined`, staff.cookie, {
    notify: false,
  });
  expect(res.statusCode).toBe(200);
}

async function tokenFor(email: string) {
  const mails = await offerEmailsTo(app, email);
  expect(mails).toHaveLength(1);
  return offerTokenIn(app, mails[0]!, publicUrl);
}

async function stageOf(id: string) {
  const [row] = await app.db.select({ stage: applications.stage }).from(applications).where(eq(applications.id, id));
  return row!.stage;
}

async function offersOf(applicationId: string) {
  return app.db.select().from(placeOffers).where(eq(placeOffers.applicationId, applicationId));
}

describe("a released place goes to the waitlist", () => {
  it("offers it to the earliest waitlisted applicant with one working link, which accepts into the retreat with a plan", async () => {
    const { retreat, bookings, waiting } = await fullRetreat(3, [{ firstName: "Wren" }, { firstName: "Will" }]);
    const [first, second] = waiting;
    expect(await offerEmailsTo(app, first!.email)).toHaveLength(0);

    await declineBooking(bookings[0]!.id);

    const mails = await offerEmailsTo(app, first!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`A place has opened up on ${retreat.name}`);
    expect(mails[0]!.textBody).toContain("Hi Wren");
    expect(mails[0]!.textBody).toContain("(London time)");
    expect(await offerEmailsTo(app, second!.email)).toHaveLength(0);
    const token = await offerTokenIn(app, mails[0]!, publicUrl);
    const [offer] = await offersOf(first!.id);
    expect(offer).toMatchObject({ status: "offered", releasedByApplicationId: bookings[0]!.id });
    // Only the hash is stored; 72 hours to answer.
    expect(offer!.tokenHash).not.toContain(token);
    const hours = (offer!.expiresAt.getTime() - offer!.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(72);

    const page = await call("GET", `/api/place-offers/${token}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.json()).toMatchObject({
      firstName: "Wren",
      retreatName: retreat.name,
      startDate: "2030-06-01",
      endDate: "2030-06-10",
      people: 1,
      status: "offered",
      expiresAt: offer!.expiresAt.toISOString(),
      price: { currency: "GBP", total: "1997.00", deposit: "500.00" },
    });
    expect(page.json().price.payments).toHaveLength(3);
    // The preview created nothing.
    expect(await app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, first!.id))).toHaveLength(0);

    const capacityBefore = (await call("GET", `/api/admin/place-offers?retreatId=${retreat.id}`, staff.cookie)).json();
    expect(capacityBefore.capacity).toMatchObject({ capacity: 3, taken: 2, offered: 1, free: 0 });
    expect(capacityBefore.open).toHaveLength(1);
    expect(capacityBefore.open[0]).toMatchObject({ applicationId: first!.id, status: "offered", people: 1 });
    expect(capacityBefore.open[0].releasedBy.id).toBe(bookings[0]!.id);

    const accepted = await call("POST", `/api/place-offers/${token}/accept`, null);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "accepted", price: { total: "1997.00" } });
    expect(await stageOf(first!.id)).toBe("accepted");
    const plans = await app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, first!.id));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ status: "active", totalAmount: "1997.00" });
    expect((await offersOf(first!.id))[0]).toMatchObject({ status: "accepted" });
    const audit = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "place_offer"), eq(auditLogs.entityId, offer!.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["accept", "offer"]);

    const after = (await call("GET", `/api/admin/place-offers?retreatId=${retreat.id}`, staff.cookie)).json();
    expect(after.capacity).toMatchObject({ taken: 3, offered: 0, free: 0 });
    expect(after.open).toHaveLength(0);
    expect(after.history[0]).toMatchObject({ applicationId: first!.id, status: "accepted" });

    // Single use: answered, the link shows the state but cannot be used again.
    expect((await call("GET", `/api/place-offers/${token}`, null)).json().status).toBe("accepted");
    const again = await call("POST", `/api/place-offers/${token}/accept`, null);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(placeMessages.offerAnswered);
    expect((await call("POST", `/api/place-offers/${token}/decline`, null)).statusCode).toBe(409);
    expect(await offerEmailsTo(app, second!.email)).toHaveLength(0);
  });

  it("skips a couple when only one place is free, and offers a couple two free places", async () => {
    const { bookings, waiting } = await fullRetreat(3, [{ couple: true }, {}, {}]);
    const [couple, single, later] = waiting;
    await declineBooking(bookings[0]!.id);
    expect(await offerEmailsTo(app, couple!.email)).toHaveLength(0);
    expect(await offerEmailsTo(app, single!.email)).toHaveLength(1);
    expect(await offerEmailsTo(app, later!.email)).toHaveLength(0);

    // A second place: one is held by the open offer, so one free place still cannot take the couple.
    await declineBooking(bookings[1]!.id);
    expect(await offerEmailsTo(app, couple!.email)).toHaveLength(0);
    expect(await offerEmailsTo(app, later!.email)).toHaveLength(1);

    // The first single declines: with the later one's offer open, one place is free again; no couple.
    const declined = await call("POST", `/api/place-offers/${await tokenFor(single!.email)}/decline`, null);
    expect(declined.statusCode).toBe(200);
    expect(await offerEmailsTo(app, couple!.email)).toHaveLength(0);

    // The later one declines too: two places free, the couple gets its offer for both.
    await call("POST", `/api/place-offers/${await tokenFor(later!.email)}/decline`, null);
    const mails = await offerEmailsTo(app, couple!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("The offer is for both of you.");
    const page = (await call("GET", `/api/place-offers/${await offerTokenIn(app, mails[0]!, publicUrl)}`, null)).json();
    expect(page).toMatchObject({ people: 2, price: { total: "3794.00", deposit: "1000.00" } });
  });

  it("passes a declined offer on to the next person, never back to the one who declined", async () => {
    const { bookings, waiting } = await fullRetreat(2, [{}, {}]);
    const [first, second] = waiting;
    await declineBooking(bookings[0]!.id);
    const token = await tokenFor(first!.email);

    const res = await call("POST", `/api/place-offers/${token}/decline`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("declined");
    expect((await offersOf(first!.id))[0]).toMatchObject({ status: "declined" });
    expect(await stageOf(first!.id)).toBe("waitlist");
    expect(await offerEmailsTo(app, first!.email)).toHaveLength(1);
    const next = await offersOf(second!.id);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ status: "offered", releasedByApplicationId: bookings[0]!.id });
    expect(await offerEmailsTo(app, second!.email)).toHaveLength(1);

    expect((await call("POST", `/api/place-offers/${token}/accept`, null)).statusCode).toBe(409);
  });

  it("expires an unanswered offer (410) and offers the place on", async () => {
    const { bookings, waiting } = await fullRetreat(2, [{}, {}]);
    const [first, second] = waiting;
    await declineBooking(bookings[0]!.id);
    const token = await tokenFor(first!.email);
    const [offer] = await offersOf(first!.id);

    // Not yet.
    let swept = await sweepPlaces(
      app.db,
      { publicUrl, cipher: app.fieldCipher },
      new Date(offer!.expiresAt.getTime() - 60_000),
    );
    expect((await offersOf(first!.id))[0]!.status).toBe("offered");
    expect(swept.emailLogIds).toHaveLength(0);

    const later = new Date(offer!.expiresAt.getTime() + 60_000);
    swept = await sweepPlaces(app.db, { publicUrl, cipher: app.fieldCipher }, later);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await offersOf(first!.id))[0]).toMatchObject({ status: "expired" });
    expect(await offerEmailsTo(app, second!.email)).toHaveLength(1);
    const [next] = await offersOf(second!.id);
    expect(next!.expiresAt.getTime()).toBe(later.getTime() + 72 * 3_600_000);

    const page = await call("GET", `/api/place-offers/${token}`, null);
    expect(page.statusCode).toBe(410);
    expect(page.json().message).toBe(placeMessages.offerExpired);
    expect((await call("POST", `/api/place-offers/${token}/accept`, null)).statusCode).toBe(410);
    expect((await call("POST", `/api/place-offers/${token}/decline`, null)).statusCode).toBe(410);
    expect(await stageOf(first!.id)).toBe("waitlist");
  });

  it("closes an offer whose holder staff moved off the waitlist, refuses both answers, and offers the place on", async () => {
    const { bookings, waiting } = await fullRetreat(2, [{}, {}]);
    const [first, second] = waiting;
    await declineBooking(bookings[0]!.id);
    const token = await tokenFor(first!.email);
    const moved = await app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${first!.id}`,
      headers: { cookie: staff.cookie },
      payload: { stage: "declined" },
    });
    expect(moved.statusCode).toBe(200);

    expect((await call("GET", `/api/place-offers/${token}`, null)).json().status).toBe("withdrawn");
    const refused = await call("POST", `/api/place-offers/${token}/accept`, null);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(placeMessages.noLongerWaitlisted);
    // Declining is refused the same way: the offer is not the applicant's to answer any more.
    const declined = await call("POST", `/api/place-offers/${token}/decline`, null);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe(placeMessages.noLongerWaitlisted);
    expect((await offersOf(first!.id))[0]!.status).toBe("offered");
    const answers = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "place_offer"), eq(auditLogs.action, "decline")));
    expect(answers.filter((row) => (row.newValues as { applicationId?: string }).applicationId === first!.id)).toEqual(
      [],
    );

    await sweepPlaces(app.db, { publicUrl, cipher: app.fieldCipher });
    expect((await offersOf(first!.id))[0]!.status).toBe("withdrawn");
    expect(await offerEmailsTo(app, second!.email)).toHaveLength(1);
  });

  it("never offers a booking moved back to the waitlist its own place", async () => {
    const { bookings, waiting } = await fullRetreat(2, [{}]);
    const res = await call("POST", `/api/admin/applications/${bookings[0]!.id}/escalate/waitlist`, staff.cookie, {
      notify: false,
    });
    expect(res.statusCode).toBe(200);
    expect(await offersOf(bookings[0]!.id)).toHaveLength(0);
    expect(await offerEmailsTo(app, waiting[0]!.email)).toHaveLength(1);
  });

  it("answers 404 for an unknown token and 400 for one that cannot be a token", async () => {
    const unknown = "x".repeat(43);
    const res = await call("GET", `/api/place-offers/${unknown}`, null);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(placeMessages.offerNotFound);
    expect((await call("POST", `/api/place-offers/${unknown}/accept`, null)).statusCode).toBe(404);
    expect((await call("POST", `/api/place-offers/${unknown}/decline`, null)).statusCode).toBe(404);
    expect((await call("GET", "/api/place-offers/short", null)).statusCode).toBe(400);
  });

  it("limits each address to 20 page loads and 10 answers a minute", async () => {
    const token = "z".repeat(43);
    const from = (method: "GET" | "POST", url: string) => app.inject({ method, url, remoteAddress: "10.55.0.1" });
    for (let i = 0; i < 20; i += 1) expect((await from("GET", `/api/place-offers/${token}`)).statusCode).toBe(404);
    expect((await from("GET", `/api/place-offers/${token}`)).statusCode).toBe(429);
    for (let i = 0; i < 10; i += 1)
      expect((await from("POST", `/api/place-offers/${token}/accept`)).statusCode).toBe(404);
    const limited = await from("POST", `/api/place-offers/${token}/accept`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe("Too many requests. Please wait and try again.");
  });

  it("refuses to accept when the retreat has filled up meanwhile (409), keeping the offer open", async () => {
    const { retreat, bookings, waiting } = await fullRetreat(2, [{}]);
    await declineBooking(bookings[0]!.id);
    const token = await tokenFor(waiting[0]!.email);
    // The owner lowers the capacity to the places already taken (the offer no longer fits).
    await app.db.update(retreats).set({ capacity: 1 }).where(eq(retreats.id, retreat.id));
    const res = await call("POST", `/api/place-offers/${token}/accept`, null);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(placeMessages.full);
    expect(await stageOf(waiting[0]!.id)).toBe("waitlist");
    expect((await offersOf(waiting[0]!.id))[0]!.status).toBe("offered");
  });
});

describe("an open offer holds its place", () => {
  it("refuses staff accepting someone else into it, then lets the offer holder take it", async () => {
    const { retreat, bookings, waiting } = await fullRetreat(2, [{}]);
    await declineBooking(bookings[0]!.id);
    const token = await tokenFor(waiting[0]!.email);
    await expect(makeBooking(app, retreat.id)).rejects.toThrow("1 more is held by open waitlist offers.");
    const res = await call("POST", `/api/place-offers/${token}/accept`, null);
    expect(res.statusCode).toBe(200);
    expect(await stageOf(waiting[0]!.id)).toBe("accepted");
  });
});

describe("staff offers", () => {
  it("withdraws an open offer and offers the place to the next person; a closed one cannot be withdrawn", async () => {
    const { retreat, bookings, waiting } = await fullRetreat(2, [{}, {}]);
    await declineBooking(bookings[0]!.id);
    const [offer] = await offersOf(waiting[0]!.id);
    const res = await call("POST", `/api/admin/place-offers/${offer!.id}/withdraw`, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ offer: { id: offer!.id, status: "withdrawn" }, offersMade: 1 });
    expect(await offerEmailsTo(app, waiting[1]!.email)).toHaveLength(1);
    const audit = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, offer!.id), eq(auditLogs.action, "withdraw")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBe(staff.user.id);

    const again = await call("POST", `/api/admin/place-offers/${offer!.id}/withdraw`, staff.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(placeMessages.notOpen);
    const list = (await call("GET", `/api/admin/place-offers?retreatId=${retreat.id}`, staff.cookie)).json();
    expect(list.open.map((o: { applicationId: string }) => o.applicationId)).toEqual([waiting[1]!.id]);
    expect(list.history.map((o: { status: string }) => o.status)).toEqual(["withdrawn"]);
    expect(
      (await call("POST", `/api/admin/place-offers/${crypto.randomUUID()}/withdraw`, staff.cookie)).statusCode,
    ).toBe(404);
  });

  it("shows the current retreat's capacity when no retreat is named, and 404 for an unknown one", async () => {
    const res = await call("GET", "/api/admin/place-offers", staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().capacity).toMatchObject({ capacity: 15, free: expect.any(Number) });
    expect(
      (await call("GET", `/api/admin/place-offers?retreatId=${crypto.randomUUID()}`, staff.cookie)).statusCode,
    ).toBe(404);
    expect((await call("GET", "/api/admin/place-offers?retreatId=nope", staff.cookie)).statusCode).toBe(400);
  });

  it("is for owner and staff only: anonymous 401, vendor and guest 403", async () => {
    const id = crypto.randomUUID();
    const routes: ["GET" | "POST", string][] = [
      ["GET", "/api/admin/place-offers"],
      ["POST", `/api/admin/place-offers/${id}/withdraw`],
      ["GET", `/api/admin/applications/${id}/refund-quote`],
      ["POST", `/api/admin/applications/${id}/cancel`],
    ];
    const vendor = await signedInAs(app, "vendor");
    const guest = await signedInAs(app, "guest");
    const owner = await signedInAs(app, "owner");
    for (const [method, url] of routes) {
      const body = method === "POST" ? { reason: "x" } : undefined;
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, vendor.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, guest.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
      expect([401, 403]).not.toContain((await call(method, url, owner.cookie, body)).statusCode);
    }
  });
});
