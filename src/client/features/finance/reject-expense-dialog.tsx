import { type FormEvent, useId, useState } from "react";
import { type ExpenseDto, financePaths, rejectExpenseSchema } from "../../../shared/schemas/finance";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Textarea } from "../../components/ui/textarea";
import { useWrite } from "../../lib/use-write";
import { financeRefresh } from "./finance-api";
import { ValidationAlert } from "./validation-alert";

/** Reject a pending expense; the spec asks for a non-blank reason, which is kept on the expense. */
export function RejectExpenseDialog({ expense, onClose }: { expense: ExpenseDto; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [messages, setMessages] = useState<string[]>([]);
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = rejectExpenseSchema.safeParse({ reason });
    if (!parsed.success) {
      setMessages(parsed.error.issues.map((i) => i.message));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setMessages([]);
    reject.mutate({ reason });
  };
  return (
    <AdminDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Reject expense"
      description={`Why is "${expense.description}" rejected? The reason stays with the expense.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="destructive" disabled={reject.isPending}>
            {reject.isPending ? "Rejecting..." : "Reject expense"}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate aria-label="Reject expense" onSubmit={submit} className="grid gap-4">
        <ValidationAlert id={`${id}-alert`} messages={messages} />
        <FormField id={`${id}-reason`} name="reason" label="Reason" required>
          {(control) => (
            <Textarea
              rows={3}
              {...control}
              aria-invalid={messages.length ? true : undefined}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
      </form>
    </AdminDialog>
  );
}
