import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import {
  type CostModel,
  costModelProblem,
  costModels,
  costMultiplier,
  costTotalPence,
  lineProblem,
} from "../../../shared/finance/cost-models";
import { formatMoney } from "../../../shared/finance/money";
import { amountInput, amountToPence, costModelLabels } from "../../../shared/schemas/finance";
import { InputField, LabelledOptions, SelectField, useFieldId } from "../../components/ui/rhf-fields";

export type PricingFields = {
  costModel: CostModel;
  participantCount: string;
  startDate: string;
  endDate: string;
  tripCount: string;
};

/** The pricing inputs' part of a form schema (as typed: strings, checked by the API schema after). */
export const pricingShape = {
  costModel: z.enum(costModels),
  participantCount: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  tripCount: z.string(),
};

const countOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

/**
 * The pricing inputs as the API takes them: blanks are null, counts numbers, and only the chosen
 * model's inputs are sent (what was typed for another model stays in the form, not in the row).
 */
export function pricingBody(f: PricingFields) {
  const m = f.costModel;
  return {
    costModel: m,
    participantCount: m === "per_person" ? countOrNull(f.participantCount) : null,
    startDate: m === "daily_rate" ? f.startDate || null : null,
    endDate: m === "daily_rate" ? f.endDate || null : null,
    tripCount: m === "per_trip" ? countOrNull(f.tripCount) : null,
  };
}

const units: Record<CostModel, (n: number) => string> = {
  total: () => "",
  per_person: (n) => `${n} ${n === 1 ? "person" : "people"}`,
  daily_rate: (n) => `${n} ${n === 1 ? "day" : "days"}`,
  per_trip: (n) => `${n} ${n === 1 ? "trip" : "trips"}`,
};

/**
 * "£382.50 (£25.50 × 15 people)" while the form is being filled, with the same function the
 * server uses; null until the amount and the model's inputs are complete.
 */
export function liveTotal(amount: string, f: PricingFields, currency: string): string | null {
  if (!amountInput.safeParse(amount).success) return null;
  const input = pricingBody(f);
  if (costModelProblem(input)) return null;
  if (input.participantCount !== null && !Number.isInteger(input.participantCount)) return null;
  if (input.tripCount !== null && !Number.isInteger(input.tripCount)) return null;
  const amountPence = amountToPence(amount);
  if (lineProblem({ ...input, amountPence })) return null;
  const total = formatMoney(costTotalPence({ ...input, amountPence }), currency);
  if (f.costModel === "total") return total;
  const n = costMultiplier(input);
  return `${total} (${formatMoney(amountPence, currency)} × ${units[f.costModel](n)})`;
}

/**
 * The cost model select, the inputs that model needs (and only those), and the line's total as it
 * is typed. The form's values include PricingFields and the amount named `amountName`; problems are
 * marked on the inputs only, since the dialog's ValidationAlert lists the messages.
 */
export function CostModelFields<T extends PricingFields, TOutput>({
  form,
  models,
  amountName,
  currency,
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  models: readonly CostModel[];
  amountName: "amount" | "budgetedAmount";
  currency: string;
}) {
  // The form holds more than the pricing inputs; these fields only read and register those.
  const pricing = form as unknown as UseFormReturn<PricingFields & Record<typeof amountName, string>>;
  const values = pricing.watch();
  const total = liveTotal(values[amountName], values, currency);
  const bound = { form: pricing, showError: false } as const;
  const amountId = useFieldId(amountName);
  const costModelId = useFieldId("costModel");
  return (
    <>
      <SelectField {...bound} name="costModel" label="Cost model">
        <LabelledOptions values={models} labels={costModelLabels} />
      </SelectField>
      {values.costModel === "per_person" ? (
        <InputField {...bound} name="participantCount" label="Number of participants" required {...countInput} />
      ) : null}
      {values.costModel === "per_trip" ? (
        <InputField {...bound} name="tripCount" label="Number of trips" required {...countInput} />
      ) : null}
      {values.costModel === "daily_rate" ? (
        <>
          <InputField {...bound} name="startDate" label="Start date" required type="date" />
          <InputField {...bound} name="endDate" label="End date" required hint="Both days count." type="date" />
        </>
      ) : null}
      <output
        htmlFor={`${amountId} ${costModelId}`}
        aria-live="polite"
        className="self-end rounded-md bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground sm:col-span-2"
      >
        Total: {total ?? "complete the amount and cost model"}
      </output>
    </>
  );
}

const countInput = { type: "number", inputMode: "numeric", min: 1, step: 1 } as const;
