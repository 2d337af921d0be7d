import { useId } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { formatAmount, toPence } from "../../../shared/finance/money";
import {
  manualPaymentMethods,
  overpaymentMessage,
  type PaymentDto,
  type PaymentPlanDto,
  paymentMethodLabels,
  recordPaymentSchema,
} from "../../../shared/schemas/payments";
import { FormDialog } from "../../components/ui/dialog";
import { focusInvalid, InputField, LabelledOptions, SelectField } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { londonToday, planTypeLabel } from "./format";
import { paymentsPath, paymentsRefresh } from "./payments-api";

type Fields = { paymentPlanId: string; amount: string; paymentMethod: string; paidOn: string; description: string };

/**
 * The day becomes a timestamp: now for today (so it is never "in the future"), else midday UTC,
 * which is the same calendar day in London.
 */
export function paidAtFor(day: string, today = londonToday()): string | undefined {
  if (!day || day === today) return undefined;
  return `${day}T12:00:00.000Z`;
}

export function toRecordBody(f: Fields, today = londonToday()) {
  const paidAt = paidAtFor(f.paidOn, today);
  return {
    paymentPlanId: f.paymentPlanId,
    amount: f.amount.trim().replace(/^£/, "").replaceAll(",", ""),
    paymentMethod: f.paymentMethod,
    ...(paidAt ? { paidAt } : {}),
    ...(f.description.trim() ? { description: f.description.trim() } : {}),
  };
}

/**
 * The API's own rules (recordPaymentSchema, its paidAt shown on the day field), then what only the
 * screen knows: no more than the chosen plan's remaining balance, and no day after today.
 */
function recordResolver(plans: PaymentPlanDto[], today: string): Resolver<Fields> {
  return (fields) => {
    const errors: FieldErrors<Fields> = {};
    const found = (name: keyof Fields, message: string) => {
      errors[name] ??= { type: "validate", message };
    };
    const plan = plans.find((p) => p.id === fields.paymentPlanId);
    const parsed = recordPaymentSchema.safeParse(toRecordBody(fields, today));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        found((issue.path[0] === "paidAt" ? "paidOn" : issue.path[0]) as keyof Fields, issue.message);
      }
    } else if (plan && toPence(parsed.data.amount) > toPence(plan.remainingAmount)) {
      found("amount", overpaymentMessage(formatAmount(plan.remainingAmount, plan.currency)));
    }
    if (fields.paidOn > today)
      errors.paidOn = { type: "validate", message: "The payment date cannot be in the future." };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: fields, errors: {} };
  };
}

/** A payment received outside Stripe (cash, bank transfer, cheque, card terminal), recorded as completed. */
export function RecordPaymentDialog({
  plans,
  planId,
  onClose,
}: {
  /** Active plans staff can record against. */
  plans: PaymentPlanDto[];
  planId: string | null;
  onClose: () => void;
}) {
  const id = useId();
  const formId = `${id}-form`;
  const today = londonToday();
  const form = useForm<Fields>({
    resolver: recordResolver(plans, today),
    defaultValues: {
      paymentPlanId: planId ?? plans[0]?.id ?? "",
      amount: "",
      paymentMethod: "bank_transfer",
      paidOn: today,
      description: "",
    },
    shouldFocusError: false,
    reValidateMode: "onSubmit",
  });
  const plan = plans.find((p) => p.id === form.watch("paymentPlanId"));
  const save = useWrite<ReturnType<typeof toRecordBody>, PaymentDto>({
    request: (body) => ({ method: "POST", path: paymentsPath, body }),
    success: (p) => `Payment of ${formatAmount(p.amount, p.currency)} recorded`,
    failure: "Failed to record payment",
    refresh: paymentsRefresh,
    onSuccess: onClose,
  });

  return (
    <FormDialog
      size="lg"
      onClose={onClose}
      title="Record payment"
      description="Money received outside Stripe. It is recorded as completed and settles the plan's next scheduled payments."
      formId={formId}
      onSubmit={form.handleSubmit((fields) => save.mutate(toRecordBody(fields, today)), focusInvalid(formId))}
      pending={save.isPending}
      disabled={plans.length === 0}
      submitLabel="Record payment"
      className="grid gap-4 sm:grid-cols-2"
    >
      {plans.length === 0 ? (
        <p className="text-sm text-muted-foreground sm:col-span-2">
          There are no active payment plans to record a payment against.
        </p>
      ) : (
        <>
          <SelectField
            form={form}
            name="paymentPlanId"
            label="Payment plan"
            required
            hint={plan ? `Remaining: ${formatAmount(plan.remainingAmount, plan.currency)}` : undefined}
            className="sm:col-span-2"
          >
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.applicantName ?? "Applicant"} · ${planTypeLabel(p.planType)} · ${formatAmount(p.remainingAmount, p.currency)} remaining`}
              </option>
            ))}
          </SelectField>
          <InputField
            form={form}
            name="amount"
            label="Amount (£)"
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder="500.00"
          />
          <SelectField form={form} name="paymentMethod" label="Paid by" required>
            <LabelledOptions values={manualPaymentMethods} labels={paymentMethodLabels} />
          </SelectField>
          <InputField form={form} name="paidOn" label="Date received" required type="date" max={today} />
          <InputField form={form} name="description" label="Note" placeholder="e.g. Bank transfer ref. 1234" />
        </>
      )}
    </FormDialog>
  );
}
