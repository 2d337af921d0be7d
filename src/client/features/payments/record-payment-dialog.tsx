import { type FormEvent, useId, useRef, useState } from "react";
import { formatAmount, toPence } from "../../../shared/finance/money";
import {
  manualPaymentMethods,
  overpaymentMessage,
  type PaymentDto,
  type PaymentPlanDto,
  paymentMethodLabels,
  recordPaymentSchema,
} from "../../../shared/schemas/payments";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useWrite } from "../../lib/use-write";
import { londonToday, planTypeLabel } from "./format";
import { paymentsPath, paymentsRefresh } from "./payments-api";

type Fields = { paymentPlanId: string; amount: string; paymentMethod: string; paidOn: string; description: string };
type FieldName = keyof Fields;

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
  const formRef = useRef<HTMLFormElement>(null);
  const today = londonToday();
  const [fields, setFields] = useState<Fields>({
    paymentPlanId: planId ?? plans[0]?.id ?? "",
    amount: "",
    paymentMethod: "bank_transfer",
    paidOn: today,
    description: "",
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const plan = plans.find((p) => p.id === fields.paymentPlanId);
  const save = useWrite<ReturnType<typeof toRecordBody>, PaymentDto>({
    request: (body) => ({ method: "POST", path: paymentsPath, body }),
    success: (p) => `Payment of ${formatAmount(p.amount, p.currency)} recorded`,
    failure: "Failed to record payment",
    refresh: paymentsRefresh,
    onSuccess: onClose,
  });
  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toRecordBody(fields, today);
    const found: Partial<Record<FieldName, string>> = {};
    const parsed = recordPaymentSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = (issue.path[0] === "paidAt" ? "paidOn" : issue.path[0]) as FieldName;
        found[name] ??= issue.message;
      }
    } else if (plan && toPence(parsed.data.amount) > toPence(plan.remainingAmount)) {
      found.amount = overpaymentMessage(formatAmount(plan.remainingAmount, plan.currency));
    }
    if (fields.paidOn > today) found.paidOn = "The payment date cannot be in the future.";
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(formRef.current, Object.keys(found));
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const formId = `${id}-form`;
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Record payment"
      description="Money received outside Stripe. It is recorded as completed and settles the plan's next scheduled payments."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending || plans.length === 0}>
            {save.isPending ? "Saving..." : "Record payment"}
          </Button>
        </>
      }
    >
      {plans.length === 0 ? (
        <p className="text-sm text-muted-foreground">There are no active payment plans to record a payment against.</p>
      ) : (
        <form
          ref={formRef}
          id={formId}
          noValidate
          aria-label="Record payment"
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-2"
        >
          <FormField
            id={`${id}-plan`}
            name="paymentPlanId"
            label="Payment plan"
            required
            error={errors.paymentPlanId}
            hint={plan ? `Remaining: ${formatAmount(plan.remainingAmount, plan.currency)}` : undefined}
            className="sm:col-span-2"
          >
            {(control) => (
              <NativeSelect {...control} value={fields.paymentPlanId} onChange={set("paymentPlanId")}>
                {plans.map((p) => (
                  <option key={p.id} value={p.id}>
                    {`${p.applicantName ?? "Applicant"} · ${planTypeLabel(p.planType)} · ${formatAmount(p.remainingAmount, p.currency)} remaining`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-amount`} name="amount" label="Amount (£)" required error={errors.amount}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder="500.00"
                value={fields.amount}
                onChange={set("amount")}
              />
            )}
          </FormField>
          <FormField id={`${id}-method`} name="paymentMethod" label="Paid by" required error={errors.paymentMethod}>
            {(control) => (
              <NativeSelect {...control} value={fields.paymentMethod} onChange={set("paymentMethod")}>
                {manualPaymentMethods.map((m) => (
                  <option key={m} value={m}>
                    {paymentMethodLabels[m]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-paid-on`} name="paidOn" label="Date received" required error={errors.paidOn}>
            {(control) => <Input {...control} type="date" max={today} value={fields.paidOn} onChange={set("paidOn")} />}
          </FormField>
          <FormField id={`${id}-description`} name="description" label="Note" error={errors.description}>
            {(control) => (
              <Input
                {...control}
                placeholder="e.g. Bank transfer ref. 1234"
                value={fields.description}
                onChange={set("description")}
              />
            )}
          </FormField>
        </form>
      )}
    </AdminDialog>
  );
}
