import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { todayIn } from "../../../shared/finance/dates";
import { toPence } from "../../../shared/finance/money";
import type { AdminApplicationCreate } from "../../../shared/schemas/applications-admin";
import type { PaymentDto, PaymentPlanDto } from "../../../shared/schemas/payments";
import { applications, auditLogs, bookingTypes, payments, placeOffers } from "../../db/schema";
import { applicant, retreatWithRates } from "../../test/builders";
import { activePlanOf, paymentsOfPlan, plansOf } from "../../test/fixtures/payments";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { acceptIntoRetreat } from "../admissions/admissions.service";
import { createApplication } from "../applications/applications.admin.service";

type Method = "GET" | "POST" | "PUT" | "PATCH";
let app: FastifyInstance;
let staff: string;
let owner: string;
let vendor: string;
let guest: string;
let retreatId: string;
let ownerId: string;

withTestApp(async (built) => {
  app = built;
  staff = (await signedInAs(app, "staff")).cookie;
  const o = await signedInAs(app, "owner");
  owner = o.cookie;
  ownerId = o.user.id;
  vendor = (await signedInAs(app, "vendor")).cookie;
  guest = (await signedInAs(app, "guest")).cookie;
  retreatId = (await retreatWithRates(app, { capacity: 50 })).retreat.id;
});

function call(method: Method, url: string, cookie: string | null = staff, payload?: object) {
  return app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

async function escalate(id: string, stage: string, cookie = staff) {
  return call("POST", `/api/admin/applications/${id}/escalate/${stage}`, cookie, { notify: false });
}

async function planFor(applicationId: string): Promise<PaymentPlanDto> {
  const res = await call("GET", `/api/admin/payment-plans?applicationId=${applicationId}&status=active`);
  expect(res.statusCode, res.body).toBe(200);
  const plans = res.json() as PaymentPlanDto[];
  expect(plans).toHaveLength(1);
  return plans[0]!;
}

const amounts = (plan: PaymentPlanDto) => plan.payments.map((p) => [p.type, p.amount, p.dueDate, p.status]);
const sumPence = (list: { amount: string }[]) => list.reduce((s, p) => s + toPence(p.amount), 0);

describe("who may call the payments API", () => {
  it("answers 401 to anonymous callers, 403 to vendors and guests, and lets owner and staff in", async () => {
    const id = crypto.randomUUID();
    const routes: [Method, string, object?][] = [
      ["GET", "/api/admin/payment-overview"],
      ["GET", "/api/admin/payment-plans"],
      ["POST", `/api/admin/payment-plans/${id}/complete`],
      ["GET", "/api/admin/payments"],
      ["POST", "/api/admin/payments", { paymentPlanId: id, amount: "10.00", paymentMethod: "cash" }],
      ["PUT", `/api/admin/payments/${id}/status`, { status: "completed" }],
      ["GET", "/api/admin/booking-types"],
      ["POST", "/api/admin/booking-types", { name: "x", basePrice: "1.00" }],
      ["PATCH", `/api/admin/booking-types/${id}`, { priority: 1 }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, vendor, body)).statusCode, `${method} ${url} vendor`).toBe(403);
      expect((await call(method, url, guest, body)).statusCode, `${method} ${url} guest`).toBe(403);
      for (const cookie of [staff, owner]) {
        const res = await call(method, url, cookie, body);
        expect([200, 201, 400, 404, 409], `${method} ${url} ${res.body}`).toContain(res.statusCode);
        if (method === "GET") expect(res.statusCode).toBe(200);
      }
    }
  });
});

