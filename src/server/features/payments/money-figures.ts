/**
 * The one definition of the money figures (docs/decisions/008-payments-and-places.md), used by the
 * Finance tab (revenue received and due), the Payments tab (outstanding, due in the next 7 days,
 * overdue), the dashboard (revenue), the guest portal, Stripe checkout and the payment reminders:
 *
 * - received: completed payments of every type minus completed refunds, whatever became of the
 *   plan since (money that arrived stays received until it is refunded);
 * - owed: a payment of any type but a refund, not yet received (pending, or failed: a declined card
 *   leaves the money still to pay), on an active plan. A cancelled or completed plan owes nothing;
 * - outstanding (Payments) = due (Finance) = the sum of owed payments;
 * - overdue: owed payments whose due date is before today in London;
 * - upcoming: owed payments due from today to `upcomingWindowDays` ahead.
 *
 * Sums are taken in SQL as numeric and converted to integer pence, so no float touches money.
 */
import { and, count, eq, gte, inArray, lt, lte, ne, type SQL, sql } from "drizzle-orm";
import { businessTimeZone } from "../../../shared/constants";
import { addDays, todayIn } from "../../../shared/finance/dates";
import { toPence } from "../../../shared/finance/money";
import { upcomingWindowDays } from "../../../shared/schemas/payments";
import { applications, paymentPlans, payments } from "../../db/schema";
import type { DbOrTx } from "../../db/types";

/** Payment statuses that still owe money: pending, and failed (the attempt failed, the debt did not). */
export const owedPaymentStatuses = ["pending", "failed"] as const;

/**
 * SQL: the payment is owed. The query must join payment_plans on payments.payment_plan_id (inner
 * or left; without a plan a payment is owed by nobody). NULL, not false, when the plan is missing:
 * wrap it in coalesce(..., false) before negating it.
 */
export const owedPayment: SQL = and(
  inArray(payments.status, [...owedPaymentStatuses]),
  ne(payments.type, "refund"),
  eq(paymentPlans.status, "active"),
)!;

/** The same rule on loaded rows (the reminder rules use it); money-figures.test.ts checks they agree. */
export function isPaymentOwed(
  payment: { status: string; type: string } | null | undefined,
  plan: { status: string } | null | undefined,
): boolean {
  return Boolean(
    payment &&
      plan &&
      (owedPaymentStatuses as readonly string[]).includes(payment.status) &&
      payment.type !== "refund" &&
      plan.status === "active",
  );
}

/** SQL: owed and due before `today` (YYYY-MM-DD, London). */
export const overduePayment = (today: string): SQL => and(owedPayment, lt(payments.dueDate, today))!;

/** SQL: owed and due from `today` to `upcomingWindowDays` days ahead. */
export const upcomingPayment = (today: string): SQL =>
  and(owedPayment, gte(payments.dueDate, today), lte(payments.dueDate, addDays(today, upcomingWindowDays)))!;

/** SQL: received money, signed (a completed refund counts negative). */
const receivedSigned = sql`case when ${payments.type} = 'refund' then -${payments.amount} else ${payments.amount} end`;
const sumOf = (value: SQL | typeof payments.amount) => sql<string>`coalesce(sum(${value}), 0)::numeric(14,2)::text`;

export type MoneyFigures = {
  receivedPence: number;
  /** Outstanding on the Payments tab, due on the Finance tab: the same figure. */
  outstandingPence: number;
  /** Applications with an active payment plan. */
  activePlanApplications: number;
  overdue: { count: number; pence: number };
  upcoming: { count: number; pence: number };
};

/**
 * Every figure, over every retreat or one (applications.retreat_id). `now` fixes "today" for
 * overdue and upcoming.
 */
export async function moneyFigures(
  db: DbOrTx,
  options: { retreatId?: string; now?: Date } = {},
): Promise<MoneyFigures> {
  const today = todayIn(businessTimeZone, options.now ?? new Date());
  const ofRetreat = options.retreatId ? eq(applications.retreatId, options.retreatId) : undefined;
  const owedRows = (where: SQL) =>
    db
      .select({ n: count(), sum: sumOf(payments.amount) })
      .from(payments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
      .leftJoin(applications, eq(applications.id, payments.applicationId))
      .where(and(where, ofRetreat));
  const [[received], [owed], [overdue], [upcoming], [plans]] = await Promise.all([
    db
      .select({ sum: sumOf(receivedSigned) })
      .from(payments)
      .leftJoin(applications, eq(applications.id, payments.applicationId))
      .where(and(eq(payments.status, "completed"), ofRetreat)),
    owedRows(owedPayment),
    owedRows(overduePayment(today)),
    owedRows(upcomingPayment(today)),
    db
      .select({ n: sql<number>`count(distinct ${paymentPlans.applicationId})::int` })
      .from(paymentPlans)
      .leftJoin(applications, eq(applications.id, paymentPlans.applicationId))
      .where(and(eq(paymentPlans.status, "active"), ofRetreat)),
  ]);
  return {
    receivedPence: toPence(received?.sum ?? "0"),
    outstandingPence: toPence(owed?.sum ?? "0"),
    activePlanApplications: Number(plans?.n ?? 0),
    overdue: { count: Number(overdue?.n ?? 0), pence: toPence(overdue?.sum ?? "0") },
    upcoming: { count: Number(upcoming?.n ?? 0), pence: toPence(upcoming?.sum ?? "0") },
  };
}
