/**
 * Budget against actual (back-office.md: "Budget totals count paid and approved expenses as spent
 * and pending ones as pending"). Rejected expenses count for nothing. Amounts are totals in pence,
 * already computed with costTotalPence.
 */
export type BudgetLine = { category: string; budgetedPence: number };
export type ExpenseLine = { category: string; totalPence: number; status: string };

export type CategoryTotals = {
  category: string;
  budgetedPence: number;
  spentPence: number;
  pendingPence: number;
  /** budgeted - spent - pending: what is still free to commit (negative when over budget). */
  remainingPence: number;
};

import { addPence } from "./money";

const spentStatuses = new Set(["approved", "paid"]);

export function budgetTotals(budget: readonly BudgetLine[], expenses: readonly ExpenseLine[]) {
  const byCategory = new Map<string, CategoryTotals>();
  const row = (category: string) => {
    let found = byCategory.get(category);
    if (!found) {
      found = { category, budgetedPence: 0, spentPence: 0, pendingPence: 0, remainingPence: 0 };
      byCategory.set(category, found);
    }
    return found;
  };
  for (const line of budget) {
    const c = row(line.category);
    c.budgetedPence = addPence(c.budgetedPence, line.budgetedPence);
  }
  for (const expense of expenses) {
    const c = row(expense.category);
    if (spentStatuses.has(expense.status)) c.spentPence = addPence(c.spentPence, expense.totalPence);
    else if (expense.status === "pending") c.pendingPence = addPence(c.pendingPence, expense.totalPence);
  }
  const categories = [...byCategory.values()]
    .map((c) => ({ ...c, remainingPence: addPence(c.budgetedPence, -c.spentPence, -c.pendingPence) }))
    .sort((a, b) => a.category.localeCompare(b.category));
  const sum = (key: keyof Omit<CategoryTotals, "category">) => addPence(...categories.map((c) => c[key]));
  return {
    categories,
    total: {
      budgetedPence: sum("budgetedPence"),
      spentPence: sum("spentPence"),
      pendingPence: sum("pendingPence"),
      remainingPence: sum("remainingPence"),
    },
  };
}
