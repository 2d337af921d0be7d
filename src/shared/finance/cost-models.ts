import { daysBetween } from "./dates";
import { maxAmountPence, multiplyPence } from "./money";

/**
 * The longest daily-rate line: ten years of days. Far beyond any retreat, and small enough that no
 * rate times days can leave exact integer arithmetic.
 */
export const maxDailyRateDays = 3660;

/**
 * The four ways an expense or budget line is priced (back-office.md: cost models). The amount
 * entered is the rate; its total is computed here and only here:
 * - total: the amount;
 * - per_person: amount x participants;
 * - daily_rate: amount x days, counting both ends (ceil(day difference) + 1, at least 1);
 * - per_trip: amount x trips.
 */
export const costModels = ["total", "per_person", "daily_rate", "per_trip"] as const;
export type CostModel = (typeof costModels)[number];

export const costModelMessages = {
  participants: "Number of participants must be greater than 0",
  dailyDates: "Start date and end date are required for daily rate",
  dateOrder: "End date must be on or after start date",
  trips: "Number of trips must be greater than 0",
  span: `A daily rate can span at most ${maxDailyRateDays} days`,
  lineTotal: "The line's total (amount x its units) must be below 100,000,000",
} as const;

export type CostInput = {
  costModel: CostModel;
  /** The rate, in pence. */
  amountPence: number;
  participantCount?: number | null;
  /** "YYYY-MM-DD" */
  startDate?: string | null;
  endDate?: string | null;
  tripCount?: number | null;
};

/** The first rule the input breaks, as the spec words it; null when the input is complete. */
export function costModelProblem(input: Omit<CostInput, "amountPence">): { path: string; message: string } | null {
  switch (input.costModel) {
    case "total":
      return null;
    case "per_person":
      return (input.participantCount ?? 0) > 0
        ? null
        : { path: "participantCount", message: costModelMessages.participants };
    case "daily_rate":
      if (!input.startDate || !input.endDate) return { path: "startDate", message: costModelMessages.dailyDates };
      if (input.endDate < input.startDate) return { path: "endDate", message: costModelMessages.dateOrder };
      return inclusiveDays(input.startDate, input.endDate) > maxDailyRateDays
        ? { path: "endDate", message: costModelMessages.span }
        : null;
    case "per_trip":
      return (input.tripCount ?? 0) > 0 ? null : { path: "tripCount", message: costModelMessages.trips };
  }
}

/** Inclusive days of a daily-rate line: 1 to 1 June is one day, 1 to 3 June three. */
export function inclusiveDays(startDate: string, endDate: string): number {
  return Math.max(1, Math.ceil(daysBetween(startDate, endDate)) + 1);
}

/** How many units the rate is multiplied by. Throws when the input breaks a rule above. */
export function costMultiplier(input: Omit<CostInput, "amountPence">): number {
  const problem = costModelProblem(input);
  if (problem) throw new Error(problem.message);
  switch (input.costModel) {
    case "total":
      return 1;
    case "per_person":
      return input.participantCount!;
    case "daily_rate":
      return inclusiveDays(input.startDate!, input.endDate!);
    case "per_trip":
      return input.tripCount!;
  }
}

export function costTotalPence(input: CostInput): number {
  if (!Number.isSafeInteger(input.amountPence)) throw new Error("amountPence must be whole pence");
  return multiplyPence(input.amountPence, costMultiplier(input));
}

/** The line's problem, cost model first, then a total above what one line may come to. */
export function lineProblem(input: CostInput): { path: string; message: string } | null {
  const problem = costModelProblem(input);
  if (problem) return problem;
  const total = input.amountPence * costMultiplier(input);
  return total > maxAmountPence ? { path: "amount", message: costModelMessages.lineTotal } : null;
}
