import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { formatDayRange } from "../../../shared/display/dates";
import { formatAmount } from "../../../shared/finance/money";
import {
  type BudgetItemDto,
  costModelLabels,
  type ExpenseCategory,
  expenseCategoryLabels,
  financePaths,
} from "../../../shared/schemas/finance";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, deleteLabels } from "../../components/ui/confirm-dialog";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { useWrite } from "../../lib/use-write";
import { financeRefresh, useBudgets } from "./finance-api";

const BudgetDialog = lazyDialog(() => import("./budget-dialog").then((m) => m.BudgetDialog));

function DeleteBudgetDialog({ item, onClose }: { item: BudgetItemDto; onClose: () => void }) {
  const remove = useWrite({
    request: () => ({ method: "DELETE", path: `${financePaths.budgets}/${item.id}` }),
    success: "Budget item deleted successfully",
    failure: "Failed to delete budget item",
    refresh: financeRefresh,
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      title="Delete budget item?"
      description={`"${item.description}" will be removed from the budget. This cannot be undone.`}
      {...deleteLabels}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(undefined)}
      onClose={onClose}
    >
      <p className="text-sm text-muted-foreground">Lines with expenses linked to them cannot be deleted.</p>
    </ConfirmDialog>
  );
}

function pricing(item: BudgetItemDto, currency: string): string {
  if (item.costModel === "total") return costModelLabels.total;
  const label = costModelLabels[item.costModel as keyof typeof costModelLabels] ?? item.costModel;
  const detail =
    item.costModel === "per_person"
      ? `${item.participantCount} people`
      : item.costModel === "daily_rate"
        ? formatDayRange(item.startDate ?? "", item.endDate ?? "")
        : "";
  return `${label}: ${formatAmount(item.budgetedAmount, currency)}${detail ? `, ${detail}` : ""}`;
}

/** The budget lines, with their computed totals; add, edit (amount changes are kept) and delete. */
export function BudgetSection({
  retreatId,
  currency,
  onAdd,
}: {
  retreatId: string | undefined;
  currency: string;
  onAdd: () => void;
}) {
  const budgets = useBudgets(retreatId);
  const [editing, setEditing] = useState<BudgetItemDto | null>(null);
  const [deleting, setDeleting] = useState<BudgetItemDto | null>(null);
  const items = budgets.data ?? [];
  return (
    <SectionCard
      as="h3"
      title="Budget"
      description="Planned spending per category."
      action={
        <Button variant="outline" onClick={onAdd}>
          Add budget category
        </Button>
      }
      dialogs={
        <>
          {editing ? (
            <BudgetDialog item={editing} retreatId={retreatId} currency={currency} onClose={() => setEditing(null)} />
          ) : null}
          {deleting ? <DeleteBudgetDialog item={deleting} onClose={() => setDeleting(null)} /> : null}
        </>
      }
    >
      <LoadStatus
        loading={budgets.isLoading && "Loading budget..."}
        error={budgets.isError && "Failed to load the budget."}
        empty={budgets.isSuccess && items.length === 0 && "No budget yet. Add a category to plan spending."}
      />
      {items.length > 0 ? (
        <ul aria-label="Budget items" className="divide-y divide-border">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {expenseCategoryLabels[item.category as ExpenseCategory] ?? item.category}
                  <span className="font-normal text-muted-foreground"> · {item.description}</span>
                </p>
                <p className="text-sm text-muted-foreground">{pricing(item, currency)}</p>
              </div>
              <div className="flex items-center gap-1">
                <span className="mr-2 font-semibold tabular-nums">{formatAmount(item.total, currency)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit budget item ${item.description}`}
                  onClick={() => setEditing(item)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                {item.expenseCount === 0 ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete budget item ${item.description}`}
                    onClick={() => setDeleting(item)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}
