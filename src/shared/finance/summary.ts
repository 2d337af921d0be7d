import { type BudgetLine, budgetTotals, type ExpenseLine } from "./budget-totals";
import { addPence } from "./money";
import { sanctuarySharePence } from "./sanctuary";

/**
 * A retreat's financial summary from its rows (docs/decisions/008-payments-and-places.md), all in
 * integer pence:
 * - budget against actual per category: budgetTotals (approved and paid are spent, pending is pending);
 * - costs = spent + pending: money already committed, so margin and break-even are not flattered
 *   by expenses still waiting for approval;
 * - margin = revenue (received + due) - costs;
 * - cost per guest = spent / guests (people in stages accepted and payment), to the nearest penny;
 * - break-even guests = ceil(costs / solo price per person): how many full-price guests pay for it;
 * - the sanctuary's share of the margin (sanctuary.ts).
 */
export type SummaryInput = {
  budget: readonly BudgetLine[];
  expenses: readonly ExpenseLine[];
  /** Completed payments minus completed refunds. */
  receivedPence: number;
  /** Owed payments of active plans (money-figures.ts): the Payments tab's outstanding. */
  duePence: number;
  /** People holding a place (2 for a couple). */
  guests: number;
  /** The solo booking type's price per person; null when the retreat sells none. */
  soloPricePence: number | null;
};

export type FinancialFigures = ReturnType<typeof budgetTotals> & {
  revenue: { receivedPence: number; duePence: number; totalPence: number };
  costsPence: number;
  marginPence: number;
  guests: number;
  costPerGuestPence: number | null;
  breakEvenGuests: number | null;
  sanctuaryPence: number;
};

/** a / b to the nearest whole number, halves up, in BigInt so no amount goes through a float. */
function divideRounded(a: number, b: number): number {
  const [x, y] = [BigInt(a), BigInt(b)];
  const twice = 2n * x + y;
  const quotient = twice / (2n * y);
  // BigInt division truncates toward zero; a floor is wanted for a negative a.
  return Number(twice < 0n && twice % (2n * y) !== 0n ? quotient - 1n : quotient);
}

export function financialFigures(input: SummaryInput): FinancialFigures {
  const totals = budgetTotals(input.budget, input.expenses);
  const costsPence = addPence(totals.total.spentPence, totals.total.pendingPence);
  const revenueTotal = addPence(input.receivedPence, input.duePence);
  const marginPence = addPence(revenueTotal, -costsPence);
  const price = input.soloPricePence;
  return {
    ...totals,
    revenue: { receivedPence: input.receivedPence, duePence: input.duePence, totalPence: revenueTotal },
    costsPence,
    marginPence,
    guests: input.guests,
    costPerGuestPence: input.guests > 0 ? divideRounded(totals.total.spentPence, input.guests) : null,
    breakEvenGuests: price && price > 0 ? Math.ceil(costsPence / price) : null,
    sanctuaryPence: sanctuarySharePence(marginPence),
  };
}
