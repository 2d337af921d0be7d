/** Test-only rows for the reminder and Stripe tests (imported only by *.test.ts). */
import type { FastifyInstance } from "fastify";
import { fromPence, toPence } from "../../../shared/finance/money";
import { paymentPlans, payments } from "../../db/schema";
import { insertApplication, insertRetreat } from "../schedule/schedule.fixtures";

export type PlannedRow = {
  type?: "deposit" | "installment";
  amount: string;
  dueDate: string;
  description?: string;
  /** Already received (completed at createdAt), so it is never reminded about. */
  paid?: boolean;
};

/** A plan with scheduled payments, as createPlanForAcceptance leaves it, created at `createdAt`. */
export async function insertPlan(
  app: FastifyInstance,
  options: {
    applicationId: string;
    rows: PlannedRow[];
    createdAt: Date;
    status?: string;
  },
) {
  const total = options.rows.reduce((sum, r) => sum + toPence(r.amount), 0);
  const paid = options.rows.filter((r) => r.paid).reduce((sum, r) => sum + toPence(r.amount), 0);
  const [plan] = await app.db
    .insert(paymentPlans)
    .values({
      applicationId: options.applicationId,
      planType: "Shared room",
      totalAmount: fromPence(total),
      remainingAmount: fromPence(total - paid),
      installmentCount: options.rows.length - 1,
      status: options.status ?? "active",
      createdAt: options.createdAt,
    })
    .returning();
  const rows = await app.db
    .insert(payments)
    .values(
      options.rows.map((r, i) => ({
        applicationId: options.applicationId,
        paymentPlanId: plan!.id,
        type: r.type ?? (i === 0 ? "deposit" : "installment"),
        amount: r.amount,
        status: r.paid ? "completed" : "pending",
        paymentMethod: r.paid ? "bank_transfer" : "stripe",
        paidAt: r.paid ? options.createdAt : null,
        dueDate: r.dueDate,
        description: r.description ?? (i === 0 ? "Deposit" : `Instalment ${i} of ${options.rows.length - 1}`),
        createdAt: options.createdAt,
      })),
    )
    .returning();
  return { plan: plan!, payments: rows };
}

/** An accepted applicant on a retreat with a plan of the given payments. */
export async function applicantWithPlan(
  app: FastifyInstance,
  rows: PlannedRow[],
  options: { createdAt: Date; retreatName?: string; planStatus?: string; email?: string; firstName?: string },
) {
  const retreat = await insertRetreat(app, { name: options.retreatName ?? "Bali 2026", startDate: "2026-09-10" });
  const application = await insertApplication(app, {
    retreatId: retreat.id,
    firstName: options.firstName ?? "Ada",
    lastName: "Lovelace",
    ...(options.email ? { email: options.email } : {}),
  });
  const { plan, payments: created } = await insertPlan(app, {
    applicationId: application.id,
    rows,
    createdAt: options.createdAt,
    ...(options.planStatus ? { status: options.planStatus } : {}),
  });
  return { retreat, application, plan, payments: created };
}
