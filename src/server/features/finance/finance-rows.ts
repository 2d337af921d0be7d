import { type CostModel, costModels, costTotalPence, lineProblem } from "../../../shared/finance/cost-models";
import { fromPence, toPence } from "../../../shared/finance/money";
import { financeMessages } from "../../../shared/schemas/finance";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { resolveRetreat } from "../retreats/retreats.service";

type Priced = {
  costModel: string;
  participantCount?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  tripCount?: number | null;
};

/**
 * A stored line's total in pence, from its rate and cost model (costTotalPence, the one rule). A
 * row that breaks the rule or the line-total cap (older or imported data; the API refuses such
 * input) counts at its rate rather than taking the whole summary down.
 */
export function lineTotalPence(amount: string, line: Priced): number {
  const amountPence = toPence(amount);
  const costModel = (costModels as readonly string[]).includes(line.costModel) ? (line.costModel as CostModel) : null;
  if (!costModel) return amountPence;
  const input = { ...line, costModel, amountPence };
  return lineProblem(input) ? amountPence : costTotalPence(input);
}

export const lineTotal = (amount: string, line: Priced) => fromPence(lineTotalPence(amount, line));

/** Only the inputs the chosen model uses are kept, so a row never carries a stale trip count. */
export function pricingColumns(input: {
  costModel: CostModel;
  participantCount?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  tripCount?: number | null;
}) {
  return {
    costModel: input.costModel,
    participantCount: input.costModel === "per_person" ? (input.participantCount ?? null) : null,
    startDate: input.costModel === "daily_rate" ? (input.startDate ?? null) : null,
    endDate: input.costModel === "daily_rate" ? (input.endDate ?? null) : null,
    tripCount: input.costModel === "per_trip" ? (input.tripCount ?? null) : null,
  };
}

/** The retreat a write goes to: the one named, else the current retreat (404 when there is none). */
export async function retreatForWrite(db: DbOrTx, retreatId: string | undefined) {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) throw new AppError("not_found", financeMessages.noRetreat);
  return retreat;
}

/** One currency per retreat: sums across currencies would be meaningless. */
export function checkCurrency(given: string | undefined, retreatCurrency: string, path = "currency"): string {
  if (given && given !== retreatCurrency) {
    const message = financeMessages.currencyMismatch(retreatCurrency);
    throw new AppError("bad_request", message, [{ path, message }]);
  }
  return retreatCurrency;
}

export const iso = (date: Date | null) => date?.toISOString() ?? null;
