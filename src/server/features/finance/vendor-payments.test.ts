import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { financeMessages } from "../../../shared/schemas/finance";
import { auditLogs, expenses, vendors } from "../../db/schema";
import { insertRetreat, type StaffDesk, staffDesk } from "../../test/builders";
import { withTestApp } from "../../test/test-app";

let { app, call, staff, retreatId } = {} as StaffDesk;
let vendorId: string;

withTestApp(async (built) => {
  ({ app, call, staff, retreatId } = await staffDesk(built));
  vendorId = (await app.db.insert(vendors).values({ name: "Bali Transfers" }).returning())[0]!.id;
});

const post = (payload: Record<string, unknown>) =>
  call("POST", "/api/admin/vendor-payments", staff.cookie, { retreatId, vendorId, amount: "420", ...payload });

describe("vendor payments", () => {
  it("records a payment with every field, pending, and lists it with the vendor's name", async () => {
    const [expense] = await app.db
      .insert(expenses)
      .values({ retreatId, vendorId, description: "Airport pickups", amount: "420.00", category: "transport" })
      .returning();
    const res = await post({
      expenseId: expense!.id,
      paymentMethod: "bank_transfer",
      paymentReference: "BT-2026-001",
      paymentDate: "2026-04-01",
      notes: "Half now",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      vendorName: "Bali Transfers",
      expenseDescription: "Airport pickups",
      amount: "420.00",
      currency: "GBP",
      paymentMethod: "bank_transfer",
      paymentReference: "BT-2026-001",
      paymentDate: "2026-04-01",
      status: "pending",
      notes: "Half now",
    });
    const list = (await call("GET", `/api/admin/vendor-payments?retreatId=${retreatId}`, staff.cookie)).json();
    expect(list.map((p: { id: string }) => p.id)).toContain(res.json().id);
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "vendor_payment"), eq(auditLogs.entityId, res.json().id)));
    expect(audit?.action).toBe("create");
  });

  it("refuses a bad amount, an unknown vendor, and an expense of another retreat or vendor", async () => {
    expect((await post({ amount: "0" })).json().message).toBe(financeMessages.amountPositive);
    const unknown = await post({ vendorId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(financeMessages.vendorNotFound);
    const other = await insertRetreat(app);
    const [foreign] = await app.db
      .insert(expenses)
      .values({ retreatId: other.id, description: "Elsewhere", amount: "1.00" })
      .returning();
    expect((await post({ expenseId: foreign!.id })).json().message).toBe(financeMessages.expenseOtherRetreat);
    const [otherVendor] = await app.db.insert(vendors).values({ name: "Someone else" }).returning();
    const [theirs] = await app.db
      .insert(expenses)
      .values({ retreatId, vendorId: otherVendor!.id, description: "Theirs", amount: "1.00" })
      .returning();
    expect((await post({ expenseId: theirs!.id })).json().message).toBe(financeMessages.expenseOtherVendor);
    expect((await post({ expenseId: crypto.randomUUID() })).json().message).toBe(financeMessages.expenseNotFound);
    expect((await post({ approved: true })).statusCode).toBe(400);
  });

  it("approves pending payments only, then marks approved ones paid, dating an undated payment", async () => {
    const payment = (await post({})).json();
    const early = await call("PUT", `/api/admin/vendor-payments/${payment.id}/mark-paid`, staff.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(financeMessages.onlyApprovedVendorPaid);
    const approved = await call("PUT", `/api/admin/vendor-payments/${payment.id}/approve`, staff.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe("approved");
    expect(approved.json().approvedAt).toBeTruthy();
    const twice = await call("PUT", `/api/admin/vendor-payments/${payment.id}/approve`, staff.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(financeMessages.onlyPendingVendorApprove);
    const paid = await call("PUT", `/api/admin/vendor-payments/${payment.id}/mark-paid`, staff.cookie);
    expect(paid.json()).toMatchObject({ status: "paid" });
    expect(paid.json().paymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      (await call("PUT", `/api/admin/vendor-payments/${crypto.randomUUID()}/approve`, staff.cookie)).statusCode,
    ).toBe(404);
  });
});
