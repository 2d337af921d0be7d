import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import type { PaymentOverview } from "../../../shared/schemas/payments";
import { paymentPlans, payments } from "../../db/schema";
import { applicant, retreatWithRates } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let staff: string;

withTestApp(async (built) => {
  app = built;
  staff = (await signedInAs(app, "staff")).cookie;
});

async function plan(applicationId: string, values: { total: string; remaining: string; status?: string }) {
  const [row] = await app.db
    .insert(paymentPlans)
    .values({
      applicationId,
      planType: "solo",
      totalAmount: values.total,
      remainingAmount: values.remaining,
      status: values.status ?? "active",
    })
    .returning();
  return row!;
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe("GET /api/admin/payment-overview", () => {
  it("sums what is outstanding and lists upcoming, overdue and recent payments", async () => {
    const { retreat } = await retreatWithRates(app);
    const ada = await applicant(app, retreat.id, { firstName: "Ada", lastName: "Lovelace", stage: "accepted" });
    const bo = await applicant(app, retreat.id, { firstName: "Bo", lastName: "", stage: "accepted" });
    const cy = await applicant(app, retreat.id, { stage: "declined" });
    const adaPlan = await plan(ada.id, { total: "1997.00", remaining: "1497.00" });
    const boPlan = await plan(bo.id, { total: "3794.00", remaining: "3794.01" });
    const cyPlan = await plan(cy.id, { total: "1997.00", remaining: "1997.00", status: "cancelled" });
    const today = todayIn("Europe/London");
    const pending = (planId: string, applicationId: string, amount: string, dueDate: string) => ({
      paymentPlanId: planId,
      applicationId,
      type: "installment",
      amount,
      status: "pending",
      dueDate,
    });
    await app.db.insert(payments).values([
      pending(adaPlan.id, ada.id, "748.50", addDays(today, -3)),
      pending(boPlan.id, bo.id, "1000.00", addDays(today, -1)),
      pending(adaPlan.id, ada.id, "748.50", today),
      pending(boPlan.id, bo.id, "1397.00", addDays(today, 7)),
      pending(boPlan.id, bo.id, "1397.01", addDays(today, 8)),
      // A cancelled payment is owed by nobody.
      { ...pending(cyPlan.id, cy.id, "500.00", addDays(today, -2)), status: "cancelled" },
      {
        paymentPlanId: adaPlan.id,
        applicationId: ada.id,
        type: "refund",
        amount: "100.00",
        status: "completed",
        paidAt: daysAgo(1),
      },
      {
        paymentPlanId: adaPlan.id,
        applicationId: ada.id,
        type: "deposit",
        amount: "500.00",
        status: "completed",
        paidAt: daysAgo(31),
      },
      ...Array.from({ length: 12 }, (_, i) => ({
        paymentPlanId: cyPlan.id,
        applicationId: cy.id,
        type: "manual",
        amount: "10.01",
        status: "completed",
        paymentMethod: "cash",
        paidAt: daysAgo(i + 1),
      })),
    ]);

    const res = await app.inject({ method: "GET", url: "/api/admin/payment-overview", headers: { cookie: staff } });
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json() as PaymentOverview;
    expect(overview).toMatchObject({
      totalOutstanding: "5291.01",
      totalApplications: 2,
      upcomingCount: 2,
      upcomingAmount: "2145.50",
      overdueCount: 2,
      overdueAmount: "1748.50",
      recentAmount: "120.12",
      currency: "GBP",
    });
    expect(overview.upcomingPayments.map((p) => [p.applicantName, p.amount, p.dueDate])).toEqual([
      ["Ada Lovelace", "748.50", today],
      ["Bo", "1397.00", addDays(today, 7)],
    ]);
    expect(overview.overduePayments.map((p) => [p.amount, p.dueDate])).toEqual([
      ["748.50", addDays(today, -3)],
      ["1000.00", addDays(today, -1)],
    ]);
    expect(overview.recentPayments).toHaveLength(10);
    expect(overview.recentPayments.every((p) => p.type === "manual" && p.status === "completed")).toBe(true);
    const paidTimes = overview.recentPayments.map((p) => p.paidAt!);
    expect([...paidTimes].sort().reverse()).toEqual(paidTimes);
  });
});
