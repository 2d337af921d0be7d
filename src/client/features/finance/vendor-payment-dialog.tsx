import { useId } from "react";
import { z } from "zod";
import { formatAmount } from "../../../shared/finance/money";
import {
  createVendorPaymentSchema,
  financePaths,
  type PaymentMethod,
  paymentMethodLabels,
  paymentMethods,
} from "../../../shared/schemas/finance";
import { FormDialog } from "../../components/ui/dialog";
import { InputField, LabelledOptions, SelectField, TextareaField } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { useVendors } from "../vendors/vendors-api";
import { financeRefresh, useExpenses } from "./finance-api";
import { useValidatedForm, ValidationAlert } from "./validation-alert";

type Fields = {
  vendorId: string;
  expenseId: string;
  amount: string;
  paymentMethod: PaymentMethod;
  paymentReference: string;
  paymentDate: string;
  notes: string;
};

const blank: Fields = {
  vendorId: "",
  expenseId: "",
  amount: "",
  paymentMethod: "bank_transfer",
  paymentReference: "",
  paymentDate: "",
  notes: "",
};

function toBody(f: Fields, retreatId: string | undefined, currency: string) {
  return {
    vendorId: f.vendorId,
    expenseId: f.expenseId || null,
    amount: f.amount.trim(),
    paymentMethod: f.paymentMethod,
    paymentReference: f.paymentReference.trim() || null,
    paymentDate: f.paymentDate || null,
    notes: f.notes.trim() || null,
    currency,
    ...(retreatId ? { retreatId } : {}),
  };
}

/** The inputs as typed, checked by the API's own rules (createVendorPaymentSchema) with the retreat's currency. */
function vendorPaymentFormSchema(retreatId: string | undefined, currency: string) {
  return z
    .object({
      vendorId: z.string(),
      expenseId: z.string(),
      amount: z.string(),
      paymentMethod: z.enum(paymentMethods),
      paymentReference: z.string(),
      paymentDate: z.string(),
      notes: z.string(),
    })
    .transform((f): z.input<typeof createVendorPaymentSchema> => toBody(f, retreatId, currency))
    .pipe(createVendorPaymentSchema);
}

/** Record a payment owed to a vendor, optionally against one of its expenses; it starts pending. */
export function VendorPaymentDialog({
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
  const { form, messages, submit, showServerIssues } = useValidatedForm(
    vendorPaymentFormSchema(retreatId, currency),
    blank,
    formId,
  );
  const vendors = useVendors();
  const expenses = useExpenses(retreatId);
  const save = useWrite({
    request: (body: object) => ({ method: "POST", path: financePaths.vendorPayments, body }),
    success: "Vendor payment recorded successfully",
    failure: "Failed to record vendor payment",
    refresh: financeRefresh,
    onSuccess: onClose,
  });

  const vendorId = form.watch("vendorId");
  // Only expenses that are not rejected and are this vendor's (or have no vendor) can be paid with it.
  const payable = (expenses.data ?? []).filter(
    (e) => e.status !== "rejected" && (!e.vendorId || e.vendorId === vendorId),
  );
  const bound = { form, showError: false } as const;
  return (
    <FormDialog
      size="lg"
      onClose={onClose}
      title="Record vendor payment"
      description="The payment waits for approval before it is made."
      formId={formId}
      onSubmit={submit((fields) => save.mutate(toBody(fields, retreatId, currency), { onError: showServerIssues }))}
      pending={save.isPending}
      submitLabel="Record payment"
      className="grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <ValidationAlert id={`${id}-alert`} messages={messages} />
      </div>
      <SelectField {...bound} name="vendorId" label="Vendor" required>
        <option value="">Choose a vendor</option>
        {(vendors.data ?? []).map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </SelectField>
      <InputField
        {...bound}
        name="amount"
        label={`Amount (${currency})`}
        required
        inputMode="decimal"
        autoComplete="off"
      />
      <SelectField {...bound} name="expenseId" label="For expense" className="sm:col-span-2">
        <option value="">Not linked to an expense</option>
        {payable.map((e) => (
          <option key={e.id} value={e.id}>
            {`${e.description} (${formatAmount(e.total, currency)})`}
          </option>
        ))}
      </SelectField>
      <SelectField {...bound} name="paymentMethod" label="Payment method">
        <LabelledOptions values={paymentMethods} labels={paymentMethodLabels} />
      </SelectField>
      <InputField {...bound} name="paymentDate" label="Payment date" hint="Optional" type="date" />
      <InputField {...bound} name="paymentReference" label="Payment reference" className="sm:col-span-2" />
      <TextareaField {...bound} name="notes" label="Notes" rows={2} className="sm:col-span-2" />
    </FormDialog>
  );
}