describe("booking types", () => {
  it("lists the seeded rates and add-on", async () => {
    const res = await call("GET", "/api/admin/booking-types", owner);
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { name: string; isAddon: boolean; basePrice: string }[]).map((b) => [
      b.name,
      b.basePrice,
      b.isAddon,
    ]);
    expect(names).toEqual(
      expect.arrayContaining([
        ["solo", "1997.00", false],
        ["couple", "1897.00", false],
        ["vip", "600.00", true],
      ]),
    );
    const own = await call("GET", `/api/admin/booking-types?retreatId=${retreatId}`);
    expect((own.json() as unknown[]).length).toBe(3);
  });

  it("edits a price, audits it, and the landing page's retreat call shows the new price", async () => {
    const list = (await call("GET", "/api/admin/booking-types")).json() as {
      id: string;
      name: string;
      retreatId: string;
    }[];
    const current = (await call("GET", "/api/current-retreat", null)).json() as {
      id: string;
      bookingTypes: { id: string; name: string; basePrice: string }[];
    };
    const solo = list.find((b) => b.name === "solo" && b.retreatId === current.id)!;
    const res = await call("PATCH", `/api/admin/booking-types/${solo.id}`, owner, {
      basePrice: "2049.5",
      description: "Own bed, garden view",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ basePrice: "2049.50", description: "Own bed, garden view" });
    const landing = (await call("GET", "/api/current-retreat", null)).json() as typeof current;
    expect(landing.bookingTypes.find((b) => b.id === solo.id)!.basePrice).toBe("2049.50");
    const [audit] = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, solo.id));
    expect(audit).toMatchObject({
      action: "update",
      entityType: "booking_type",
      userId: ownerId,
      oldValues: { basePrice: "1997.00", description: "Your own bed in a shared villa room." },
      newValues: { basePrice: "2049.50", description: "Own bed, garden view" },
    });
    // A deactivated type disappears from the landing page.
    await call("PATCH", `/api/admin/booking-types/${solo.id}`, owner, { isActive: false });
    const hidden = (await call("GET", "/api/current-retreat", null)).json() as typeof current;
    expect(hidden.bookingTypes.map((b) => b.id)).not.toContain(solo.id);
    await call("PATCH", `/api/admin/booking-types/${solo.id}`, owner, { isActive: true, basePrice: "1997.00" });
  });

  it("creates a booking type for the current retreat and audits it", async () => {
    const res = await call("POST", "/api/admin/booking-types", staff, {
      name: "villa-suite",
      displayName: "Villa suite",
      basePrice: "2500.00",
      depositAmount: "500.00",
      features: ["Private bathroom"],
      isActive: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: "villa-suite", maxOccupancy: 1, isAddon: false, currency: "GBP" });
    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, created.id));
    expect(audit.map((a) => a.action)).toEqual(["create"]);
    const again = await call("POST", "/api/admin/booking-types", staff, { name: "Villa-Suite", basePrice: "1.00" });
    expect(again.statusCode).toBe(409);
  });

  it("refuses bad input with 400: a deposit above the price, bad amounts, unknown fields", async () => {
    const [couple] = await app.db
      .select()
      .from(bookingTypes)
      .where(and(eq(bookingTypes.retreatId, retreatId), eq(bookingTypes.name, "couple")));
    const bad: object[] = [
      { depositAmount: "3000.00" },
      { basePrice: "400.00" },
      { basePrice: "12.345" },
      { basePrice: "-1.00" },
      { maxOccupancy: 3 },
      { unknown: true },
      {},
    ];
    for (const body of bad) {
      const res = await call("PATCH", `/api/admin/booking-types/${couple!.id}`, staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const post = await call("POST", "/api/admin/booking-types", staff, {
      name: "x",
      basePrice: "10",
      depositAmount: "20",
    });
    expect(post.statusCode).toBe(400);
    expect(
      (await call("PATCH", `/api/admin/booking-types/${crypto.randomUUID()}`, staff, { priority: 2 })).statusCode,
    ).toBe(404);
  });
});

