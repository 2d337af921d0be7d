import { type FormEvent, useId, useRef, useState } from "react";
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
import { Checkbox } from "../../components/ui/checkbox";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { ApiError } from "../../lib/api-request";
import { useWrite } from "../../lib/use-write";
import { useVendors } from "../schedule/schedule-api";
import { CostModelFields, liveTotal, type PricingFields, pricingBody } from "./cost-model-fields";
import { financeRefresh } from "./finance-api";
import { issuesOf, ValidationAlert } from "./validation-alert";

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

/** Field messages from a 400 reply, for the same alert the form's own checks use. */
export function serverIssues(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.body) as { message?: string; errors?: { message: string }[] };
    const list = body.errors?.map((e) => e.message) ?? (body.message ? [body.message] : []);
    return [...new Set(list)];
  } catch {
    return [];
  }
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
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<ExpenseFields>(() => blankExpense());
  const [problems, setProblems] = useState<{ messages: string[]; fields: string[] }>({ messages: [], fields: [] });
  const vendors = useVendors();
  const save = useWrite<ReturnType<typeof toExpenseBody>, ExpenseDto>({
    request: (body) => ({ method: "POST", path: financePaths.expenses, body }),
    success: "Expense created successfully",
    failure: "Failed to create expense",
    refresh: financeRefresh,
    onSuccess: onClose,
  });
  const set = <K extends keyof ExpenseFields>(name: K, value: ExpenseFields[K]) =>
    setFields((f) => ({ ...f, [name]: value }));
  const text = (name: keyof ExpenseFields) => (e: { target: { value: string } }) => set(name, e.target.value as never);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toExpenseBody(fields, retreatId, currency);
    const parsed = createExpenseSchema.safeParse(body);
    if (!parsed.success) {
      const found = issuesOf(parsed.error.issues);
      setProblems(found);
      focusFirstError(formRef.current, found.fields);
      return;
    }
    setProblems({ messages: [], fields: [] });
    save.mutate(body, {
      onError: (error) => setProblems({ messages: serverIssues(error), fields: [] }),
    });
  };

  const invalid = new Set(problems.fields);
  const bad = (name: string) => (invalid.has(name) ? true : undefined);
  const total = liveTotal(fields.amount, fields, currency);
  const alertId = `${id}-alert`;
  const formId = `${id}-form`;
  const activeVendors = (vendors.data ?? []).filter((v) => v.isActive);
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Add expense"
      description="New expenses start pending until someone approves them."
      footer={
        <FormDialogFooter formId={formId} pending={save.isPending} submitLabel="Add expense" onCancel={onClose} />
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        aria-label="Add expense"
        aria-describedby={problems.messages.length ? alertId : undefined}
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <ValidationAlert id={alertId} messages={problems.messages} />
        </div>
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
        <FormField
          id={`${id}-amount`}
          name="amount"
          label={`Amount (${currency})`}
          required
          hint={fields.costModel === "total" ? undefined : "The rate: per person, per day or per trip."}
        >
          {(control) => (
            <Input
              {...control}
              aria-invalid={bad("amount")}
              inputMode="decimal"
              autoComplete="off"
              value={fields.amount}
              onChange={text("amount")}
            />
          )}
        </FormField>
        <FormField id={`${id}-date`} name="expenseDate" label="Expense date" required>
          {(control) => (
            <Input
              {...control}
              aria-invalid={bad("expenseDate")}
              type="date"
              value={fields.expenseDate}
              onChange={text("expenseDate")}
            />
          )}
        </FormField>
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
        <FormField id={`${id}-method`} name="paymentMethod" label="Payment method">
          {(control) => (
            <NativeSelect {...control} value={fields.paymentMethod} onChange={text("paymentMethod")}>
              {paymentMethods.map((m) => (
                <option key={m} value={m}>
                  {paymentMethodLabels[m]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <CostModelFields
          idPrefix={id}
          models={costModels}
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
        <FormField id={`${id}-vendor`} name="vendorId" label="Vendor">
          {(control) => (
            <NativeSelect {...control} value={fields.vendorId} onChange={text("vendorId")}>
              <option value="">No vendor</option>
              {activeVendors.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-beneficiary-type`} name="beneficiaryType" label="Beneficiary type">
          {(control) => (
            <NativeSelect {...control} value={fields.beneficiaryType} onChange={text("beneficiaryType")}>
              {beneficiaryTypes.map((b) => (
                <option key={b} value={b}>
                  {beneficiaryTypeLabels[b]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-beneficiary`} name="beneficiaryId" label="Beneficiary reference" hint="Optional">
          {(control) => <Input {...control} value={fields.beneficiaryId} onChange={text("beneficiaryId")} />}
        </FormField>
        <FormField id={`${id}-activity`} name="activityId" label="Activity reference" hint="Optional">
          {(control) => <Input {...control} value={fields.activityId} onChange={text("activityId")} />}
        </FormField>
        <div className="flex items-center gap-3 sm:col-span-2" data-field="isParticipantCost">
          <Checkbox
            id={`${id}-participant-cost`}
            checked={fields.isParticipantCost}
            onCheckedChange={(checked) => set("isParticipantCost", checked === true)}
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
