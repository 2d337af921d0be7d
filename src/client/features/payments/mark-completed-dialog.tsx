import { useId } from "react";
import { z } from "zod";
import { formatAmount } from "../../../shared/finance/money";
import {
  manualPaymentMethods,
  type PaymentDto,
  type PaymentStatusUpdate,
  paymentMethodLabels,
  paymentStatusUpdateSchema,
} from "../../../shared/schemas/payments";
import { FormDialog } from "../../components/ui/dialog";
import { LabelledOptions, SelectField, useSchemaForm } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { formatDay, paymentTypeLabel } from "./format";
import { paymentsPath, paymentsRefresh } from "./payments-api";

/** The method as chosen, checked by the API's own rules (paymentStatusUpdateSchema) as a completion. */
const formSchema = z
  .object({ paymentMethod: z.enum(manualPaymentMethods) })
  .transform(({ paymentMethod }): PaymentStatusUpdate => ({ status: "completed", paymentMethod }))
  .pipe(paymentStatusUpdateSchema);

/** Staff confirm a scheduled payment arrived, and how it was paid. */
export function MarkCompletedDialog({ payment, onClose }: { payment: PaymentDto; onClose: () => void }) {
  const id = useId();
  const form = useSchemaForm(formSchema, { paymentMethod: "bank_transfer" });
  const save = useWrite<PaymentStatusUpdate, unknown>({
    request: (body) => ({ method: "PUT", path: `${paymentsPath}/${payment.id}/status`, body }),
    success: "Payment marked as completed",
    failure: "Failed to mark payment as completed",
    refresh: paymentsRefresh,
    onSuccess: onClose,
  });
  const formId = `${id}-form`;
  return (
    <FormDialog
      onClose={onClose}
      title="Mark payment completed"
      description={`${paymentTypeLabel(payment.type)} of ${formatAmount(payment.amount, payment.currency)} from ${
        payment.applicantName ?? "the applicant"
      }, due ${formatDay(payment.dueDate)}.`}
      formId={formId}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
      submitLabel="Mark completed"
    >
      <SelectField form={form} name="paymentMethod" label="Paid by" required>
        <LabelledOptions values={manualPaymentMethods} labels={paymentMethodLabels} />
      </SelectField>
    </FormDialog>
  );
}
