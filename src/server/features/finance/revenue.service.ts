import { and, eq, inArray, sql } from "drizzle-orm";
import { toPence } from "../../../shared/finance/money";
import { applications, paymentPlans, payments } from "../../db/schema";
import type { DbOrTx } from "../../email/outbox";

/** Scheduled kinds of payment that are still owed while their plan is active. */
const dueTypes = ["deposit", "installment", "manual"];

/**
 * Revenue from the payments rows (docs/decisions/008-payments-and-places.md), summed in SQL as
 * numeric so no float touches it:
 * - received = completed payments minus completed refunds (a refund is a positive amount of type refund);
 * - due = pending deposit, instalment and manual payments of active plans.
 * Without a retreat id, every retreat's payments count (the dashboard's figure).
 */
export async function revenueTotals(
  db: DbOrTx,
  retreatId?: string,
): Promise<{ receivedPence: number; duePence: number }> {
  const ofRetreat = retreatId ? eq(applications.retreatId, retreatId) : undefined;
  const signed = sql`case when ${payments.type} = 'refund' then -${payments.amount} else ${payments.amount} end`;
  const [[received], [due]] = await Promise.all([
    db
      .select({ total: sql<string>`coalesce(sum(${signed}), 0)::numeric(12,2)::text` })
      .from(payments)
      .leftJoin(applications, eq(applications.id, payments.applicationId))
      .where(and(eq(payments.status, "completed"), ofRetreat)),
    db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(12,2)::text` })
      .from(payments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
      .leftJoin(applications, eq(applications.id, payments.applicationId))
      .where(
        and(
          eq(payments.status, "pending"),
          inArray(payments.type, dueTypes),
          eq(paymentPlans.status, "active"),
          ofRetreat,
        ),
      ),
  ]);
  return { receivedPence: toPence(received?.total ?? "0"), duePence: toPence(due?.total ?? "0") };
}
