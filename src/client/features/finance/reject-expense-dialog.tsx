import { useId } from "react";
import { type ExpenseDto, financePaths, rejectExpenseSchema } from "../../../shared/schemas/finance";
import { FormDialog } from "../../components/ui/dialog";
import { TextareaField } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { financeRefresh } from "./finance-api";
import { useValidatedForm, ValidationAlert } from "./validation-alert";

/** Reject a pending expense; the spec asks for a non-blank reason, which is kept on the expense. */
export function RejectExpenseDialog({ expense, onClose }: { expense: ExpenseDto; onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const { form, messages, submit } = useValidatedForm(rejectExpenseSchema, { reason: "" }, formId);
  const reject = useWrite({
    request: (body: { reason: string }) => ({
      method: "PUT",
      path: `${financePaths.expenses}/${expense.id}/reject`,
      body,
    }),
    success: "Expense rejected successfully",
    failure: "Failed to reject expense",
    refresh: financeRefresh,
    onSuccess: onClose,
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Reject expense"
      description={`Why is "${expense.description}" rejected? The reason stays with the expense.`}
      formId={formId}
      onSubmit={submit(({ reason }) => reject.mutate({ reason }))}
      pending={reject.isPending}
      submitLabel="Reject expense"
      pendingLabel="Rejecting..."
      destructive
    >
      <ValidationAlert id={`${id}-alert`} messages={messages} />
      <TextareaField form={form} showError={false} name="reason" label="Reason" required rows={3} />
    </FormDialog>
  );
}
