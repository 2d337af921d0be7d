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
  for (const line of budget) row(line.category).budgetedPence += line.budgetedPence;
  for (const expense of expenses) {
    if (spentStatuses.has(expense.status)) row(expense.category).spentPence += expense.totalPence;
    else if (expense.status === "pending") row(expense.category).pendingPence += expense.totalPence;
  }
  const categories = [...byCategory.values()]
    .map((c) => ({ ...c, remainingPence: c.budgetedPence - c.spentPence - c.pendingPence }))
    .sort((a, b) => a.category.localeCompare(b.category));
  const sum = (key: keyof Omit<CategoryTotals, "category">) => categories.reduce((total, c) => total + c[key], 0);
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
