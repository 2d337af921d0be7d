import { useId } from "react";
import { z } from "zod";
import type { CostModel } from "../../../shared/finance/cost-models";
import {
  type BudgetItemDto,
  budgetCostModels,
  createBudgetSchema,
  type ExpenseCategory,
  expenseCategories,
  expenseCategoryLabels,
  financePaths,
} from "../../../shared/schemas/finance";
import { FormDialog } from "../../components/ui/dialog";
import { CheckboxField, InputField, LabelledOptions, SelectField, TextareaField } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { CostModelFields, type PricingFields, pricingBody, pricingShape } from "./cost-model-fields";
import { financeRefresh } from "./finance-api";
import { useValidatedForm, ValidationAlert } from "./validation-alert";

type BudgetFields = PricingFields & {
  category: ExpenseCategory;
  description: string;
  budgetedAmount: string;
  isParticipantCost: boolean;
  notes: string;
  adjustmentReason: string;
};

function initial(item: BudgetItemDto | null): BudgetFields {
  return {
    category: (item?.category as ExpenseCategory) ?? "accommodation",
    description: item?.description ?? "",
    budgetedAmount: item?.budgetedAmount ?? "",
    isParticipantCost: item?.isParticipantCost ?? true,
    notes: item?.notes ?? "",
    costModel: (item?.costModel as CostModel) ?? "total",
    participantCount: item?.participantCount?.toString() ?? "",
    startDate: item?.startDate ?? "",
    endDate: item?.endDate ?? "",
    tripCount: "",
    adjustmentReason: "",
  };
}

function toBody(f: BudgetFields) {
  const { tripCount: _trips, ...pricing } = pricingBody(f);
  return {
    category: f.category,
    description: f.description,
    budgetedAmount: f.budgetedAmount.trim(),
    isParticipantCost: f.isParticipantCost,
    notes: f.notes.trim() || null,
    ...pricing,
  };
}

/** The inputs as typed, checked by the API's own rules (createBudgetSchema) with the retreat's currency. */
function budgetFormSchema(currency: string, retreatId: string | undefined) {
  return (
    z
      .object({
        ...pricingShape,
        category: z.enum(expenseCategories),
        description: z.string(),
        budgetedAmount: z.string(),
        isParticipantCost: z.boolean(),
        notes: z.string(),
        adjustmentReason: z.string(),
      })
      // The API schema checks the cost model is one a budget takes.
      .transform(
        (f) => ({ ...toBody(f), currency, ...(retreatId ? { retreatId } : {}) }) as z.input<typeof createBudgetSchema>,
      )
      .pipe(createBudgetSchema)
  );
}

/** "Add budget category" (item null) or edit a budget line; a new amount asks why (budget_adjustments). */
export function BudgetDialog({
  item,
  retreatId,
  currency,
  onClose,
}: {
  item: BudgetItemDto | null;
  retreatId: string | undefined;
  currency: string;
  onClose: () => void;
}) {
  const id = useId();
  const formId = `${id}-form`;
  const { form, messages, submit, showServerIssues } = useValidatedForm(
    budgetFormSchema(currency, retreatId),
    initial(item),
    formId,
  );
  const save = useWrite({
    request: (body: object) =>
      item
        ? { method: "PATCH", path: `${financePaths.budgets}/${item.id}`, body }
        : { method: "POST", path: financePaths.budgets, body },
    success: item ? "Budget item updated successfully" : "Budget item created successfully",
    failure: item ? "Failed to update budget item" : "Failed to create budget item",
    refresh: financeRefresh,
    onSuccess: onClose,
  });

  const changedAmount = (f: BudgetFields) => item !== null && f.budgetedAmount.trim() !== item.budgetedAmount;
  const amountChanged = changedAmount(form.watch());
  const send = (fields: BudgetFields) => {
    const body = toBody(fields);
    const payload = item
      ? {
          ...body,
          ...(changedAmount(fields) && fields.adjustmentReason.trim()
            ? { adjustmentReason: fields.adjustmentReason }
            : {}),
        }
      : { ...body, currency, ...(retreatId ? { retreatId } : {}) };
    save.mutate(payload, { onError: showServerIssues });
  };

  return (
    <FormDialog
      size="lg"
      onClose={onClose}
      title={item ? "Edit budget item" : "Add budget category"}
      description="What you plan to spend in a category. Approved and paid expenses count against it."
      formId={formId}
      onSubmit={submit(send)}
      pending={save.isPending}
      submitLabel={item ? "Save budget item" : "Add budget item"}
      className="grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <ValidationAlert id={`${id}-alert`} messages={messages} />
      </div>
      <SelectField form={form} name="category" label="Category">
        <LabelledOptions values={expenseCategories} labels={expenseCategoryLabels} />
      </SelectField>
      <InputField
        form={form}
        showError={false}
        name="budgetedAmount"
        label={`Budgeted amount (${currency})`}
        required
        inputMode="decimal"
        autoComplete="off"
      />
      <InputField
        form={form}
        showError={false}
        name="description"
        label="Description"
        required
        className="sm:col-span-2"
      />
      <CostModelFields form={form} models={budgetCostModels} amountName="budgetedAmount" currency={currency} />
      {amountChanged ? (
        <InputField
          form={form}
          name="adjustmentReason"
          label="Reason for the change"
          hint="Kept with the budget's history."
          className="sm:col-span-2"
        />
      ) : null}
      <CheckboxField
        form={form}
        name="isParticipantCost"
        label="Participant cost (covered by guests' fees)"
        className="sm:col-span-2"
      />
      <TextareaField form={form} name="notes" label="Notes" rows={2} className="sm:col-span-2" />
    </FormDialog>
  );
}
