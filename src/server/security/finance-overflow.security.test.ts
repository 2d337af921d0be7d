import { describe, expect, it } from "vitest";
import { budgetTotals } from "../../shared/finance/budget-totals";
import { costModelMessages, maxDailyRateDays } from "../../shared/finance/cost-models";
import { addPence, MoneyRangeError, maxAmountPence } from "../../shared/finance/money";
import { budgetItems, expenses } from "../db/schema";
import { toApiError } from "../http/errors";
import { type StaffDesk, staffDesk } from "../test/builders";
import { expenseBody } from "../test/fixtures/finance";
import { withTestApp } from "../test/test-app";

/**
 * Finding: a daily rate over a thousand years (or any rate x units past 2^53 pence) was accepted
 * and made the financial summary answer 500 for everyone. Every money input and line total is
 * bounded at the schema, and every sum is checked.
 */
let { app, call, staff, retreatId } = {} as StaffDesk;

withTestApp(async (built) => {
  ({ app, call, staff, retreatId } = await staffDesk(built, { name: "Overflow Retreat" }));
});

const paths = (res: { json: () => { errors?: { path: string }[] } }) => (res.json().errors ?? []).map((e) => e.path);

describe("money inputs are bounded at the schema", () => {
  it("refuses the reported thousand-year daily rate with a 400 naming endDate", async () => {
    const res = await call(
      "POST",
      "/api/admin/expenses",
      staff.cookie,
      expenseBody({
        retreatId,
        amount: "99999999.99",
        costModel: "daily_rate",
        startDate: "1000-01-01",
        endDate: "9999-12-31",
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res).join()).toContain("endDate");
    expect(res.body).toContain(costModelMessages.span);
  });

  it("refuses the reported year-3190 end date", async () => {
    const res = await call(
      "POST",
      "/api/admin/expenses",
      staff.cookie,
      expenseBody({ retreatId, costModel: "daily_rate", startDate: "2026-01-01", endDate: "3190-04-29" }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res).join()).toContain("endDate");
  });

  it("refuses an expense whose line total passes the cap, naming amount", async () => {
    for (const pricing of [
      { costModel: "per_person", participantCount: 100_000 },
      { costModel: "per_trip", tripCount: 2 },
      { costModel: "daily_rate", startDate: "2026-01-01", endDate: "2026-01-02" },
    ]) {
      const res = await call(
        "POST",
        "/api/admin/expenses",
        staff.cookie,
        expenseBody({ retreatId, amount: "99999999.99", ...pricing }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(paths(res).join()).toContain("amount");
      expect(res.body).toContain(costModelMessages.lineTotal);
    }
  });

  it("refuses the same on budget lines, on create and on a patch that would push the total over", async () => {
    const huge = { retreatId, description: "Villa", budgetedAmount: "99999999.99" };
    const res = await call("POST", "/api/admin/budgets", staff.cookie, {
      ...huge,
      costModel: "daily_rate",
      startDate: "1000-01-01",
      endDate: "9999-12-31",
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res).join()).toContain("endDate");
    const perPerson = await call("POST", "/api/admin/budgets", staff.cookie, {
      ...huge,
      costModel: "per_person",
      participantCount: 3,
    });
    expect(perPerson.statusCode, perPerson.body).toBe(400);
    expect(paths(perPerson).join()).toContain("budgetedAmount");

    const made = await call("POST", "/api/admin/budgets", staff.cookie, huge);
    expect(made.statusCode, made.body).toBe(201);
    const patched = await call("PATCH", `/api/admin/budgets/${made.json().id}`, staff.cookie, {
      costModel: "per_person",
      participantCount: 100_000,
    });
    expect(patched.statusCode, patched.body).toBe(400);
    await call("DELETE", `/api/admin/budgets/${made.json().id}`, staff.cookie);
  });

  it("still accepts lines right at the limits", async () => {
    for (const pricing of [
      { amount: "9999999.99", costModel: "daily_rate", startDate: "2026-01-01", endDate: "2026-01-10" },
      { amount: "10.00", costModel: "daily_rate", startDate: "2026-01-01", endDate: "2036-01-08" },
    ]) {
      const res = await call("POST", "/api/admin/expenses", staff.cookie, expenseBody({ retreatId, ...pricing }));
      expect(res.statusCode, res.body).toBe(201);
      await call("DELETE", `/api/admin/expenses/${res.json().id}`, staff.cookie);
    }
  });
});

describe("the financial summary never answers 500 for stored data", () => {
  it("adds up stored rows at and beyond the limits (older data the API would now refuse)", async () => {
    const row = {
      retreatId,
      description: "Legacy",
      amount: "99999999.99",
      category: "staff",
      expenseDate: "2026-01-01",
      costModel: "daily_rate",
      startDate: "2026-01-01",
    };
    await app.db
      .insert(expenses)
      .values([
        { ...row, endDate: "3190-04-29" },
        { ...row, endDate: "3190-04-29", status: "approved" },
        { ...row, startDate: "1000-01-01", endDate: "9999-12-31" },
        ...Array.from({ length: 20 }, () => ({ ...row, costModel: "total", status: "paid" })),
      ]);
    await app.db.insert(budgetItems).values(
      Array.from({ length: 20 }, () => ({
        retreatId,
        description: "Max",
        category: "staff",
        budgetedAmount: "99999999.99",
        costModel: "per_person",
        participantCount: 100_000,
      })),
    );
    for (const url of ["/api/admin/financial-summary", "/api/admin/financial-summary.csv"]) {
      const res = await call("GET", `${url}?retreatId=${retreatId}`, staff.cookie);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });

  it("turns a sum past exact arithmetic into a clear 409, never a 500", () => {
    const lines = Array.from({ length: 1000 }, () => ({ category: "staff", totalPence: 2 ** 44, status: "paid" }));
    let caught: unknown;
    try {
      budgetTotals([], lines);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MoneyRangeError);
    const { status, body } = toApiError(caught);
    expect(status).toBe(409);
    expect(body.message).toMatch(/more than can be computed/);
    expect(() => addPence(Number.MAX_SAFE_INTEGER, 1)).toThrow(MoneyRangeError);
    expect(maxAmountPence * (maxDailyRateDays + 1)).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });
});
