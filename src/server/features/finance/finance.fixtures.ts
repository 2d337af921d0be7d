/** Test-only helpers for the finance tests (imported only by *.test.ts). */

/** A valid expense body; override what the test is about. */
export function expenseBody(overrides: Record<string, unknown> = {}) {
  return {
    description: "Villa deposit",
    amount: "1000.00",
    category: "accommodation",
    expenseDate: "2026-03-01",
    ...overrides,
  };
}
