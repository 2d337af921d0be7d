import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { fromPence } from "../../../shared/finance/money";
import { sanctuarySharePercent } from "../../../shared/finance/sanctuary";
import { bookingTypes, paymentPlans, payments, vendorPayments, vendors } from "../../db/schema";
import { caller, insertApplication, insertRetreat } from "../../test/builders";
import { expenseBody } from "../../test/fixtures/finance";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let staff: Signed;
let call: ReturnType<typeof caller>;
let retreatId: string;

async function ok(method: "POST" | "PUT", url: string, payload?: object) {
  const res = await call(method, url, staff.cookie, payload);
  expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
  return res.json();
}

const addExpense = (overrides: Record<string, unknown>) =>
  ok("POST", "/api/admin/expenses", expenseBody({ retreatId, ...overrides }));

/**
 * A retreat with hand-countable rows:
 * guests: an accepted individual (1) and a couple in payment (2) = 3; a new and a declined one do not count.
 * revenue received: 500 + 1000 + 200 manual - 150 refund = 1,550.00 (another retreat's 9,999 is not ours);
 * revenue due: 748.50 + 748.50 + 1,397.00 pending and 1,397.00 failed (still owed) on active plans = 4,291.00
 *   (a cancelled plan's deposit and a pending refund are not due).
 * budget: accommodation 8,500 (total), food 30 x 15 = 450 (per person), staff 200 x 3 days = 600 (daily rate).
 * expenses: accommodation 2,000 approved; food 25.50 x 15 = 382.50 paid; staff 150 x 10 days = 1,500 pending;
 *   transport 40 x 3 = 120 rejected; transport 35 x 2 = 70 approved.
 */
withTestApp(async (built) => {
  app = built;
  call = caller(app);
  staff = await signedInAs(app, "staff");
  const retreat = await insertRetreat(app, { name: "Summary Retreat 2027", pricePerPerson: "2500.00" });
  retreatId = retreat.id;
  await app.db.insert(bookingTypes).values([
    { retreatId, name: "couple", basePrice: "1897.00", maxOccupancy: 2, priority: 1 },
    { retreatId, name: "solo", basePrice: "1997.00", maxOccupancy: 1, priority: 2 },
    { retreatId, name: "vip", basePrice: "600.00", isAddon: true, priority: 3 },
  ]);
  const solo = await insertApplication(app, { retreatId, stage: "accepted" });
  const couple = await insertApplication(app, { retreatId, stage: "payment", applicationType: "couple" });
  await insertApplication(app, { retreatId, stage: "new" });
  const declined = await insertApplication(app, { retreatId, stage: "declined" });
  const plan = async (applicationId: string, status = "active") =>
    (
      await app.db
        .insert(paymentPlans)
        .values({ applicationId, planType: "installments", totalAmount: "1.00", remainingAmount: "1.00", status })
        .returning()
    )[0]!.id;
  const [soloPlan, couplePlan, cancelledPlan] = [
    await plan(solo.id),
    await plan(couple.id),
    await plan(declined.id, "cancelled"),
  ];
  const other = await insertRetreat(app);
  const outsider = await insertApplication(app, { retreatId: other.id, stage: "payment" });
  await app.db.insert(payments).values([
    { applicationId: solo.id, paymentPlanId: soloPlan, type: "deposit", amount: "500.00", status: "completed" },
    { applicationId: solo.id, paymentPlanId: soloPlan, type: "installment", amount: "748.50", status: "pending" },
    { applicationId: solo.id, paymentPlanId: soloPlan, type: "installment", amount: "748.50", status: "pending" },
    { applicationId: couple.id, paymentPlanId: couplePlan, type: "deposit", amount: "1000.00", status: "completed" },
    { applicationId: couple.id, type: "manual", amount: "200.00", status: "completed" },
    { applicationId: couple.id, type: "refund", amount: "150.00", status: "completed" },
    { applicationId: couple.id, paymentPlanId: couplePlan, type: "installment", amount: "1397.00", status: "pending" },
    { applicationId: couple.id, paymentPlanId: couplePlan, type: "installment", amount: "1397.00", status: "failed" },
    { applicationId: declined.id, paymentPlanId: cancelledPlan, type: "deposit", amount: "500.00", status: "pending" },
    { applicationId: declined.id, type: "refund", amount: "99.00", status: "pending" },
    { applicationId: outsider.id, type: "deposit", amount: "9999.00", status: "completed" },
  ]);

  await ok("POST", "/api/admin/budgets", { retreatId, description: "Villa", budgetedAmount: "8500" });
  await ok("POST", "/api/admin/budgets", {
    retreatId,
    category: "food",
    description: "Catering",
    budgetedAmount: "30",
    costModel: "per_person",
    participantCount: 15,
  });
  await ok("POST", "/api/admin/budgets", {
    retreatId,
    category: "staff",
    description: "Photographer",
    budgetedAmount: "200",
    costModel: "daily_rate",
    startDate: "2027-05-10",
    endDate: "2027-05-12",
  });

  const villa = await addExpense({ description: "Villa deposit", amount: "2000" });
  await ok("PUT", `/api/admin/expenses/${villa.id}/approve`);
  const dinner = await addExpense({
    description: '=HYPERLINK("http://evil.example")',
    category: "food",
    amount: "25.50",
    costModel: "per_person",
    participantCount: 15,
  });
  await ok("PUT", `/api/admin/expenses/${dinner.id}/approve`);
  await ok("PUT", `/api/admin/expenses/${dinner.id}/mark-paid`);
  await addExpense({
    description: "Facilitator",
    category: "staff",
    amount: "150",
    costModel: "daily_rate",
    startDate: "2027-05-10",
    endDate: "2027-05-19",
  });
  const bus = await addExpense({
    description: "@bus",
    category: "transport",
    amount: "40",
    costModel: "per_trip",
    tripCount: 3,
  });
  await ok("PUT", `/api/admin/expenses/${bus.id}/reject`, { reason: "Booked twice" });
  const boat = await addExpense({
    description: "Boat",
    category: "transport",
    amount: "35",
    costModel: "per_trip",
    tripCount: 2,
  });
  await ok("PUT", `/api/admin/expenses/${boat.id}/approve`);

  const [vendor] = await app.db.insert(vendors).values({ name: "Boatman" }).returning();
  await app.db.insert(vendorPayments).values([
    { retreatId, vendorId: vendor!.id, amount: "100.00" },
    { retreatId, vendorId: vendor!.id, amount: "50.00", status: "approved" },
  ]);
});

