import { Trash2, X } from "lucide-react";
import { useId, useState } from "react";
import { formatAmount } from "../../../shared/finance/money";
import {
  costModelLabels,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpenseStatus,
  expenseCategories,
  expenseCategoryLabels,
  expenseStatuses,
  financePaths,
  financeStatusLabels,
  type PaymentMethod,
  paymentMethodLabels,
} from "../../../shared/schemas/finance";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, deleteLabels } from "../../components/ui/confirm-dialog";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { useWrite } from "../../lib/use-write";
import { ApproveButton, MarkPaidButton, useApproval } from "./approval-actions";
import { type ExpenseFilters, financeRefresh, useExpenses } from "./finance-api";
import { StatusBadge } from "./finance-badges";

const RejectExpenseDialog = lazyDialog(() => import("./reject-expense-dialog").then((m) => m.RejectExpenseDialog));

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const showDate = (day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`));

function basis(e: ExpenseDto, currency: string): string | null {
  const rate = formatAmount(e.amount, currency);
  if (e.costModel === "per_person") return `${rate} × ${e.participantCount} people`;
  if (e.costModel === "per_trip") return `${rate} × ${e.tripCount} trips`;
  if (e.costModel === "daily_rate") return `${rate} a day, ${showDate(e.startDate!)} to ${showDate(e.endDate!)}`;
  return null;
}

function DeleteExpenseDialog({ expense, onClose }: { expense: ExpenseDto; onClose: () => void }) {
  const remove = useWrite({
    request: () => ({ method: "DELETE", path: `${financePaths.expenses}/${expense.id}` }),
    success: "Expense deleted successfully",
    failure: "Failed to delete expense",
    refresh: financeRefresh,
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      title="Delete expense?"
      description={`"${expense.description}" will be removed. This cannot be undone.`}
      {...deleteLabels}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(undefined)}
      onClose={onClose}
    >
      <p className="text-sm text-muted-foreground">
        Only pending expenses can be deleted; reject one to keep a record.
      </p>
    </ConfirmDialog>
  );
}

function ExpenseRow({
  expense: e,
  currency,
  onReject,
  onDelete,
}: {
  expense: ExpenseDto;
  currency: string;
  onReject: (e: ExpenseDto) => void;
  onDelete: (e: ExpenseDto) => void;
}) {
  const { approve, markPaid } = useApproval(`${financePaths.expenses}/${e.id}`, "expense");
  const how = basis(e, currency);
  const meta = [
    expenseCategoryLabels[e.category as ExpenseCategory] ?? e.category,
    showDate(e.expenseDate),
    paymentMethodLabels[e.paymentMethod as PaymentMethod] ?? e.paymentMethod,
    e.vendorName,
  ].filter(Boolean);
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center" aria-label={e.description}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{e.description}</span>
          <StatusBadge status={e.status} />
        </p>
        <p className="text-sm text-muted-foreground">{meta.join(" · ")}</p>
        <p className="text-sm text-muted-foreground">
          {costModelLabels[e.costModel as keyof typeof costModelLabels] ?? e.costModel}
          {how ? `: ${how}` : ""}
        </p>
        {e.status === "rejected" && e.rejectionReason ? (
          <p className="text-sm text-destructive">Rejected: {e.rejectionReason}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <span className="mr-2 font-semibold tabular-nums" data-testid={`expense-total-${e.id}`}>
          {formatAmount(e.total, currency)}
        </span>
        {e.status === "pending" ? (
          <>
            <ApproveButton label={`Approve ${e.description}`} write={approve} />
            <Button size="sm" variant="outline" aria-label={`Reject ${e.description}`} onClick={() => onReject(e)}>
              <X aria-hidden="true" className="size-4" />
              Reject
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Delete ${e.description}`} onClick={() => onDelete(e)}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </>
        ) : null}
        {e.status === "approved" ? <MarkPaidButton label={`Mark ${e.description} paid`} write={markPaid} /> : null}
      </div>
    </li>
  );
}

/** Expenses with the spec's approve and reject, plus mark paid and delete, filtered by status or category. */
export function ExpensesSection({
  retreatId,
  currency,
  onAdd,
}: {
  retreatId: string | undefined;
  currency: string;
  onAdd: () => void;
}) {
  const id = useId();
  const [filters, setFilters] = useState<ExpenseFilters>({ status: "", category: "" });
  const list = useExpenses(retreatId, filters);
  const [rejecting, setRejecting] = useState<ExpenseDto | null>(null);
  const [deleting, setDeleting] = useState<ExpenseDto | null>(null);
  const expenses = list.data ?? [];
  const filtered = filters.status !== "" || filters.category !== "";
  return (
    <SectionCard
      as="h3"
      title="Expenses"
      description="Approved and paid count as spent; pending as pending."
      action={<Button onClick={onAdd}>Add expense</Button>}
      contentClassName="grid gap-4"
      dialogs={
        <>
          {rejecting ? <RejectExpenseDialog expense={rejecting} onClose={() => setRejecting(null)} /> : null}
          {deleting ? <DeleteExpenseDialog expense={deleting} onClose={() => setDeleting(null)} /> : null}
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2 max-w-xl">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as ExpenseStatus | "" }))}
          >
            <option value="">All statuses</option>
            {expenseStatuses.map((s) => (
              <option key={s} value={s}>
                {financeStatusLabels[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <NativeSelect
            id={`${id}-category`}
            value={filters.category}
            onChange={(e) => setFilters((f) => ({ ...f, category: e.target.value as ExpenseCategory | "" }))}
          >
            <option value="">All categories</option>
            {expenseCategories.map((c) => (
              <option key={c} value={c}>
                {expenseCategoryLabels[c]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <LoadStatus
        loading={list.isLoading && "Loading expenses..."}
        error={list.isError && "Failed to load expenses."}
        empty={
          list.isSuccess &&
          expenses.length === 0 &&
          (filtered ? "No expenses match these filters." : "No expenses yet.")
        }
      />
      {expenses.length > 0 ? (
        <ul aria-label="Expenses" className="divide-y divide-border">
          {expenses.map((e) => (
            <ExpenseRow key={e.id} expense={e} currency={currency} onReject={setRejecting} onDelete={setDeleting} />
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}
