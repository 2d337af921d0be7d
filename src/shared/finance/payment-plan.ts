import { addDays, addMonths, maxDay, minDay } from "./dates";
import { splitPence } from "./money";

/**
 * The payment plan an accepted application gets (docs/decisions/008-payment-plans.md):
 *
 * - total = (booking type price + VIP add-on when chosen) x people (2 for a couple);
 * - a deposit of the booking type's deposit (GBP 500) per person, due on the acceptance date;
 * - the rest in two instalments that differ by at most a penny (the first carries it), due 6 and
 *   3 months before the retreat starts;
 * - when acceptance comes late, an instalment whose date has already passed (or falls within a week
 *   of acceptance) is due 7 days after acceptance, and never later than the day before the
 *   retreat; when acceptance is under a week before the retreat, everything is due on acceptance;
 * - without a retreat start date, the instalments fall 30 and 60 days after acceptance;
 * - a deposit larger than the total is capped at the total (no instalments then).
 */
export type PlanInput = {
  /** Booking type price per person, in pence. */
  pricePence: number;
  /** Deposit per person, in pence. */
  depositPence: number;
  /** VIP add-on price per person, in pence (0 when not chosen). */
  vipPence: number;
  people: 1 | 2;
  /** "YYYY-MM-DD" */
  acceptedOn: string;
  /** "YYYY-MM-DD", or null when the retreat has no dates yet. */
  retreatStart: string | null;
};

export type PlannedPayment = {
  type: "deposit" | "installment";
  /** 1 for the deposit, then 2, 3 for the instalments. */
  sequence: number;
  amountPence: number;
  dueDate: string;
  description: string;
};

export type PlannedPlan = {
  totalPence: number;
  depositPence: number;
  installmentCount: number;
  payments: PlannedPayment[];
};

export const installmentMonthsBefore = [6, 3] as const;
const lateGraceDays = 7;

export function installmentDueDates(acceptedOn: string, retreatStart: string | null): string[] {
  if (!retreatStart) return [addDays(acceptedOn, 30), addDays(acceptedOn, 60)];
  const earliest = addDays(acceptedOn, lateGraceDays);
  const latest = maxDay(acceptedOn, addDays(retreatStart, -1));
  return installmentMonthsBefore.map((months) => {
    const nominal = addMonths(retreatStart, -months);
    return minDay(maxDay(nominal, earliest), latest);
  });
}

export function planPayments(input: PlanInput): PlannedPlan {
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === "number" && (!Number.isSafeInteger(value) || value < 0)) {
      throw new Error(`${name} must be a whole, non-negative number of pence`);
    }
  }
  const totalPence = (input.pricePence + input.vipPence) * input.people;
  const depositPence = Math.min(input.depositPence * input.people, totalPence);
  const restPence = totalPence - depositPence;
  const payments: PlannedPayment[] = [
    {
      type: "deposit",
      sequence: 1,
      amountPence: depositPence,
      dueDate: input.acceptedOn,
      description: "Deposit",
    },
  ];
  if (restPence > 0) {
    const dueDates = installmentDueDates(input.acceptedOn, input.retreatStart);
    splitPence(restPence, dueDates.length).forEach((amountPence, i) => {
      payments.push({
        type: "installment",
        sequence: i + 2,
        amountPence,
        dueDate: dueDates[i]!,
        description: `Instalment ${i + 1} of ${dueDates.length}`,
      });
    });
  }
  return { totalPence, depositPence, installmentCount: payments.length - 1, payments };
}