describe("GET /api/admin/financial-summary", () => {
  it("matches the hand-computed figures for every cost model, revenue and guest", async () => {
    const res = await call("GET", `/api/admin/financial-summary?retreatId=${retreatId}`, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.retreat).toMatchObject({ id: retreatId, name: "Summary Retreat 2027", currency: "GBP" });
    expect(s.categories).toEqual([
      { category: "accommodation", budgeted: "8500.00", spent: "2000.00", pending: "0.00", remaining: "6500.00" },
      { category: "food", budgeted: "450.00", spent: "382.50", pending: "0.00", remaining: "67.50" },
      { category: "staff", budgeted: "600.00", spent: "0.00", pending: "1500.00", remaining: "-900.00" },
      { category: "transport", budgeted: "0.00", spent: "70.00", pending: "0.00", remaining: "-70.00" },
    ]);
    expect(s.totals).toEqual({ budgeted: "9550.00", spent: "2452.50", pending: "1500.00", remaining: "5597.50" });
    expect(s.revenue).toEqual({ received: "1550.00", due: "4291.00", total: "5841.00" });
    expect(s.costs).toBe("3952.50");
    expect(s.margin).toBe("1888.50");
    expect(s.guests).toBe(3);
    expect(s.costPerGuest).toBe("817.50");
    // The solo booking type's price, not the retreat's own price per person; 3,952.50 / 1,997 = 1.98 -> 2.
    expect(s.soloPrice).toBe("1997.00");
    expect(s.breakEvenGuests).toBe(2);
    expect(s.sanctuary).toEqual({
      percent: sanctuarySharePercent,
      amount: fromPence(Math.floor((188_850 * sanctuarySharePercent) / 100)),
    });
    expect(s.vendorPayments).toEqual({ pending: "100.00", approved: "50.00", paid: "0.00" });
  });

  it("changes when an expense is approved, and answers 404 for an unknown retreat", async () => {
    const facilitator = (
      await call("GET", `/api/admin/expenses?retreatId=${retreatId}&status=pending`, staff.cookie)
    ).json();
    expect(facilitator).toHaveLength(1);
    await ok("PUT", `/api/admin/expenses/${facilitator[0].id}/approve`);
    const s = (await call("GET", `/api/admin/financial-summary?retreatId=${retreatId}`, staff.cookie)).json();
    expect(s.totals).toMatchObject({ spent: "3952.50", pending: "0.00" });
    expect(s.costPerGuest).toBe("1317.50");
    expect(s.margin).toBe("1888.50");
    const unknown = await call("GET", `/api/admin/financial-summary?retreatId=${crypto.randomUUID()}`, staff.cookie);
    expect(unknown.statusCode).toBe(404);
  });

  it("uses the current retreat when none is named, and falls back to its price per person", async () => {
    const res = await call("GET", "/api/admin/financial-summary", staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().retreat.name).toBe("Bali Vegan Activism Retreat 2026");
    expect(res.json().costPerGuest).toBeNull();
    const noTypes = await insertRetreat(app, { pricePerPerson: "1500.00" });
    const summaryOf = async () =>
      (await call("GET", `/api/admin/financial-summary?retreatId=${noTypes.id}`, staff.cookie)).json();
    expect(await summaryOf()).toMatchObject({ soloPrice: "1500.00", breakEvenGuests: 0, margin: "0.00" });
    // A pending expense is already committed: it counts towards break-even and the margin.
    await ok("POST", "/api/admin/expenses", expenseBody({ retreatId: noTypes.id, amount: "3001" }));
    expect(await summaryOf()).toMatchObject({ breakEvenGuests: 3, margin: "-3001.00", sanctuary: { amount: "0.00" } });
  });
});

