import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { costModelMessages } from "../../../shared/finance/cost-models";
import { financeMessages } from "../../../shared/schemas/finance";
import { auditLogs, expenses, vendors } from "../../db/schema";
import { insertRetreat, type Method, type StaffDesk, staffDesk } from "../../test/builders";
import { expenseBody } from "../../test/fixtures/finance";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";
import { getCurrentRetreat } from "../retreats/retreats.service";

let { app, call, staff, retreatId } = {} as StaffDesk;
let owner: Signed;

withTestApp(async (built) => {
  ({ app, call, staff, retreatId } = await staffDesk(built));
  owner = await signedInAs(app, "owner");
});

const create = (overrides: Record<string, unknown> = {}, cookie = staff.cookie) =>
  call("POST", "/api/admin/expenses", cookie, expenseBody({ retreatId, ...overrides }));

async function created(overrides: Record<string, unknown> = {}) {
  const res = await create(overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("finance routes: roles", () => {
  it("answers 401 to anonymous callers and 403 to vendors and guests on every finance route", async () => {
    const vendor = await signedInAs(app, "vendor");
    const guest = await signedInAs(app, "guest");
    const id = crypto.randomUUID();
    const routes: [Method, string, object?][] = [
      ["GET", "/api/admin/budgets"],
      ["POST", "/api/admin/budgets", { description: "Villa", budgetedAmount: "10" }],
      ["PATCH", `/api/admin/budgets/${id}`, { description: "Villa" }],
      ["DELETE", `/api/admin/budgets/${id}`],
      ["GET", "/api/admin/expenses"],
      ["POST", "/api/admin/expenses", expenseBody()],
      ["PUT", `/api/admin/expenses/${id}/approve`],
      ["PUT", `/api/admin/expenses/${id}/reject`, { reason: "No receipt" }],
      ["PUT", `/api/admin/expenses/${id}/mark-paid`],
      ["DELETE", `/api/admin/expenses/${id}`],
      ["GET", "/api/admin/vendor-payments"],
      ["POST", "/api/admin/vendor-payments", { vendorId: id, amount: "10" }],
      ["PUT", `/api/admin/vendor-payments/${id}/approve`],
      ["PUT", `/api/admin/vendor-payments/${id}/mark-paid`],
      ["GET", "/api/admin/financial-summary"],
      ["GET", "/api/admin/financial-summary.csv"],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, vendor.cookie, body)).statusCode, `${method} ${url} vendor`).toBe(403);
      expect((await call(method, url, guest.cookie, body)).statusCode, `${method} ${url} guest`).toBe(403);
    }
    for (const cookie of [staff.cookie, owner.cookie]) {
      expect((await call("GET", `/api/admin/expenses?retreatId=${retreatId}`, cookie)).statusCode).toBe(200);
    }
  });
});