describe("a payment plan on acceptance", () => {
  const today = () => todayIn("Europe/London");

  it("escalation to accepted: a solo plan of deposit plus two instalments that add up to the price", async () => {
    const a = await applicant(app, retreatId);
    const res = await escalate(a.id, "accepted");
    expect(res.statusCode, res.body).toBe(200);
    const plan = await planFor(a.id);
    expect(plan).toMatchObject({
      planType: "solo",
      totalAmount: "1997.00",
      depositAmount: "500.00",
      paidAmount: "0.00",
      remainingAmount: "1997.00",
      installmentCount: 2,
      status: "active",
      applicantEmail: a.email,
      applicantName: `${a.firstName} Tester`,
      nextDueDate: today(),
    });
    expect(amounts(plan)).toEqual([
      ["deposit", "500.00", today(), "pending"],
      ["installment", "748.50", "2029-11-01", "pending"],
      ["installment", "748.50", "2030-02-01", "pending"],
    ]);
    expect(sumPence(plan.payments)).toBe(toPence(plan.totalAmount));
    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, plan.id));
    expect(audit.map((r) => [r.action, r.entityType])).toEqual([["create", "payment_plan"]]);
  });

  it("stage change by PATCH: a couple pays per person, deposit for two", async () => {
    const a = await applicant(app, retreatId, { applicationType: "couple", stage: "waitlist" });
    const res = await call("PATCH", `/api/admin/applications/${a.id}`, staff, { stage: "accepted" });
    expect(res.statusCode, res.body).toBe(200);
    const plan = await planFor(a.id);
    expect(plan).toMatchObject({ planType: "couple", totalAmount: "3794.00", depositAmount: "1000.00" });
    expect(amounts(plan).map((p) => p[1])).toEqual(["1000.00", "1397.00", "1397.00"]);
  });

  it("staff entry straight into accepted: VIP is added per person, and the odd penny is not lost", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 10 }, { solo: "1997.01", vip: "600.00" });
    const input = {
      firstName: "Vera",
      lastName: "Vip",
      email: "vera@example.com",
      motivations: "m".repeat(60),
      advocacyInvolvement: "a".repeat(30),
      applicationType: "individual",
      wantsVipUpgrade: true,
      retreatId: retreat.id,
      stage: "accepted",
    } as unknown as AdminApplicationCreate;
    const created = await createApplication(app.db, input, { userId: ownerId });
    const plan = await planFor(created.id);
    expect(plan).toMatchObject({ planType: "solo+vip", totalAmount: "2597.01", depositAmount: "500.00" });
    expect(amounts(plan).map((p) => p[1])).toEqual(["500.00", "1048.51", "1048.50"]);
    expect(sumPence(plan.payments)).toBe(259701);
  });

  it("a couple with VIP pays (rate + VIP) x 2", async () => {
    const a = await applicant(app, retreatId, { applicationType: "couple", wantsVipUpgrade: true });
    expect((await escalate(a.id, "accepted")).statusCode).toBe(200);
    const plan = await planFor(a.id);
    expect(plan).toMatchObject({ planType: "couple+vip", totalAmount: "4994.00", depositAmount: "1000.00" });
    expect(sumPence(plan.payments)).toBe(499400);
  });

  it("uses the booking type the application chose", async () => {
    const [suite] = await app.db
      .insert(bookingTypes)
      .values({ retreatId, name: "suite", basePrice: "3000.00", depositAmount: "750.00", priority: 9 })
      .returning();
    const a = await applicant(app, retreatId, { bookingTypeId: suite!.id });
    expect((await escalate(a.id, "accepted")).statusCode).toBe(200);
    const plan = await planFor(a.id);
    expect(plan).toMatchObject({ planType: "suite", totalAmount: "3000.00", bookingTypeId: suite!.id });
    expect(amounts(plan).map((p) => p[1])).toEqual(["750.00", "1125.00", "1125.00"]);
  });

  it("refuses the acceptance (and keeps the stage) when VIP is wanted but no add-on is active", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 10 }, { vip: null });
    const a = await applicant(app, retreat.id, { wantsVipUpgrade: true });
    const res = await escalate(a.id, "accepted");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/VIP upgrade/);
    const [row] = await app.db.select().from(applications).where(eq(applications.id, a.id));
    expect(row!.stage).toBe("interview");
    expect(await plansOf(app, a.id)).toEqual([]);
  });

  it("late acceptance: instalments whose dates have passed fall due a week later", async () => {
    const { retreat } = await retreatWithRates(app, { capacity: 10, startDate: "2026-06-10" });
    const a = await applicant(app, retreat.id);
    await app.db.transaction(async (tx) => {
      // As completeInterview does it: the stage is written first, then the place is taken.
      await tx.update(applications).set({ stage: "accepted" }).where(eq(applications.id, a.id));
      await acceptIntoRetreat(tx, a, { userId: ownerId }, new Date("2026-05-01T12:00:00Z"));
    });
    const plan = (await activePlanOf(app, a.id))!;
    const rows = await paymentsOfPlan(app, plan.id);
    expect(rows.map((p) => [p.amount, p.dueDate])).toEqual([
      ["500.00", "2026-05-01"],
      ["748.50", "2026-05-08"],
      ["748.50", "2026-05-08"],
    ]);
  });

  it("moving between accepted and payment keeps the one plan", async () => {
    const a = await applicant(app, retreatId);
    await escalate(a.id, "accepted");
    expect((await escalate(a.id, "payment")).statusCode).toBe(200);
    expect(await plansOf(app, a.id)).toHaveLength(1);
  });
});

