import { type FormEvent, useId, useState } from "react";
import { formatAmount } from "../../../shared/finance/money";
import {
  type ManualPaymentMethod,
  manualPaymentMethods,
  type PaymentDto,
  paymentMethodLabels,
} from "../../../shared/schemas/payments";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { NativeSelect } from "../../components/ui/native-select";
import { useWrite } from "../../lib/use-write";
import { formatDay, paymentTypeLabel } from "./format";
import { paymentsPath, paymentsRefresh } from "./payments-api";

/** Staff confirm a scheduled payment arrived, and how it was paid. */
export function MarkCompletedDialog({ payment, onClose }: { payment: PaymentDto; onClose: () => void }) {
  const id = useId();
  const [method, setMethod] = useState<ManualPaymentMethod>("bank_transfer");
  const save = useWrite({
    request: () => ({
      method: "PUT",
      path: `${paymentsPath}/${payment.id}/status`,
      body: { status: "completed", paymentMethod: method },
    }),
    success: "Payment marked as completed",
    failure: "Failed to mark payment as completed",
    refresh: paymentsRefresh,
    onSuccess: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(undefined);
  };
  const formId = `${id}-form`;
  return (
    <AdminDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Mark payment completed"
      description={`${paymentTypeLabel(payment.type)} of ${formatAmount(payment.amount, payment.currency)} from ${
        payment.applicantName ?? "the applicant"
      }, due ${formatDay(payment.dueDate)}.`}
      footer={
        <FormDialogFooter formId={formId} pending={save.isPending} submitLabel="Mark completed" onCancel={onClose} />
      }
    >
      <form id={formId} noValidate aria-label="Mark payment completed" onSubmit={submit} className="grid gap-4">
        <FormField id={`${id}-method`} name="paymentMethod" label="Paid by" required>
          {(control) => (
            <NativeSelect
              {...control}
              value={method}
              onChange={(event) => setMethod(event.target.value as ManualPaymentMethod)}
            >
              {manualPaymentMethods.map((m) => (
                <option key={m} value={m}>
                  {paymentMethodLabels[m]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </form>
    </AdminDialog>
  );
}
