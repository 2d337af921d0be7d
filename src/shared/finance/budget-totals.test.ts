import { describe, expect, it } from "vitest";
import { budgetTotals } from "./budget-totals";

describe("budget against actual", () => {
  it("counts approved and paid as spent, pending as pending, rejected as nothing", () => {
    const result = budgetTotals(
      [
        { category: "food", budgetedPence: 100_000 },
        { category: "food", budgetedPence: 20_000 },
        { category: "accommodation", budgetedPence: 500_000 },
      ],
      [
        { category: "food", totalPence: 30_000, status: "approved" },
        { category: "food", totalPence: 10_000, status: "paid" },
        { category: "food", totalPence: 5_000, status: "pending" },
        { category: "food", totalPence: 99_999, status: "rejected" },
        { category: "transport", totalPence: 8_000, status: "paid" },
      ],
    );
    expect(result.categories).toEqual([
      { category: "accommodation", budgetedPence: 500_000, spentPence: 0, pendingPence: 0, remainingPence: 500_000 },
      { category: "food", budgetedPence: 120_000, spentPence: 40_000, pendingPence: 5_000, remainingPence: 75_000 },
      { category: "transport", budgetedPence: 0, spentPence: 8_000, pendingPence: 0, remainingPence: -8_000 },
    ]);
    expect(result.total).toEqual({
      budgetedPence: 620_000,
      spentPence: 48_000,
      pendingPence: 5_000,
      remainingPence: 567_000,
    });
  });
});
