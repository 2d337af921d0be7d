import { useId } from "react";
import { z } from "zod";
import { businessTimeZone } from "../../../shared/constants";
import { costModels } from "../../../shared/finance/cost-models";
import { todayIn } from "../../../shared/finance/dates";
import {
  type BeneficiaryType,
  beneficiaryTypeLabels,
  beneficiaryTypes,
  createExpenseSchema,
  type ExpenseCategory,
  type ExpenseDto,
  expenseCategories,
  expenseCategoryLabels,
  financePaths,
  type PaymentMethod,
  paymentMethodLabels,
  paymentMethods,
} from "../../../shared/schemas/finance";
import { FormDialog } from "../../components/ui/dialog";
import { CheckboxField, InputField, LabelledOptions, SelectField, TextareaField } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { useVendors } from "../vendors/vendors-api";
import { CostModelFields, type PricingFields, pricingBody, pricingShape } from "./cost-model-fields";
import { financeRefresh } from "./finance-api";
import { useValidatedForm, ValidationAlert } from "./validation-alert";

export type ExpenseFields = PricingFields & {
  description: string;
  amount: string;
  category: ExpenseCategory;
  expenseDate: string;
  paymentMethod: PaymentMethod;
  vendorId: string;
  beneficiaryType: BeneficiaryType;
  beneficiaryId: string;
  activityId: string;
  isParticipantCost: boolean;
  notes: string;
};

/** The spec's defaults: accommodation, card, participant, total, a participant cost, dated today. */
export function blankExpense(today = todayIn(businessTimeZone)): ExpenseFields {
  return {
    description: "",
    amount: "",
    category: "accommodation",
    expenseDate: today,
    paymentMethod: "card",
    vendorId: "",
    beneficiaryType: "participant",
    beneficiaryId: "",
    costModel: "total",
    participantCount: "",
    startDate: "",
    endDate: "",
    tripCount: "",
    isParticipantCost: true,
    activityId: "",
    notes: "",
  };
}

/** The form as the spec's expense create payload. */
export function toExpenseBody(f: ExpenseFields, retreatId: string | undefined, currency: string) {
  return {
    description: f.description,
    amount: f.amount.trim(),
    category: f.category,
    expenseDate: f.expenseDate,
    paymentMethod: f.paymentMethod,
    vendorId: f.vendorId || null,
    currency,
    beneficiaryType: f.beneficiaryType,
    beneficiaryId: f.beneficiaryId.trim() || null,
    ...pricingBody(f),
    isParticipantCost: f.isParticipantCost,
    activityId: f.activityId.trim() || null,
    notes: f.notes.trim() || null,
    ...(retreatId ? { retreatId } : {}),
  };
}

/** The inputs as typed, checked by the API's own rules (createExpenseSchema) with the retreat's currency. */
function expenseFormSchema(retreatId: string | undefined, currency: string) {
  return z
    .object({
      ...pricingShape,
      description: z.string(),
      amount: z.string(),
      category: z.enum(expenseCategories),
      expenseDate: z.string(),
      paymentMethod: z.enum(paymentMethods),
      vendorId: z.string(),
      beneficiaryType: z.enum(beneficiaryTypes),
      beneficiaryId: z.string(),
      activityId: z.string(),
      isParticipantCost: z.boolean(),
      notes: z.string(),
    })
    .transform((f): z.input<typeof createExpenseSchema> => toExpenseBody(f, retreatId, currency))
    .pipe(createExpenseSchema);
}

/** "Add expense": every field of the spec, cost-model inputs per model, the total shown as it is typed. */
export function ExpenseDialog({
  retreatId,
  currency,
  onClose,
}: {
  retreatId: string | undefined;
  currency: string;
  onClose: () => void;
}) {
  const id = useId();
  const formId = `${id}-form`;
  const alertId = `${id}-alert`;
  const { form, messages, submit, showServerIssues } = useValidatedForm(
    expenseFormSchema(retreatId, currency),
    blankExpense(),
    formId,
  );
  const vendors = useVendors();
  const save = useWrite<ReturnType<typeof toExpenseBody>, ExpenseDto>({
    request: (body) => ({ method: "POST", path: financePaths.expenses, body }),
    success: "Expense created successfully",
    failure: "Failed to create expense",
    refresh: financeRefresh,
    onSuccess: onClose,
  });
  const costModel = form.watch("costModel");
  const activeVendors = (vendors.data ?? []).filter((v) => v.isActive);
  const bound = { form, showError: false } as const;
  return (
    <FormDialog
      size="lg"
      onClose={onClose}
      title="Add expense"
      description="New expenses start pending until someone approves them."
      formId={formId}
      onSubmit={submit((fields) =>
        save.mutate(toExpenseBody(fields, retreatId, currency), { onError: showServerIssues }),
      )}
      pending={save.isPending}
      submitLabel="Add expense"
      describedBy={messages.length ? alertId : undefined}
      className="grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <ValidationAlert id={alertId} messages={messages} />
      </div>
      <InputField {...bound} name="description" label="Description" required className="sm:col-span-2" />
      <InputField
        {...bound}
        name="amount"
        label={`Amount (${currency})`}
        required
        hint={costModel === "total" ? undefined : "The rate: per person, per day or per trip."}
        inputMode="decimal"
        autoComplete="off"
      />
      <InputField {...bound} name="expenseDate" label="Expense date" required type="date" />
      <SelectField {...bound} name="category" label="Category">
        <LabelledOptions values={expenseCategories} labels={expenseCategoryLabels} />
      </SelectField>
      <SelectField {...bound} name="paymentMethod" label="Payment method">
        <LabelledOptions values={paymentMethods} labels={paymentMethodLabels} />
      </SelectField>
      <CostModelFields form={form} models={costModels} amountName="amount" currency={currency} />
      <SelectField {...bound} name="vendorId" label="Vendor">
        <option value="">No vendor</option>
        {activeVendors.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </SelectField>
      <SelectField {...bound} name="beneficiaryType" label="Beneficiary type">
        <LabelledOptions values={beneficiaryTypes} labels={beneficiaryTypeLabels} />
      </SelectField>
      <InputField {...bound} name="beneficiaryId" label="Beneficiary reference" hint="Optional" />
      <InputField {...bound} name="activityId" label="Activity reference" hint="Optional" />
      <CheckboxField
        form={form}
        name="isParticipantCost"
        label="Participant cost (covered by guests' fees)"
        className="sm:col-span-2"
      />
      <TextareaField {...bound} name="notes" label="Notes" rows={2} className="sm:col-span-2" />
    </FormDialog>
  );
}