describe("POST /api/admin/expenses", () => {
  it("stores the spec's fields with their defaults, starts pending and audits the write", async () => {
    const body = await created({ description: "  Villa deposit  " });
    expect(body).toMatchObject({
      retreatId,
      description: "Villa deposit",
      amount: "1000.00",
      total: "1000.00",
      currency: "GBP",
      category: "accommodation",
      expenseDate: "2026-03-01",
      paymentMethod: "card",
      beneficiaryType: "participant",
      beneficiaryId: null,
      costModel: "total",
      isParticipantCost: true,
      status: "pending",
      approvedAt: null,
      paidAt: null,
    });
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "expense"), eq(auditLogs.entityId, body.id)));
    expect(audit).toMatchObject({ action: "create", userId: staff.user.id });
    expect(audit!.newValues).toMatchObject({ description: "Villa deposit", total: "1000.00" });
  });

  it("computes each cost model's total from the rate, and keeps only the model's own inputs", async () => {
    const perPerson = await created({
      description: "Welcome dinner",
      category: "food",
      amount: "25.50",
      costModel: "per_person",
      participantCount: 15,
      tripCount: 4,
    });
    expect(perPerson).toMatchObject({ amount: "25.50", total: "382.50", participantCount: 15, tripCount: null });
    const daily = await created({
      description: "Photographer",
      category: "staff",
      amount: 150,
      costModel: "daily_rate",
      startDate: "2026-05-10",
      endDate: "2026-05-19",
      participantCount: 3,
    });
    expect(daily).toMatchObject({
      amount: "150.00",
      total: "1500.00",
      participantCount: null,
      startDate: "2026-05-10",
    });
    const sameDay = await created({
      costModel: "daily_rate",
      amount: "99.99",
      startDate: "2026-05-10",
      endDate: "2026-05-10",
    });
    expect(sameDay.total).toBe("99.99");
    const trips = await created({
      description: "Minibus",
      category: "transport",
      amount: "40",
      costModel: "per_trip",
      tripCount: 3,
    });
    expect(trips).toMatchObject({ total: "120.00", tripCount: 3, startDate: null });
  });

  it("takes every field of the payload: vendor, method, beneficiary, activity, participant cost", async () => {
    const [vendor] = await app.db.insert(vendors).values({ name: "Ubud Catering" }).returning();
    const body = await created({
      vendorId: vendor!.id,
      paymentMethod: "bank_transfer",
      category: "activities",
      beneficiaryType: "staff",
      beneficiaryId: "facilitator-1",
      activityId: "yoga-day-2",
      isParticipantCost: false,
      currency: "GBP",
      notes: "Invoice 42",
    });
    expect(body).toMatchObject({
      vendorId: vendor!.id,
      vendorName: "Ubud Catering",
      paymentMethod: "bank_transfer",
      category: "activities",
      beneficiaryType: "staff",
      beneficiaryId: "facilitator-1",
      activityId: "yoga-day-2",
      isParticipantCost: false,
      notes: "Invoice 42",
    });
  });

  it("refuses each broken rule with the spec's message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ description: "   " }, financeMessages.descriptionRequired],
      [{ description: undefined }, financeMessages.descriptionRequired],
      [{ amount: "0" }, financeMessages.amountPositive],
      [{ amount: -5 }, financeMessages.amountPositive],
      [{ amount: "" }, financeMessages.amountPositive],
      [{ amount: "12.345" }, financeMessages.amountFormat],
      [{ expenseDate: "" }, financeMessages.expenseDateRequired],
      [{ expenseDate: undefined }, financeMessages.expenseDateRequired],
      [{ costModel: "per_person" }, costModelMessages.participants],
      [{ costModel: "per_person", participantCount: 0 }, costModelMessages.participants],
      [{ costModel: "daily_rate", startDate: "2026-05-10" }, costModelMessages.dailyDates],
      [{ costModel: "daily_rate" }, costModelMessages.dailyDates],
      [{ costModel: "daily_rate", startDate: "2026-05-10", endDate: "2026-05-09" }, costModelMessages.dateOrder],
      [{ costModel: "per_trip", tripCount: 0 }, costModelMessages.trips],
      [{ costModel: "per_trip" }, costModelMessages.trips],
    ];
    for (const [overrides, message] of cases) {
      const res = await create(overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json();
      expect(
        body.errors.map((e: { message: string }) => e.message),
        JSON.stringify(overrides),
      ).toContain(message);
    }
    const count = await app.db.select().from(expenses).where(eq(expenses.description, "Villa deposit"));
    expect(count.every((row) => row.status === "pending")).toBe(true);
  });

  it("refuses unknown fields, unknown vendors, a foreign currency and an unknown retreat", async () => {
    expect((await create({ status: "paid" })).statusCode).toBe(400);
    const vendor = await create({ vendorId: crypto.randomUUID() });
    expect(vendor.statusCode).toBe(400);
    expect(vendor.json().message).toBe(financeMessages.vendorNotFound);
    const euro = await create({ currency: "EUR" });
    expect(euro.statusCode).toBe(400);
    expect(euro.json().message).toBe(financeMessages.currencyMismatch("GBP"));
    expect((await create({ retreatId: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it("goes to the current retreat when no retreat is named", async () => {
    const current = await getCurrentRetreat(app.db);
    const res = await call(
      "POST",
      "/api/admin/expenses",
      staff.cookie,
      expenseBody({ description: "Default retreat" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().retreatId).toBe(current!.id);
    const list = (await call("GET", "/api/admin/expenses", staff.cookie)).json();
    expect(list.map((e: { description: string }) => e.description)).toEqual(["Default retreat"]);
  });
});

describe("GET /api/admin/expenses", () => {
  it("lists one retreat's expenses, filtered by status and category", async () => {
    const other = await insertRetreat(app);
    const food = await created({ description: "Fruit", category: "food" });
    await call("PUT", `/api/admin/expenses/${food.id}/approve`, staff.cookie);
    await call(
      "POST",
      "/api/admin/expenses",
      staff.cookie,
      expenseBody({ retreatId: other.id, description: "Elsewhere" }),
    );

    const all = (await call("GET", `/api/admin/expenses?retreatId=${retreatId}`, staff.cookie)).json();
    expect(all.some((e: { description: string }) => e.description === "Elsewhere")).toBe(false);
    const approvedFood = (
      await call("GET", `/api/admin/expenses?retreatId=${retreatId}&status=approved&category=food`, staff.cookie)
    ).json();
    expect(approvedFood.map((e: { id: string }) => e.id)).toEqual([food.id]);
    const pendingFood = (
      await call("GET", `/api/admin/expenses?retreatId=${retreatId}&status=pending&category=food`, staff.cookie)
    ).json();
    expect(pendingFood.some((e: { id: string }) => e.id === food.id)).toBe(false);
    expect((await call("GET", "/api/admin/expenses?status=lost", staff.cookie)).statusCode).toBe(400);
    expect((await call("GET", "/api/admin/expenses?retreatId=nope", staff.cookie)).statusCode).toBe(400);
  });
});

describe("expense workflow", () => {
  it("approves pending only, recording who and when", async () => {
    const e = await created();
    const res = await call("PUT", `/api/admin/expenses/${e.id}/approve`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "approved", approvedByName: "Owner Tester" });
    expect(res.json().approvedAt).toBeTruthy();
    const again = await call("PUT", `/api/admin/expenses/${e.id}/approve`, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(financeMessages.onlyPendingApprove);
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, e.id), eq(auditLogs.action, "approve")));
    expect(audit).toMatchObject({
      userId: owner.user.id,
      oldValues: { status: "pending" },
      newValues: { status: "approved" },
    });
  });

  it("rejects pending only, with a non-blank reason that is kept", async () => {
    const e = await created();
    for (const payload of [{ reason: "   " }, {}]) {
      const res = await call("PUT", `/api/admin/expenses/${e.id}/reject`, staff.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(financeMessages.reasonRequired);
    }
    const res = await call("PUT", `/api/admin/expenses/${e.id}/reject`, staff.cookie, {
      reason: " Duplicate invoice ",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "rejected", rejectionReason: "Duplicate invoice" });
    const again = await call("PUT", `/api/admin/expenses/${e.id}/reject`, staff.cookie, { reason: "Again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(financeMessages.onlyPendingReject);
    expect((await call("PUT", `/api/admin/expenses/${e.id}/approve`, staff.cookie)).statusCode).toBe(409);

    const approved = await created();
    await call("PUT", `/api/admin/expenses/${approved.id}/approve`, staff.cookie);
    expect(
      (await call("PUT", `/api/admin/expenses/${approved.id}/reject`, staff.cookie, { reason: "Late" })).statusCode,
    ).toBe(409);
  });

  it("marks approved expenses paid, and nothing else", async () => {
    const e = await created();
    const early = await call("PUT", `/api/admin/expenses/${e.id}/mark-paid`, staff.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(financeMessages.onlyApprovedPaid);
    await call("PUT", `/api/admin/expenses/${e.id}/approve`, staff.cookie);
    const paid = await call("PUT", `/api/admin/expenses/${e.id}/mark-paid`, staff.cookie);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe("paid");
    expect(paid.json().paidAt).toBeTruthy();
    expect((await call("PUT", `/api/admin/expenses/${e.id}/mark-paid`, staff.cookie)).statusCode).toBe(409);
  });

  it("deletes pending expenses only, and answers 404 for unknown ones", async () => {
    const approved = await created();
    await call("PUT", `/api/admin/expenses/${approved.id}/approve`, staff.cookie);
    const refused = await call("DELETE", `/api/admin/expenses/${approved.id}`, staff.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(financeMessages.onlyPendingDelete);
    const pending = await created();
    expect((await call("DELETE", `/api/admin/expenses/${pending.id}`, staff.cookie)).json()).toEqual({
      id: pending.id,
      deleted: true,
    });
    expect(await app.db.select().from(expenses).where(eq(expenses.id, pending.id))).toEqual([]);
    const unknown = crypto.randomUUID();
    for (const [method, url, body] of [
      ["PUT", `/api/admin/expenses/${unknown}/approve`],
      ["PUT", `/api/admin/expenses/${unknown}/reject`, { reason: "x" }],
      ["PUT", `/api/admin/expenses/${unknown}/mark-paid`],
      ["DELETE", `/api/admin/expenses/${unknown}`],
    ] as [Method, string, object?][]) {
      expect((await call(method, url, staff.cookie, body)).statusCode, url).toBe(404);
    }
  });
});
