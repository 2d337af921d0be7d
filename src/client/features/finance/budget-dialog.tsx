import { type FormEvent, useId, useRef, useState } from "react";
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
import { Checkbox } from "../../components/ui/checkbox";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { useWrite } from "../../lib/use-write";
import { CostModelFields, liveTotal, type PricingFields, pricingBody } from "./cost-model-fields";
import { serverIssues } from "./expense-dialog";
import { financeRefresh } from "./finance-api";
import { issuesOf, ValidationAlert } from "./validation-alert";

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
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<BudgetFields>(() => initial(item));
  const [problems, setProblems] = useState<{ messages: string[]; fields: string[] }>({ messages: [], fields: [] });
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
  const text = (name: keyof BudgetFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const amountChanged = item !== null && fields.budgetedAmount.trim() !== item.budgetedAmount;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(fields);
    const parsed = createBudgetSchema.safeParse({ ...body, currency, ...(retreatId ? { retreatId } : {}) });
    if (!parsed.success) {
      const found = issuesOf(parsed.error.issues);
      setProblems(found);
      focusFirstError(formRef.current, found.fields);
      return;
    }
    setProblems({ messages: [], fields: [] });
    const payload = item
      ? {
          ...body,
          ...(amountChanged && fields.adjustmentReason.trim() ? { adjustmentReason: fields.adjustmentReason } : {}),
        }
      : { ...body, currency, ...(retreatId ? { retreatId } : {}) };
    save.mutate(payload, { onError: (error) => setProblems({ messages: serverIssues(error), fields: [] }) });
  };

  const invalid = new Set(problems.fields);
  const bad = (name: string) => (invalid.has(name) ? true : undefined);
  const total = liveTotal(fields.budgetedAmount, fields, currency);
  const title = item ? "Edit budget item" : "Add budget category";
  const formId = `${id}-form`;
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="What you plan to spend in a category. Approved and paid expenses count against it."
      footer={
        <FormDialogFooter
          formId={formId}
          pending={save.isPending}
          submitLabel={item ? "Save budget item" : "Add budget item"}
          onCancel={onClose}
        />
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        aria-label={title}
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <ValidationAlert id={`${id}-alert`} messages={problems.messages} />
        </div>
        <FormField id={`${id}-category`} name="category" label="Category">
          {(control) => (
            <NativeSelect {...control} value={fields.category} onChange={text("category")}>
              {expenseCategories.map((c) => (
                <option key={c} value={c}>
                  {expenseCategoryLabels[c]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-amount`} name="budgetedAmount" label={`Budgeted amount (${currency})`} required>
          {(control) => (
            <Input
              {...control}
              aria-invalid={bad("budgetedAmount")}
              inputMode="decimal"
              autoComplete="off"
              value={fields.budgetedAmount}
              onChange={text("budgetedAmount")}
            />
          )}
        </FormField>
        <FormField id={`${id}-description`} name="description" label="Description" required className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              aria-invalid={bad("description")}
              value={fields.description}
              onChange={text("description")}
            />
          )}
        </FormField>
        <CostModelFields
          idPrefix={id}
          models={budgetCostModels}
          fields={fields}
          invalid={invalid}
          onChange={(patch) => setFields((f) => ({ ...f, ...patch }))}
        />
        <output
          htmlFor={`${id}-amount ${id}-cost-model`}
          aria-live="polite"
          className="self-end rounded-md bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground sm:col-span-2"
        >
          Total: {total ?? "complete the amount and cost model"}
        </output>
        {amountChanged ? (
          <FormField
            id={`${id}-reason`}
            name="adjustmentReason"
            label="Reason for the change"
            hint="Kept with the budget's history."
            className="sm:col-span-2"
          >
            {(control) => <Input {...control} value={fields.adjustmentReason} onChange={text("adjustmentReason")} />}
          </FormField>
        ) : null}
        <div className="flex items-center gap-3 sm:col-span-2" data-field="isParticipantCost">
          <Checkbox
            id={`${id}-participant-cost`}
            checked={fields.isParticipantCost}
            onCheckedChange={(checked) => setFields((f) => ({ ...f, isParticipantCost: checked === true }))}
          />
          <Label htmlFor={`${id}-participant-cost`}>Participant cost (covered by guests' fees)</Label>
        </div>
        <FormField id={`${id}-notes`} name="notes" label="Notes" className="sm:col-span-2">
          {(control) => <Textarea rows={2} {...control} value={fields.notes} onChange={text("notes")} />}
        </FormField>
      </form>
    </AdminDialog>
  );
}
