import { type FormEvent, useId, useRef, useState } from "react";
import { formatAmount } from "../../../shared/finance/money";
import {
  createVendorPaymentSchema,
  financePaths,
  type PaymentMethod,
  paymentMethodLabels,
  paymentMethods,
} from "../../../shared/schemas/finance";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { useWrite } from "../../lib/use-write";
import { useVendors } from "../schedule/schedule-api";
import { serverIssues } from "./expense-dialog";
import { financeRefresh, useExpenses } from "./finance-api";
import { issuesOf, ValidationAlert } from "./validation-alert";

type Fields = {
  vendorId: string;
  expenseId: string;
  amount: string;
  paymentMethod: PaymentMethod;
  paymentReference: string;
  paymentDate: string;
  notes: string;
};

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
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields>({
    vendorId: "",
    expenseId: "",
    amount: "",
    paymentMethod: "bank_transfer",
    paymentReference: "",
    paymentDate: "",
    notes: "",
  });
  const [problems, setProblems] = useState<{ messages: string[]; fields: string[] }>({ messages: [], fields: [] });
  const vendors = useVendors();
  const expenses = useExpenses(retreatId);
  const save = useWrite({
    request: (body: object) => ({ method: "POST", path: financePaths.vendorPayments, body }),
    success: "Vendor payment recorded successfully",
    failure: "Failed to record vendor payment",
    refresh: financeRefresh,
    onSuccess: onClose,
  });
  const text = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const body = () => ({
    vendorId: fields.vendorId,
    expenseId: fields.expenseId || null,
    amount: fields.amount.trim(),
    paymentMethod: fields.paymentMethod,
    paymentReference: fields.paymentReference.trim() || null,
    paymentDate: fields.paymentDate || null,
    notes: fields.notes.trim() || null,
    currency,
    ...(retreatId ? { retreatId } : {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = body();
    const parsed = createVendorPaymentSchema.safeParse(payload);
    if (!parsed.success) {
      const found = issuesOf(parsed.error.issues);
      setProblems(found);
      focusFirstError(formRef.current, found.fields);
      return;
    }
    setProblems({ messages: [], fields: [] });
    save.mutate(payload, { onError: (error) => setProblems({ messages: serverIssues(error), fields: [] }) });
  };

  const invalid = new Set(problems.fields);
  const bad = (name: string) => (invalid.has(name) ? true : undefined);
  // Only expenses that are not rejected and are this vendor's (or have no vendor) can be paid with it.
  const payable = (expenses.data ?? []).filter(
    (e) => e.status !== "rejected" && (!e.vendorId || e.vendorId === fields.vendorId),
  );
  const formId = `${id}-form`;
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Record vendor payment"
      description="The payment waits for approval before it is made."
      footer={
        <FormDialogFooter formId={formId} pending={save.isPending} submitLabel="Record payment" onCancel={onClose} />
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        aria-label="Record vendor payment"
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <ValidationAlert id={`${id}-alert`} messages={problems.messages} />
        </div>
        <FormField id={`${id}-vendor`} name="vendorId" label="Vendor" required>
          {(control) => (
            <NativeSelect
              {...control}
              aria-invalid={bad("vendorId")}
              value={fields.vendorId}
              onChange={text("vendorId")}
            >
              <option value="">Choose a vendor</option>
              {(vendors.data ?? []).map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-amount`} name="amount" label={`Amount (${currency})`} required>
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
        <FormField id={`${id}-expense`} name="expenseId" label="For expense" className="sm:col-span-2">
          {(control) => (
            <NativeSelect {...control} value={fields.expenseId} onChange={text("expenseId")}>
              <option value="">Not linked to an expense</option>
              {payable.map((e) => (
                <option key={e.id} value={e.id}>
                  {`${e.description} (${formatAmount(e.total, currency)})`}
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
        <FormField id={`${id}-date`} name="paymentDate" label="Payment date" hint="Optional">
          {(control) => <Input {...control} type="date" value={fields.paymentDate} onChange={text("paymentDate")} />}
        </FormField>
        <FormField id={`${id}-reference`} name="paymentReference" label="Payment reference" className="sm:col-span-2">
          {(control) => <Input {...control} value={fields.paymentReference} onChange={text("paymentReference")} />}
        </FormField>
        <FormField id={`${id}-notes`} name="notes" label="Notes" className="sm:col-span-2">
          {(control) => <Textarea rows={2} {...control} value={fields.notes} onChange={text("notes")} />}
        </FormField>
      </form>
    </AdminDialog>
  );
}
