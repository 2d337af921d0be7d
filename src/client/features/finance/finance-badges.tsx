import { type ExpenseStatus, financeStatusLabels } from "../../../shared/schemas/finance";
import { cn } from "../../lib/cn";

/** Text colours are the 800 shades for 4.5:1 contrast on their tints. */
const statusClasses: Record<ExpenseStatus, string> = {
  pending: "border-yellow-200 bg-yellow-100 text-yellow-800",
  approved: "border-blue-200 bg-blue-100 text-blue-800",
  paid: "border-green-200 bg-green-100 text-green-800",
  rejected: "border-red-200 bg-red-100 text-red-800",
};

export function StatusBadge({ status }: { status: string }) {
  const known = status in statusClasses ? (status as ExpenseStatus) : "pending";
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        statusClasses[known],
      )}
    >
      {financeStatusLabels[status as ExpenseStatus] ?? status}
    </span>
  );
}
