import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { costModelMessages } from "../../../shared/finance/cost-models";
import { financeMessages } from "../../../shared/schemas/finance";
import { auditLogs, budgetAdjustments, expenses } from "../../db/schema";
import { insertRetreat, type StaffDesk, staffDesk } from "../../test/builders";
import { withTestApp } from "../../test/test-app";

let { app, call, staff, retreatId } = {} as StaffDesk;

withTestApp(async (built) => {
  ({ app, call, staff, retreatId } = await staffDesk(built));
});

const post = (payload: Record<string, unknown>) =>
  call("POST", "/api/admin/budgets", staff.cookie, {
    retreatId,
    description: "Villa",
    budgetedAmount: "8500",
    ...payload,
  });

async function created(payload: Record<string, unknown> = {}) {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("POST /api/admin/budgets", () => {
  it("stores the spec's budget item with defaults and audits it", async () => {
    const body = await created({ description: "Villa rental, ten nights" });
    expect(body).toMatchObject({
      retreatId,
      category: "accommodation",
      description: "Villa rental, ten nights",
      budgetedAmount: "8500.00",
      total: "8500.00",
      currency: "GBP",
      isParticipantCost: true,
      costModel: "total",
      expenseCount: 0,
      adjustmentCount: 0,
    });
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "budget_item"), eq(auditLogs.entityId, body.id)));
    expect(audit).toMatchObject({ action: "create", userId: staff.user.id });
  });

  it("prices a line per person or by the day with the same rule as expenses", async () => {
    const food = await created({
      category: "food",
      budgetedAmount: "30",
      costModel: "per_person",
      participantCount: 15,
    });
    expect(food).toMatchObject({ budgetedAmount: "30.00", total: "450.00", isParticipantCost: true });
    const staffLine = await created({
      category: "staff",
      budgetedAmount: "200",
      costModel: "daily_rate",
      startDate: "2026-05-10",
      endDate: "2026-05-12",
      isParticipantCost: false,
    });
    expect(staffLine).toMatchObject({ total: "600.00", isParticipantCost: false });
  });

  it("refuses a blank description, an amount that is not above zero and a broken cost model", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ description: " " }, financeMessages.descriptionRequired],
      [{ budgetedAmount: "0" }, financeMessages.amountPositive],
      [{ budgetedAmount: "-10" }, financeMessages.amountPositive],
      [{ costModel: "per_person" }, costModelMessages.participants],
      [{ costModel: "daily_rate", startDate: "2026-05-12", endDate: "2026-05-10" }, costModelMessages.dateOrder],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    // budget_items has no trip count, so per trip is not a budget model.
    expect((await post({ costModel: "per_trip", tripCount: 2 })).statusCode).toBe(400);
  });

  it("lists one retreat's lines with their totals", async () => {
    const other = await insertRetreat(app);
    await call("POST", "/api/admin/budgets", staff.cookie, {
      retreatId: other.id,
      description: "Other",
      budgetedAmount: "1",
    });
    const list = (await call("GET", `/api/admin/budgets?retreatId=${retreatId}`, staff.cookie)).json();
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((b: { retreatId: string }) => b.retreatId === retreatId)).toBe(true);
    expect(list.find((b: { category: string }) => b.category === "food").total).toBe("450.00");
  });
});

describe("PATCH /api/admin/budgets/{id}", () => {
  it("keeps every change of amount in budget_adjustments with its reason and author", async () => {
    const line = await created({
      description: "Catering",
      category: "food",
      budgetedAmount: "5200",
      notes: "Quote to June",
    });
    const res = await call("PATCH", `/api/admin/budgets/${line.id}`, staff.cookie, {
      budgetedAmount: "5600.50",
      adjustmentReason: "Chef's new quote",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ budgetedAmount: "5600.50", total: "5600.50", adjustmentCount: 1 });
    const renamed = await call("PATCH", `/api/admin/budgets/${line.id}`, staff.cookie, {
      description: "Plant-based catering",
    });
    // A patch changes only what it names: the notes survive a rename.
    expect(renamed.json()).toMatchObject({
      description: "Plant-based catering",
      notes: "Quote to June",
      adjustmentCount: 1,
    });
    const same = await call("PATCH", `/api/admin/budgets/${line.id}`, staff.cookie, { budgetedAmount: "5600.5" });
    expect(same.json().adjustmentCount).toBe(1);
    const rows = await app.db.select().from(budgetAdjustments).where(eq(budgetAdjustments.budgetItemId, line.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      previousAmount: "5200.00",
      newAmount: "5600.50",
      adjustmentReason: "Chef's new quote",
      adjustedBy: staff.user.id,
    });
  });

  it("checks the whole line after the patch, and refuses empty or unknown patches", async () => {
    const line = await created({ budgetedAmount: "10" });
    const res = await call("PATCH", `/api/admin/budgets/${line.id}`, staff.cookie, { costModel: "per_person" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(costModelMessages.participants);
    const ok = await call("PATCH", `/api/admin/budgets/${line.id}`, staff.cookie, {
      costModel: "per_person",
      participantCount: 4,
    });
    expect(ok.json().total).toBe("40.00");
    expect((await call("PATCH", `/api/admin/budgets/${line.id}`, staff.cookie, {})).statusCode).toBe(400);
    expect(
      (await call("PATCH", `/api/admin/budgets/${line.id}`, staff.cookie, { adjustmentReason: "only a reason" }))
        .statusCode,
    ).toBe(400);
    expect((await call("PATCH", `/api/admin/budgets/${line.id}`, staff.cookie, { status: "x" })).statusCode).toBe(400);
    expect(
      (await call("PATCH", `/api/admin/budgets/${crypto.randomUUID()}`, staff.cookie, { description: "x" })).statusCode,
    ).toBe(404);
  });
});

describe("DELETE /api/admin/budgets/{id}", () => {
  it("deletes a line without expenses and refuses one with expenses", async () => {
    const free = await created({ description: "Spare" });
    expect((await call("DELETE", `/api/admin/budgets/${free.id}`, staff.cookie)).statusCode).toBe(200);
    const used = await created({ description: "Used" });
    await app.db.insert(expenses).values({
      retreatId,
      budgetItemId: used.id,
      description: "Deposit",
      amount: "100.00",
      category: "accommodation",
    });
    const res = await call("DELETE", `/api/admin/budgets/${used.id}`, staff.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(financeMessages.budgetHasExpenses);
    expect((await call("DELETE", `/api/admin/budgets/${free.id}`, staff.cookie)).statusCode).toBe(404);
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, free.id), eq(auditLogs.action, "delete")));
    expect(audit?.oldValues).toMatchObject({ description: "Spare" });
  });
});
