import { daysBetween } from "./dates";

/**
 * The cancellation policy (public-site.md section 9), the one place it is computed:
 * - more than 90 days before the retreat: everything paid, minus a GBP 200 admin fee;
 * - 30 to 90 days before: half of what was paid (an odd penny stays with the retreat);
 * - under 30 days: nothing;
 * - the risk-free guarantee: unsatisfied within the first 48 hours after arrival, everything
 *   paid minus travel costs the retreat already incurred for the guest.
 * Refunds never go below zero.
 */
export const adminFeePence = 20_000;
export const guaranteeHours = 48;

export type RefundRule = "full_minus_admin_fee" | "half" | "none" | "guarantee";

export type RefundInput = {
  paidPence: number;
  /** "YYYY-MM-DD" */
  retreatStart: string;
  /** "YYYY-MM-DD": the day the cancellation was made. */
  cancelledOn: string;
  /** Claimed under the 48-hour guarantee (only valid during the first two days of the retreat). */
  guarantee?: { travelCostsPence: number };
};

export type Refund = { rule: RefundRule; refundPence: number; daysBefore: number };

export function refundFor(input: RefundInput): Refund {
  if (!Number.isSafeInteger(input.paidPence) || input.paidPence < 0) throw new Error("paidPence must be >= 0");
  const daysBefore = daysBetween(input.cancelledOn, input.retreatStart);
  if (input.guarantee) {
    // Arrival day and the next day make the first 48 hours.
    if (daysBefore > 0 || daysBefore < -(guaranteeHours / 24 - 1)) {
      throw new Error("The 48-hour guarantee applies only during the first two days of the retreat");
    }
    const travel = input.guarantee.travelCostsPence;
    if (!Number.isSafeInteger(travel) || travel < 0) throw new Error("travelCostsPence must be >= 0");
    return { rule: "guarantee", refundPence: Math.max(0, input.paidPence - travel), daysBefore };
  }
  if (daysBefore > 90) {
    return { rule: "full_minus_admin_fee", refundPence: Math.max(0, input.paidPence - adminFeePence), daysBefore };
  }
  if (daysBefore >= 30) return { rule: "half", refundPence: Math.floor(input.paidPence / 2), daysBefore };
  return { rule: "none", refundPence: 0, daysBefore };
}
