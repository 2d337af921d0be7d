/**
 * Reminders follow their payment and plan (payment-reminders/reminder-rules.ts has the rule): when
 * a payment is received or cancelled, or its plan cancelled or completed, the unsent reminders in
 * scope become "cancelled" with the reason, in the transaction that made the change
 * (payments.service.ts) and again at every reminder sweep for anything older. It lives with the
 * payments so that their writes need nothing from the reminders feature.
 */
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  type PaymentReminderCancelReason,
  paymentReminderCancelReasons,
  sendableReminderStatuses,
} from "../../../shared/schemas/payment-reminders";
import { paymentPlans, paymentReminders, payments } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { owedPayment } from "./money-figures";

/** Which reminders a follow-up looks at: some payments, some plans, or (undefined) all. */
export type ReminderScope = { paymentIds?: string[]; planIds?: string[] } | undefined;

function inScope(scope: ReminderScope): SQL | undefined {
  if (!scope) return undefined;
  const parts: SQL[] = [];
  if (scope.paymentIds?.length) parts.push(inArray(paymentReminders.paymentId, scope.paymentIds));
  if (scope.planIds?.length) {
    parts.push(inArray(payments.paymentPlanId, scope.planIds), inArray(paymentReminders.paymentPlanId, scope.planIds));
  }
  return parts.length ? or(...parts) : sql`false`;
}

/** The reason a reminder will never be sendable, in SQL over the same joins as findStuckReminders. */
const mootReason = sql<PaymentReminderCancelReason>`case
  when ${payments.id} is null or ${paymentPlans.id} is null or ${payments.dueDate} is null then 'unlinked'
  when ${paymentPlans.status} <> 'active' then 'plan_closed'
  else 'payment_settled' end`;

export async function markCancelled(tx: DbOrTx, rows: { id: string; reason: PaymentReminderCancelReason }[]) {
  for (const reason of paymentReminderCancelReasons) {
    const ids = rows.filter((r) => r.reason === reason).map((r) => r.id);
    if (ids.length === 0) continue;
    await tx
      .update(paymentReminders)
      .set({
        status: "cancelled",
        metadata: sql`${paymentReminders.metadata} || ${JSON.stringify({ cancelledBecause: reason })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(inArray(paymentReminders.id, ids));
  }
  return rows.length;
}

/**
 * Makes the unsent reminders in scope follow their payment and plan: cancelled (with the reason)
 * when the payment is no longer owed, the plan no longer active, or there is no scheduled payment
 * at all; a pending one takes its payment's current amount (a manual payment reduced it). Rows a
 * sender holds are skipped (SKIP LOCKED, so this never deadlocks with a send): that send finds the
 * payment settled and stops, and the next sweep finishes the job. Returns how many were cancelled.
 */
export async function followPayments(tx: DbOrTx, scope: ReminderScope): Promise<number> {
  const unsent = inArray(paymentReminders.status, [...sendableReminderStatuses]);
  const candidates = await tx
    .select({ id: paymentReminders.id, reason: mootReason })
    .from(paymentReminders)
    .leftJoin(payments, eq(payments.id, paymentReminders.paymentId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
    .where(and(unsent, inScope(scope), sql`not coalesce(${owedPayment} and ${payments.dueDate} is not null, false)`))
    .for("update", { of: paymentReminders, skipLocked: true });
  const cancelled = await markCancelled(tx, candidates);

  const stale = await tx
    .select({ id: paymentReminders.id, amount: payments.amount })
    .from(paymentReminders)
    .innerJoin(payments, eq(payments.id, paymentReminders.paymentId))
    .where(
      and(
        eq(paymentReminders.status, "pending"),
        inScope(scope),
        sql`${paymentReminders.amount} is distinct from ${payments.amount}`,
      ),
    )
    .for("update", { of: paymentReminders, skipLocked: true });
  for (const row of stale) {
    await tx
      .update(paymentReminders)
      .set({ amount: row.amount, updatedAt: new Date() })
      .where(eq(paymentReminders.id, row.id));
  }
  return cancelled;
}
