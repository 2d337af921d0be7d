import { desc, eq } from "drizzle-orm";
import { businessTimeZone } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";
import { fromPence } from "../../../shared/finance/money";
import {
  amountToPence,
  type CreateVendorPaymentInput,
  createVendorPaymentSchema,
  financeMessages,
  type VendorPaymentDto,
  type VendorPaymentStatus,
} from "../../../shared/schemas/finance";
import type { Db } from "../../db/client";
import { expenses, vendorPayments, vendors } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { resolveRetreat } from "../retreats/retreats.service";
import { checkCurrency, iso, retreatForWrite } from "./finance-rows";

type PaymentRow = typeof vendorPayments.$inferSelect;
type Joined = { payment: PaymentRow; vendorName: string | null; expenseDescription: string | null };

/** The books are kept in London (the business's home), whatever the retreat's own zone. */

function toDto({ payment: p, vendorName, expenseDescription }: Joined): VendorPaymentDto {
  return {
    id: p.id,
    retreatId: p.retreatId,
    vendorId: p.vendorId,
    vendorName,
    expenseId: p.expenseId,
    expenseDescription,
    amount: p.amount,
    currency: p.currency,
    paymentMethod: p.paymentMethod,
    paymentReference: p.paymentReference,
    paymentDate: p.paymentDate,
    status: p.status,
    approvedAt: iso(p.approvedAt),
    notes: p.notes,
    createdAt: p.createdAt.toISOString(),
  };
}

function auditView(p: PaymentRow) {
  const { retreatId, vendorId, expenseId, amount, currency, paymentMethod, paymentReference, paymentDate, status } = p;
  return { retreatId, vendorId, expenseId, amount, currency, paymentMethod, paymentReference, paymentDate, status };
}

function paymentQuery(db: DbOrTx) {
  return db
    .select({ payment: vendorPayments, vendorName: vendors.name, expenseDescription: expenses.description })
    .from(vendorPayments)
    .leftJoin(vendors, eq(vendors.id, vendorPayments.vendorId))
    .leftJoin(expenses, eq(expenses.id, vendorPayments.expenseId));
}

async function loadDto(db: DbOrTx, id: string): Promise<VendorPaymentDto> {
  const [row] = await paymentQuery(db).where(eq(vendorPayments.id, id));
  if (!row) throw new AppError("not_found", financeMessages.vendorPaymentNotFound);
  return toDto(row);
}

/** GET /api/admin/vendor-payments: one retreat's payments to vendors, newest first. */
export async function listVendorPayments(db: Db, retreatId?: string): Promise<VendorPaymentDto[]> {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) return [];
  const rows = await paymentQuery(db)
    .where(eq(vendorPayments.retreatId, retreat.id))
    .orderBy(desc(vendorPayments.createdAt));
  return rows.map(toDto);
}

function badField(path: string, message: string): AppError {
  return new AppError("bad_request", message, [{ path: `body.${path}`, message }]);
}

/**
 * POST /api/admin/vendor-payments: a payment to a vendor, pending until approved. A linked
 * expense must be the same retreat's and, when it names a vendor, the same vendor's.
 */
export async function createVendorPayment(
  db: Db,
  input: CreateVendorPaymentInput,
  actor: Actor,
): Promise<VendorPaymentDto> {
  const data = createVendorPaymentSchema.parse(input);
  return db.transaction(async (tx) => {
    const retreat = await retreatForWrite(tx, data.retreatId);
    const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, data.vendorId));
    if (!vendor) throw badField("vendorId", financeMessages.vendorNotFound);
    if (data.expenseId) {
      const [expense] = await tx.select().from(expenses).where(eq(expenses.id, data.expenseId));
      if (!expense) throw badField("expenseId", financeMessages.expenseNotFound);
      if (expense.retreatId !== retreat.id) throw badField("expenseId", financeMessages.expenseOtherRetreat);
      if (expense.vendorId && expense.vendorId !== vendor.id) {
        throw badField("expenseId", financeMessages.expenseOtherVendor);
      }
    }
    const [row] = await tx
      .insert(vendorPayments)
      .values({
        retreatId: retreat.id,
        vendorId: vendor.id,
        expenseId: data.expenseId,
        amount: fromPence(amountToPence(data.amount)),
        currency: checkCurrency(data.currency, retreat.currency, "body.currency"),
        paymentMethod: data.paymentMethod,
        paymentReference: data.paymentReference,
        paymentDate: data.paymentDate,
        notes: data.notes,
        createdBy: actor.userId,
      })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "vendor_payment",
      entityId: row!.id,
      newValues: auditView(row!),
    });
    return loadDto(tx, row!.id);
  });
}

async function transition(
  db: Db,
  id: string,
  step: { action: string; from: VendorPaymentStatus; refusal: string; set: (row: PaymentRow) => Partial<PaymentRow> },
  actor: Actor,
): Promise<VendorPaymentDto> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendorPayments).where(eq(vendorPayments.id, id)).for("update");
    if (!before) throw new AppError("not_found", financeMessages.vendorPaymentNotFound);
    if (before.status !== step.from) throw new AppError("conflict", step.refusal);
    const [after] = await tx.update(vendorPayments).set(step.set(before)).where(eq(vendorPayments.id, id)).returning();
    await recordAudit(tx, {
      ...actor,
      action: step.action,
      entityType: "vendor_payment",
      entityId: id,
      oldValues: { status: before.status, paymentDate: before.paymentDate },
      newValues: { status: after!.status, paymentDate: after!.paymentDate },
    });
    return loadDto(tx, id);
  });
}

/** PUT /api/admin/vendor-payments/{id}/approve: pending only. */
export const approveVendorPayment = (db: Db, id: string, actor: Actor) =>
  transition(
    db,
    id,
    {
      action: "approve",
      from: "pending",
      refusal: financeMessages.onlyPendingVendorApprove,
      set: () => ({ status: "approved", approvedBy: actor.userId, approvedAt: new Date() }),
    },
    actor,
  );

/** PUT /api/admin/vendor-payments/{id}/mark-paid: approved only; an undated payment is dated today. */
export const markVendorPaymentPaid = (db: Db, id: string, actor: Actor) =>
  transition(
    db,
    id,
    {
      action: "mark_paid",
      from: "approved",
      refusal: financeMessages.onlyApprovedVendorPaid,
      set: (row) => ({ status: "paid", paymentDate: row.paymentDate ?? todayIn(businessTimeZone) }),
    },
    actor,
  );