describe("leaving the accepted stages", () => {
  /** Someone waiting for a place: a released place is offered to them (the places module's job). */
  const waiting = () => applicant(app, retreatId, { stage: "waitlist" });
  /** Who was offered a place freed by this application leaving. */
  async function offeredPlacesReleasedBy(applicationId: string) {
    const rows = await app.db
      .select({ applicationId: placeOffers.applicationId })
      .from(placeOffers)
      .where(eq(placeOffers.releasedByApplicationId, applicationId));
    return rows.map((row) => row.applicationId);
  }

  it("decline cancels the plan and its pending payments, keeps completed ones, and releases the place", async () => {
    const a = await applicant(app, retreatId);
    await escalate(a.id, "accepted");
    const plan = await planFor(a.id);
    const deposit = plan.payments[0]!;
    expect(
      (
        await call("PUT", `/api/admin/payments/${deposit.id}/status`, staff, {
          status: "completed",
          paymentMethod: "card",
        })
      ).statusCode,
    ).toBe(200);
    const next = await waiting();

    const res = await escalate(a.id, "declined");
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await plansOf(app, a.id);
    expect(stored!.status).toBe("cancelled");
    const rows = await paymentsOfPlan(app, stored!.id);
    expect(rows.map((p) => p.status)).toEqual(["completed", "cancelled", "cancelled"]);
    expect(await offeredPlacesReleasedBy(a.id)).toContain(next.id);
    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, stored!.id));
    expect(audit.map((r) => r.action)).toContain("cancel");
  });

  it("moving to the waitlist by PATCH does the same, and accepting again gives a fresh plan", async () => {
    const a = await applicant(app, retreatId, { stage: "accepted" });
    await acceptIntoRetreat(app.db, a, { userId: ownerId });
    const next = await waiting();
    const res = await call("PATCH", `/api/admin/applications/${a.id}`, staff, { stage: "waitlist" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await plansOf(app, a.id)).map((p) => p.status)).toEqual(["cancelled"]);
    const offered = await offeredPlacesReleasedBy(a.id);
    expect(offered).toContain(next.id);
    // Moved back to the waitlist, it is not offered its own place.
    expect(offered).not.toContain(a.id);

    expect((await call("PATCH", `/api/admin/applications/${a.id}`, staff, { stage: "accepted" })).statusCode).toBe(200);
    expect((await plansOf(app, a.id)).map((p) => p.status).sort()).toEqual(["active", "cancelled"]);
  });

  it("a decline that is refused changes nothing", async () => {
    const a = await applicant(app, retreatId);
    await escalate(a.id, "accepted");
    await escalate(a.id, "payment");
    await waiting();
    expect((await escalate(a.id, "declined")).statusCode).toBe(409);
    expect((await activePlanOf(app, a.id))?.status).toBe("active");
    expect(await offeredPlacesReleasedBy(a.id)).toEqual([]);
  });
});

