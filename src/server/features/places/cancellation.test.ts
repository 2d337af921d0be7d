import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { placeMessages } from "../../../shared/schemas/places";
import { applications, auditLogs, paymentPlans, payments } from "../../db/schema";
import { payScheduled } from "../../test/builders";
import { makeApplication, makeBooking, makeRetreat, offerEmailsTo } from "../../test/fixtures/places";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let staff: Signed;

withTestApp(async (built) => {
  app = built;
  staff = await signedInAs(app, "staff");
});

function call(method: "GET" | "POST", url: string, payload?: object, cookie: string | null = staff.cookie) {
  return app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** A booking on a retreat starting 2030-06-01 that has paid its deposit (GBP 500) and a first instalment. */
async function paidBooking() {
  const retreat = await makeRetreat(app, { capacity: 4, startDate: "2030-06-01" });
  const booking = await makeBooking(app, retreat.id);
  const paid = await payScheduled(app, booking.id, 2);
  const paidPence = paid.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
  return { retreat, booking, paidPence };
}

const quoteUrl = (id: string, query: Record<string, string | undefined>) =>
  `/api/admin/applications/${id}/refund-quote?${new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined))}`;

describe("GET /api/admin/applications/{id}/refund-quote", () => {
  it("applies each rule of the cancellation policy at its boundary", async () => {
    const { booking, paidPence } = await paidBooking();
    // 500.00 deposit + 748.50 first instalment (1497.00 split in two).
    expect(paidPence).toBe(124_850);
    const cases: [{ cancelledOn: string; guarantee?: string; travelCosts?: string }, object][] = [
      [{ cancelledOn: "2030-03-02" }, { rule: "full_minus_admin_fee", daysBefore: 91, refund: "1048.50" }],
      [{ cancelledOn: "2030-03-03" }, { rule: "half", daysBefore: 90, refund: "624.25" }],
      [{ cancelledOn: "2030-05-02" }, { rule: "half", daysBefore: 30, refund: "624.25" }],
      [{ cancelledOn: "2030-05-03" }, { rule: "none", daysBefore: 29, refund: "0.00" }],
      [
        { cancelledOn: "2030-06-01", guarantee: "true", travelCosts: "123.45" },
        { rule: "guarantee", daysBefore: 0, refund: "1125.05" },
      ],
      [
        { cancelledOn: "2030-06-02", guarantee: "true", travelCosts: "2000" },
        { rule: "guarantee", daysBefore: -1, refund: "0.00" },
      ],
    ];
    for (const [query, expected] of cases) {
      const res = await call("GET", quoteUrl(booking.id, query));
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      expect(res.json(), JSON.stringify(query)).toEqual({
        currency: "GBP",
        paid: "1248.50",
        cancelledOn: query.cancelledOn,
        ...expected,
      });
    }
  });

  it("refuses the guarantee outside the first two days of the retreat, and bad input, with 400", async () => {
    const { booking } = await paidBooking();
    for (const cancelledOn of ["2030-05-31", "2030-06-03"]) {
      const res = await call("GET", quoteUrl(booking.id, { cancelledOn, guarantee: "true", travelCosts: "10" }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe("guarantee");
    }
    for (const query of [{ cancelledOn: "2030-02-30" }, { travelCosts: "-5" }, { guarantee: "yes" }]) {
      expect((await call("GET", quoteUrl(booking.id, query))).statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await call("GET", quoteUrl(crypto.randomUUID(), {}))).statusCode).toBe(404);
  });

  it("counts only completed payments that are not refunds, and defaults the date to today in London", async () => {
    const retreat = await makeRetreat(app, { startDate: "2099-01-01" });
    const booking = await makeBooking(app, retreat.id);
    await app.db.insert(payments).values([
      { applicationId: booking.id, type: "manual", amount: "300.00", status: "completed", paymentMethod: "cash" },
      { applicationId: booking.id, type: "refund", amount: "50.00", status: "completed", paymentMethod: "cash" },
      { applicationId: booking.id, type: "manual", amount: "99.00", status: "failed", paymentMethod: "cash" },
    ]);
    const res = await call("GET", quoteUrl(booking.id, {}));
    expect(res.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(res.json()).toMatchObject({
      paid: "300.00",
      refund: "100.00",
      rule: "full_minus_admin_fee",
      cancelledOn: today,
    });
  });

  it("says so when the retreat has no start date (409)", async () => {
    const retreat = await makeRetreat(app, { startDate: null });
    const booking = await makeBooking(app, retreat.id);
    const res = await call("GET", quoteUrl(booking.id, {}));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(placeMessages.noStartDate);
  });
});

describe("POST /api/admin/applications/{id}/cancel", () => {
  it("records the refund, cancels the plan, declines with a note and offers the place to the waitlist, in one go", async () => {
    const { retreat, booking } = await paidBooking();
    for (let i = 0; i < 3; i += 1) await makeBooking(app, retreat.id);
    const waiting = await makeApplication(app, retreat.id, { stage: "waitlist" });

    const res = await call("POST", `/api/admin/applications/${booking.id}/cancel`, {
      reason: "Family emergency",
      cancelledOn: "2030-04-01",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      applicationId: booking.id,
      stage: "declined",
      quote: { paid: "1248.50", refund: "624.25", rule: "half", daysBefore: 61 },
      offersMade: 1,
    });

    const [refund] = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, booking.id), eq(payments.type, "refund")));
    expect(refund).toMatchObject({ id: body.refundPaymentId, amount: "624.25", status: "pending", currency: "GBP" });
    expect(refund!.metadata).toMatchObject({ rule: "half", daysBefore: 61, reason: "Family emergency" });

    const [plan] = await app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, booking.id));
    expect(plan!.status).toBe("cancelled");
    const scheduled = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentPlanId, plan!.id)));
    expect(scheduled.map((p) => p.status).sort()).toEqual(["cancelled", "completed", "completed"]);

    const [after] = await app.db.select().from(applications).where(eq(applications.id, booking.id));
    expect(after!.stage).toBe("declined");
    expect(after!.internalNotes).toContain("Booking cancelled (2030-04-01): Family emergency.");
    const audit = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, booking.id), eq(auditLogs.action, "cancel_booking")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBe(staff.user.id);
    expect(audit[0]!.newValues).toMatchObject({ refund: "624.25", rule: "half", reason: "Family emergency" });

    expect(await offerEmailsTo(app, waiting.email)).toHaveLength(1);

    // It holds no place any more.
    const again = await call("POST", `/api/admin/applications/${booking.id}/cancel`, { reason: "Again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(placeMessages.notHoldingPlace);
  });

  it("records no refund row when the policy gives nothing", async () => {
    const { booking } = await paidBooking();
    const res = await call("POST", `/api/admin/applications/${booking.id}/cancel`, {
      reason: "Changed plans",
      cancelledOn: "2030-05-20",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refundPaymentId: null, quote: { rule: "none", refund: "0.00" } });
    const refunds = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, booking.id), eq(payments.type, "refund")));
    expect(refunds).toHaveLength(0);
  });

  it("takes the guarantee with travel costs", async () => {
    const { booking } = await paidBooking();
    const res = await call("POST", `/api/admin/applications/${booking.id}/cancel`, {
      reason: "Unsatisfied on arrival",
      cancelledOn: "2030-06-02",
      guarantee: { travelCosts: "200.50" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().quote).toMatchObject({ rule: "guarantee", refund: "1048.00" });
  });

  it("refuses a blank reason, unknown fields, a waitlisted application and a missing one, changing nothing", async () => {
    const { retreat, booking } = await paidBooking();
    const blank = await call("POST", `/api/admin/applications/${booking.id}/cancel`, { reason: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(placeMessages.reasonRequired);
    expect((await call("POST", `/api/admin/applications/${booking.id}/cancel`, {})).statusCode).toBe(400);
    expect(
      (await call("POST", `/api/admin/applications/${booking.id}/cancel`, { reason: "x", refund: "all" })).statusCode,
    ).toBe(400);
    const outOfWindow = await call("POST", `/api/admin/applications/${booking.id}/cancel`, {
      reason: "x",
      cancelledOn: "2030-01-01",
      guarantee: { travelCosts: "0" },
    });
    expect(outOfWindow.statusCode).toBe(400);
    const [still] = await app.db.select().from(applications).where(eq(applications.id, booking.id));
    expect(still!.stage).toBe("accepted");

    const waiting = await makeApplication(app, retreat.id, { stage: "waitlist" });
    expect((await call("POST", `/api/admin/applications/${waiting.id}/cancel`, { reason: "x" })).statusCode).toBe(409);
    expect(
      (await call("POST", `/api/admin/applications/${crypto.randomUUID()}/cancel`, { reason: "x" })).statusCode,
    ).toBe(404);
  });
});
