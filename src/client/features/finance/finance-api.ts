import { useQuery } from "@tanstack/react-query";
import {
  type BudgetItemDto,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpenseStatus,
  type FinancialSummary,
  financePaths,
  type VendorPaymentDto,
} from "../../../shared/schemas/finance";
import { dashboardPath } from "../dashboard/dashboard-api";

/** `${financePaths.budgets}?retreatId=...` (spec section 7); without an id the server takes the current retreat. */
export function withRetreat(path: string, retreatId: string | undefined, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ ...(retreatId ? { retreatId } : {}), ...extra });
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function useBudgets(retreatId: string | undefined) {
  return useQuery<BudgetItemDto[]>({ queryKey: [withRetreat(financePaths.budgets, retreatId)] });
}

export type ExpenseFilters = { status: ExpenseStatus | ""; category: ExpenseCategory | "" };

export function useExpenses(retreatId: string | undefined, filters: ExpenseFilters = { status: "", category: "" }) {
  const extra: Record<string, string> = {};
  if (filters.status) extra.status = filters.status;
  if (filters.category) extra.category = filters.category;
  return useQuery<ExpenseDto[]>({ queryKey: [withRetreat(financePaths.expenses, retreatId, extra)] });
}

export function useVendorPayments(retreatId: string | undefined) {
  return useQuery<VendorPaymentDto[]>({ queryKey: [withRetreat(financePaths.vendorPayments, retreatId)] });
}

/** Asked for once the season is known (the panel waits for it), never for "whichever is current". */
export function useFinancialSummary(retreatId: string | undefined) {
  return useQuery<FinancialSummary>({
    queryKey: [withRetreat(financePaths.summary, retreatId)],
    enabled: retreatId !== undefined,
  });
}

/**
 * What a finance write refreshes: every finance list, the summary and the dashboard's figures (an
 * approval moves money between all of them).
 */
export const financeRefresh = [
  financePaths.budgets,
  financePaths.expenses,
  financePaths.vendorPayments,
  financePaths.summary,
  dashboardPath,
] as const;
