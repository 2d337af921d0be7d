import {
  type CostModel,
  costModelProblem,
  costMultiplier,
  costTotalPence,
  lineProblem,
} from "../../../shared/finance/cost-models";
import { formatMoney } from "../../../shared/finance/money";
import { amountInput, amountToPence, costModelLabels } from "../../../shared/schemas/finance";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";

export type PricingFields = {
  costModel: CostModel;
  participantCount: string;
  startDate: string;
  endDate: string;
  tripCount: string;
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

/** The cost model select and the inputs that model needs, and only those. */
export function CostModelFields({
  idPrefix,
  models,
  fields,
  invalid,
  onChange,
}: {
  idPrefix: string;
  models: readonly CostModel[];
  fields: PricingFields;
  invalid: ReadonlySet<string>;
  onChange: (patch: Partial<PricingFields>) => void;
}) {
  const err = (name: string) => (invalid.has(name) ? true : undefined);
  return (
    <>
      <FormField id={`${idPrefix}-cost-model`} name="costModel" label="Cost model">
        {(control) => (
          <NativeSelect
            {...control}
            value={fields.costModel}
            onChange={(e) => onChange({ costModel: e.target.value as CostModel })}
          >
            {models.map((m) => (
              <option key={m} value={m}>
                {costModelLabels[m]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {fields.costModel === "per_person" ? (
        <FormField id={`${idPrefix}-participants`} name="participantCount" label="Number of participants" required>
          {(control) => (
            <Input
              {...control}
              aria-invalid={err("participantCount")}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={fields.participantCount}
              onChange={(e) => onChange({ participantCount: e.target.value })}
            />
          )}
        </FormField>
      ) : null}
      {fields.costModel === "per_trip" ? (
        <FormField id={`${idPrefix}-trips`} name="tripCount" label="Number of trips" required>
          {(control) => (
            <Input
              {...control}
              aria-invalid={err("tripCount")}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={fields.tripCount}
              onChange={(e) => onChange({ tripCount: e.target.value })}
            />
          )}
        </FormField>
      ) : null}
      {fields.costModel === "daily_rate" ? (
        <>
          <FormField id={`${idPrefix}-start`} name="startDate" label="Start date" required>
            {(control) => (
              <Input
                {...control}
                aria-invalid={err("startDate")}
                type="date"
                value={fields.startDate}
                onChange={(e) => onChange({ startDate: e.target.value })}
              />
            )}
          </FormField>
          <FormField id={`${idPrefix}-end`} name="endDate" label="End date" required hint="Both days count.">
            {(control) => (
              <Input
                {...control}
                aria-invalid={err("endDate")}
                type="date"
                value={fields.endDate}
                onChange={(e) => onChange({ endDate: e.target.value })}
              />
            )}
          </FormField>
        </>
      ) : null}
    </>
  );
}
