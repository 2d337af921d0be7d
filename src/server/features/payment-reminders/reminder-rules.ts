/**
 * When a payment reminder can be sent, and what becomes of the ones that never will. One rule,
 * used by the list (its Send button: `canSend`), by POST .../send (409 with the same reason), by
 * the reminder job, and by the data invariants (src/server/demo/invariants.ts):
 *
 * A reminder can be sent when it has not gone out yet (pending, or failed and so worth a retry),
 * is linked to a payment that is still owed (money-figures.ts: pending or failed, not a refund, on
 * an active plan) and has a due date, and its moment still makes sense: an "upcoming" reminder
 * until the payment's due date (then the overdue notice takes over), an overdue notice once the
 * due date has passed. A pending reminder whose send time has passed is simply due now.
 *
 * Reminders follow their payment and plan: when the payment is received or cancelled, or the plan
 * cancelled or completed, its unsent reminders become "cancelled" (with the reason), in the same
 * transaction (payments.service.ts) and again at every sweep for anything older: followPayments,
 * in payments/reminder-follow.ts.
 */
import { and, eq, exists, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { businessTimeZone } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";
import { sendableReminderStatuses } from "../../../shared/schemas/payment-reminders";
import {
  type Payment,
  type PaymentPlan,
  type PaymentReminder,
  paymentPlans,
  paymentReminders,
  payments,
} from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { isPaymentOwed, markCancelled } from "../payments/index";

export const reminderMessages = {
  notFound: "Payment reminder not found.",
  alreadySent: "This reminder has already been sent.",
  overdue: "This reminder was overtaken by the due date; an overdue notice goes out instead.",
  notOverdue: "The payment is not overdue, so an overdue notice would be wrong.",
  notDue: "The payment is no longer due, so there is nothing to remind about.",
  planClosed: (status: string) => `The payment plan is ${status}, so there is nothing to remind about.`,
  cancelled: "This reminder was cancelled, so it cannot be sent.",
  noPayment: "This reminder is not linked to a scheduled payment, so it cannot be sent.",
  switchedOff: "The payment reminder email is switched off in Email templates.",
  optedOut: "The recipient has switched off application and retreat emails.",
} as const;

export type ReminderFacts = {
  reminder: Pick<PaymentReminder, "status" | "reminderType" | "paymentId">;
  payment: Pick<Payment, "status" | "type" | "dueDate" | "paymentPlanId"> | null;
  plan: Pick<PaymentPlan, "status"> | null;
};

/**
 * Why this reminder cannot be sent now, or null when it can. `now` dates "overdue" (London).
 * The reasons are the messages POST .../send answers with (409).
 */
export function reminderSendRefusal(
  reminder: ReminderFacts["reminder"],
  payment: ReminderFacts["payment"],
  plan: ReminderFacts["plan"],
  now: Date = new Date(),
): string | null {
  if (reminder.status === "sent") return reminderMessages.alreadySent;
  if (!reminder.paymentId || !payment?.paymentPlanId || !plan || !payment.dueDate) {
    return reminderMessages.noPayment;
  }
  if (plan.status !== "active") return reminderMessages.planClosed(plan.status);
  if (!isPaymentOwed(payment, plan)) return reminderMessages.notDue;
  if (reminder.status === "overdue") return reminderMessages.overdue;
  if (!(sendableReminderStatuses as readonly string[]).includes(reminder.status)) return reminderMessages.cancelled;
  const today = todayIn(businessTimeZone, now);
  if (reminder.reminderType === "overdue") return payment.dueDate < today ? null : reminderMessages.notOverdue;
  return payment.dueDate < today ? reminderMessages.overdue : null;
}

/** The rule as a yes/no: every reminder offered for sending (the list's Send) is one of these. */
export function isReminderSendable(
  reminder: ReminderFacts["reminder"],
  payment: ReminderFacts["payment"],
  plan: ReminderFacts["plan"],
  now: Date = new Date(),
): boolean {
  return reminderSendRefusal(reminder, payment, plan, now) === null;
}

/**
 * Reminders that still say they will go out (pending) or may be retried (failed) but cannot be
 * sent: the data invariant "every reminder offered for sending can be sent" is that this is empty
 * (a pending one whose send time passed a moment ago is due, not stuck, and is not listed).
 */
export async function findStuckReminders(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<{ id: string; reason: string }[]> {
  const rows = await db
    .select({ reminder: paymentReminders, payment: payments, plan: paymentPlans })
    .from(paymentReminders)
    .leftJoin(payments, eq(payments.id, paymentReminders.paymentId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
    .where(inArray(paymentReminders.status, [...sendableReminderStatuses]));
  return rows.flatMap(({ reminder, payment, plan }) => {
    const reason = reminderSendRefusal(reminder, payment, plan, now);
    return reason ? [{ id: reminder.id, reason }] : [];
  });
}

const later = alias(paymentReminders, "later");

/**
 * A later reminder of the same payment and kind (a shorter lead time, so closer to the due date)
 * that also meets `condition`: one that has gone out, or is going out, overtakes this one. For
 * `exists`/`notExists` in a query over paymentReminders.
 */
export function laterReminder(db: DbOrTx, condition: (reminder: typeof later) => SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(later)
    .where(
      and(
        eq(later.paymentId, paymentReminders.paymentId),
        eq(later.reminderType, paymentReminders.reminderType),
        lt(later.daysBefore, paymentReminders.daysBefore),
        condition(later),
      ),
    );
}

/**
 * An upcoming reminder left pending after a later one of the same payment went out (a worker that
 * was down sent only the latest) will never go out: it is cancelled as overtaken, so it does not
 * sit in the list saying "Goes out" on a date long past.
 */
export async function cancelOvertaken(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ id: paymentReminders.id })
    .from(paymentReminders)
    .where(
      and(
        eq(paymentReminders.status, "pending"),
        ne(paymentReminders.reminderType, "overdue"),
        exists(laterReminder(db, (later) => eq(later.status, "sent"))),
      ),
    )
    .for("update", { of: paymentReminders, skipLocked: true });
  return markCancelled(
    db,
    rows.map((r) => ({ id: r.id, reason: "overtaken" as const })),
  );
}
