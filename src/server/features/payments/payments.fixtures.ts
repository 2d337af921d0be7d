/** Test-only reads for the payments tests (imported only by *.test.ts); the rows come from test/builders. */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { paymentPlans, payments } from "../../db/schema";

export async function plansOf(app: FastifyInstance, applicationId: string) {
  return app.db.select().from(paymentPlans).where(eq(paymentPlans.applicationId, applicationId));
}

export async function activePlanOf(app: FastifyInstance, applicationId: string) {
  const [plan] = await app.db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.applicationId, applicationId), eq(paymentPlans.status, "active")));
  return plan;
}

export async function paymentsOfPlan(app: FastifyInstance, planId: string) {
  const rows = await app.db.select().from(payments).where(eq(payments.paymentPlanId, planId));
  return rows.sort((a, b) => ((a.metadata.sequence as number) ?? 99) - ((b.metadata.sequence as number) ?? 99));
}