describe("GET /api/admin/financial-summary.csv", () => {
  it("exports the summary and every expense, with formula cells neutralised", async () => {
    const res = await call("GET", `/api/admin/financial-summary.csv?retreatId=${retreatId}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="financial-summary-summary-retreat-2027-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    expect(res.body).toContain("\r\n");
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toEqual([
      "Section",
      "Item",
      "Category",
      "Status",
      "Date",
      "Budgeted",
      "Spent",
      "Pending",
      "Remaining",
      "Amount",
      "Note",
    ]);
    const find = (section: string, item: string) => rows.find((r) => r[0] === section && r[1] === item);
    // The previous test approved the facilitator: its 1,500 moved from pending to spent.
    expect(find("Budget", "Staff")?.slice(5, 9)).toEqual(["600.00", "1500.00", "0.00", "-900.00"]);
    expect(find("Budget", "Total")?.slice(5, 9)).toEqual(["9550.00", "3952.50", "0.00", "5597.50"]);
    expect(find("Summary", "Revenue received")?.[9]).toBe("1550.00");
    expect(find("Summary", "Revenue due")?.[9]).toBe("4291.00");
    expect(find("Summary", "Margin")?.[9]).toBe("1888.50");
    expect(find("Summary", "Break-even guests")?.[9]).toBe("2");
    expect(find("Summary", "Animal sanctuary share")?.[10]).toContain(`${sanctuarySharePercent}%`);
    // Spreadsheet formulas arrive as text.
    const dinner = rows.find((r) => r[0] === "Expense" && r[2] === "food");
    expect(dinner?.[1]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(dinner?.slice(3, 5)).toEqual(["paid", "2026-03-01"]);
    expect(dinner?.[9]).toBe("382.50");
    expect(dinner?.[10]).toBe("Per person: 25.50 x 15");
    const bus = rows.find((r) => r[0] === "Expense" && r[1] === "'@bus");
    expect(bus?.[10]).toBe("Per trip: 40.00 x 3; Rejected: Booked twice");
    // Negative money stays a number, never neutralised into text.
    expect(find("Budget", "Transport")?.[8]).toBe("-70.00");
  });
});
