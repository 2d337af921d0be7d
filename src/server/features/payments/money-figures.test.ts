import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import { fromPence, toPence } from "../../../shared/finance/money";
import type { PaymentOverview, PaymentPlanDto } from "../../../shared/schemas/payments";
import { paymentPlans, payments } from "../../db/schema";
import { applicant, retreatWithRates } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { isPaymentOwed, owedPayment } from "./money-figures";

let app: FastifyInstance;
let staff: string;

withTestApp(async (built) => {
  app = built;
  staff = (await signedInAs(app, "staff")).cookie;
});

async function call(method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  const res = await app.inject({ method, url, payload, headers: { cookie: staff } });
  expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(300);
  return res.json();
}

const sumPence = (list: { amount: string }[]) => list.reduce((s, p) => s + toPence(p.amount), 0);

describe("one definition of received, due, outstanding and overdue", () => {
  it("gives the Finance tab, the Payments tab and the dashboard the same figures for plans of every kind and state", async () => {
    const today = todayIn("Europe/London");
    const { retreat } = await retreatWithRates(app, { capacity: 50, startDate: addDays(today, 240) });
    const accepted = async (overrides: Parameters<typeof applicant>[2]) => {
      const row = await applicant(app, retreat.id, overrides);
      await call("POST", `/api/admin/applications/${row.id}/escalate/accepted`, { notify: false });
      const [plan] = (await call("GET", `/api/admin/payment-plans?applicationId=${row.id}`)) as PaymentPlanDto[];
      return { application: row, plan: plan! };
    };
    const markPaid = (paymentId: string) =>
      call("PUT", `/api/admin/payments/${paymentId}/status`, { status: "completed", paymentMethod: "bank_transfer" });

    // Solo, nothing paid yet: the deposit falls due today.
    await accepted({ firstName: "Ada" });
    // A couple with the VIP upgrade: deposit paid, then 300 in cash off the next instalment.
    const bo = await accepted({ firstName: "Bo", applicationType: "couple", wantsVipUpgrade: true });
    await markPaid(bo.plan.payments[0]!.id);
    await call("POST", "/api/admin/payments", { paymentPlanId: bo.plan.id, amount: "300.00", paymentMethod: "cash" });
    // Solo whose deposit is past due and whose first instalment's card was declined after its due
    // date (no product path writes "failed" yet: Stripe's failure events are not handled).
    const cy = await accepted({ firstName: "Cy" });
    const [cyDeposit, cyFirst] = cy.plan.payments;
    await app.db
      .update(payments)
      .set({ dueDate: addDays(today, -10) })
      .where(eq(payments.id, cyDeposit!.id));
    await app.db
      .update(payments)
      .set({ status: "failed", dueDate: addDays(today, -3) })
      .where(eq(payments.id, cyFirst!.id));
    // Deposit paid, then the booking cancelled: the plan owes nothing; the refund went out.
    const di = await accepted({ firstName: "Di" });
    await markPaid(di.plan.payments[0]!.id);
    const cancelled = await call("POST", `/api/admin/applications/${di.application.id}/cancel`, {
      reason: "Family emergency",
    });
    if (cancelled.refundPaymentId) await markPaid(cancelled.refundPaymentId);
    // Paid in full and completed.
    const ed = await accepted({ firstName: "Ed" });
    for (const p of ed.plan.payments) await markPaid(p.id);
    await call("POST", `/api/admin/payment-plans/${ed.plan.id}/complete`);
    // Imported data: a payment type the product does not write ("balance") on an active plan.
    const fi = await applicant(app, retreat.id, { firstName: "Fi", stage: "payment" });
    const [fiPlan] = await app.db
      .insert(paymentPlans)
      .values({ applicationId: fi.id, planType: "solo", totalAmount: "1497.00", remainingAmount: "1497.00" })
      .returning();
    await app.db.insert(payments).values({
      applicationId: fi.id,
      paymentPlanId: fiPlan!.id,
      type: "balance",
      amount: "1497.00",
      status: "pending",
      dueDate: addDays(today, 30),
    });

    const finance = await call("GET", `/api/admin/financial-summary?retreatId=${retreat.id}`);
    const overview = (await call("GET", "/api/admin/payment-overview")) as PaymentOverview;
    const dashboard = await call("GET", "/api/admin/dashboard");
    const plans = (await call("GET", `/api/admin/payment-plans?retreatId=${retreat.id}`)) as PaymentPlanDto[];
    expect(plans.map((p) => p.status).sort()).toEqual([
      "active",
      "active",
      "active",
      "active",
      "cancelled",
      "completed",
    ]);

    // By hand from the plans the Payments tab lists: owed = pending or failed, not a refund, active plan.
    const active = plans.filter((p) => p.status === "active");
    const owed = active.flatMap((p) => p.payments).filter((p) => ["pending", "failed"].includes(p.status));
    const overdue = owed.filter((p) => p.dueDate! < today);
    const everyPayment = plans.flatMap((p) => p.payments);
    const completed = (await call("GET", "/api/admin/payments?status=completed&pageSize=100")).items as {
      type: string;
      amount: string;
    }[];
    const received =
      sumPence(completed.filter((p) => p.type !== "refund")) - sumPence(completed.filter((p) => p.type === "refund"));
    expect(everyPayment.some((p) => p.status === "failed")).toBe(true);
    expect(owed.some((p) => p.type === "balance")).toBe(true);

    // Outstanding (Payments) = Revenue due (Finance) = what the active plans still have to pay.
    expect(overview.totalOutstanding).toBe(fromPence(sumPence(owed)));
    expect(finance.revenue.due).toBe(overview.totalOutstanding);
    expect(fromPence(sumPence(active.map((p) => ({ amount: p.remainingAmount }))))).toBe(overview.totalOutstanding);
    expect(overview.totalApplications).toBe(active.length);
    // Overdue counts the failed past-due instalment as well as the unpaid deposit.
    expect(overview.overdueAmount).toBe(fromPence(sumPence(overdue)));
    expect(overview.overdueCount).toBe(2);
    expect(overview.overduePayments.map((p) => [p.id, p.status])).toEqual([
      [cyDeposit!.id, "pending"],
      [cyFirst!.id, "failed"],
    ]);
    // Received (Finance) = Revenue (dashboard): completed payments less completed refunds.
    expect(finance.revenue.received).toBe(fromPence(received));
    expect(dashboard.totalRevenue).toBe(finance.revenue.received);
    expect(finance.revenue.total).toBe(fromPence(received + sumPence(owed)));
  });

  it("reads the owed rule the same in SQL and in code, for every status, type and plan state", async () => {
    const { retreat } = await retreatWithRates(app);
    const person = await applicant(app, retreat.id);
    const planIds: (string | null)[] = [null];
    for (const status of ["active", "completed", "cancelled"]) {
      const [plan] = await app.db
        .insert(paymentPlans)
        .values({ applicationId: person.id, planType: "solo", totalAmount: "1.00", remainingAmount: "1.00", status })
        .returning();
      planIds.push(plan!.id);
    }
    const rows = planIds.flatMap((paymentPlanId) =>
      ["pending", "failed", "completed", "cancelled"].flatMap((status) =>
        ["deposit", "installment", "manual", "refund", "balance"].map((type) => ({
          applicationId: person.id,
          paymentPlanId,
          type,
          status,
          amount: "1.00",
        })),
      ),
    );
    await app.db.insert(payments).values(rows);
    const read = await app.db
      .select({
        payment: payments,
        plan: paymentPlans,
        owed: sql<boolean>`coalesce(${owedPayment}, false)`,
      })
      .from(payments)
      .leftJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
      .where(eq(payments.applicationId, person.id));
    expect(read).toHaveLength(rows.length);
    for (const row of read) {
      expect(row.owed, JSON.stringify([row.payment.status, row.payment.type, row.plan?.status])).toBe(
        isPaymentOwed(row.payment, row.plan),
      );
    }
    expect(read.filter((r) => r.owed)).toHaveLength(8);
  });
});