describe("payments", () => {
  async function acceptedPlan() {
    const a = await applicant(app, retreatId);
    await escalate(a.id, "accepted");
    return planFor(a.id);
  }

  it("marks a pending payment completed with the chosen method, once", async () => {
    const plan = await acceptedPlan();
    const deposit = plan.payments[0]!;
    const res = await call("PUT", `/api/admin/payments/${deposit.id}/status`, owner, {
      status: "completed",
      paymentMethod: "bank_transfer",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "completed", paymentMethod: "bank_transfer", amount: "500.00" });
    expect(res.json().paidAt).toBeTruthy();
    const after = await planFor(plan.applicationId!);
    expect(after).toMatchObject({ paidAmount: "500.00", remainingAmount: "1497.00", nextDueDate: "2029-11-01" });

    const again = await call("PUT", `/api/admin/payments/${deposit.id}/status`, owner, { status: "completed" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Only a pending payment can be marked as completed; this one is completed.");
    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, deposit.id));
    expect(audit.map((r) => [r.action, r.userId])).toEqual([["complete", ownerId]]);
  });

  it("refuses other statuses, methods and ids", async () => {
    const plan = await acceptedPlan();
    const id = plan.payments[1]!.id;
    expect((await call("PUT", `/api/admin/payments/${id}/status`, staff, { status: "failed" })).statusCode).toBe(400);
    expect(
      (await call("PUT", `/api/admin/payments/${id}/status`, staff, { status: "completed", paymentMethod: "bitcoin" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("PUT", `/api/admin/payments/not-a-uuid/status`, staff, { status: "completed" })).statusCode,
    ).toBe(400);
    expect(
      (await call("PUT", `/api/admin/payments/${crypto.randomUUID()}/status`, staff, { status: "completed" }))
        .statusCode,
    ).toBe(404);
  });

  it("records a manual payment, settling the scheduled payments earliest first", async () => {
    const plan = await acceptedPlan();
    const res = await call("POST", "/api/admin/payments", staff, {
      paymentPlanId: plan.id,
      amount: "600",
      paymentMethod: "cash",
      paidAt: "2026-01-15T10:00:00Z",
      description: "Cash at the info evening",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      type: "manual",
      amount: "600.00",
      status: "completed",
      paymentMethod: "cash",
      paidAt: "2026-01-15T10:00:00.000Z",
      description: "Cash at the info evening",
    });
    const after = await planFor(plan.applicationId!);
    expect(after.remainingAmount).toBe("1397.00");
    const scheduled = after.payments.filter((p) => p.type !== "manual");
    expect(scheduled.map((p) => [p.type, p.amount, p.status])).toEqual([
      ["deposit", "500.00", "cancelled"],
      ["installment", "648.50", "pending"],
      ["installment", "748.50", "pending"],
    ]);
    // What is still scheduled is exactly what remains.
    expect(sumPence(scheduled.filter((p) => p.status === "pending"))).toBe(toPence(after.remainingAmount));
    const audit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, res.json().id));
    expect(audit.map((r) => [r.action, r.entityType])).toEqual([["create", "payment"]]);
  });

  it("refuses an overpayment with 400 and bad bodies with 400", async () => {
    const plan = await acceptedPlan();
    const over = await call("POST", "/api/admin/payments", staff, {
      paymentPlanId: plan.id,
      amount: "1997.01",
      paymentMethod: "card",
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: "The amount is more than the plan's remaining balance of £1,997." });
    expect(over.json().errors[0].path).toBe("amount");
    const bodies: object[] = [
      { paymentPlanId: plan.id, amount: "0", paymentMethod: "card" },
      { paymentPlanId: plan.id, amount: "ten", paymentMethod: "card" },
      { paymentPlanId: plan.id, amount: "10.00", paymentMethod: "stripe" },
      { paymentPlanId: plan.id, amount: "10.00", paymentMethod: "card", paidAt: "2999-01-01T00:00:00Z" },
      { paymentPlanId: plan.id, amount: "10.00", paymentMethod: "card", extra: 1 },
      { paymentPlanId: crypto.randomUUID(), amount: "10.00", paymentMethod: "card" },
    ];
    for (const body of bodies) {
      expect((await call("POST", "/api/admin/payments", staff, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const rows = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentPlanId, plan.id), eq(payments.type, "manual")));
    expect(rows).toEqual([]);
  });

  it("completes a plan only when it is active and fully paid", async () => {
    const plan = await acceptedPlan();
    const early = await call("POST", `/api/admin/payment-plans/${plan.id}/complete`, staff);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      "Only an active plan with nothing left to pay can be completed; this one still has £1,997 to pay.",
    );
    for (const p of plan.payments) {
      const res = await call("PUT", `/api/admin/payments/${p.id}/status`, staff, {
        status: "completed",
        paymentMethod: "card",
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const done = await call("POST", `/api/admin/payment-plans/${plan.id}/complete`, owner);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: "completed",
      remainingAmount: "0.00",
      paidAmount: "1997.00",
      nextDueDate: null,
    });
    const twice = await call("POST", `/api/admin/payment-plans/${plan.id}/complete`, owner);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/completed/);
    expect((await call("POST", `/api/admin/payment-plans/${crypto.randomUUID()}/complete`, owner)).statusCode).toBe(
      404,
    );
    // A completed plan takes no more manual payments.
    const more = await call("POST", "/api/admin/payments", staff, {
      paymentPlanId: plan.id,
      amount: "1.00",
      paymentMethod: "cash",
    });
    expect(more.statusCode).toBe(409);
  });

  it("lists payments newest first, filtered by status and application, a page at a time", async () => {
    const plan = await acceptedPlan();
    const byApp = await call("GET", `/api/admin/payments?applicationId=${plan.applicationId}`);
    expect(byApp.statusCode).toBe(200);
    expect(byApp.json().total).toBe(3);
    const pending = (
      await call("GET", `/api/admin/payments?applicationId=${plan.applicationId}&status=pending`)
    ).json();
    expect(pending.items.every((p: PaymentDto) => p.status === "pending")).toBe(true);
    const manual = await call("POST", "/api/admin/payments", staff, {
      paymentPlanId: plan.id,
      amount: "5.00",
      paymentMethod: "check",
    });
    const first = (await call("GET", "/api/admin/payments?pageSize=1")).json();
    expect(first.items[0].id).toBe(manual.json().id);
    expect(first.items[0].applicantEmail).toBe(plan.applicantEmail);
    expect(first.pageSize).toBe(1);
    expect(first.total).toBeGreaterThan(3);
    for (const q of ["status=paid", "pageSize=101", "applicationId=x", "bogus=1"]) {
      expect((await call("GET", `/api/admin/payments?${q}`)).statusCode, q).toBe(400);
    }
  });
});
