import { and, desc, eq, type SQL } from "drizzle-orm";
import { fromPence } from "../../../shared/finance/money";
import {
  amountToPence,
  type CreateExpenseInput,
  createExpenseSchema,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpenseStatus,
  financeMessages,
} from "../../../shared/schemas/finance";
import type { Db } from "../../db/client";
import { expenses, users, vendors } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { resolveRetreat } from "../retreats/retreats.service";
import { checkCurrency, iso, lineTotal, pricingColumns, retreatForWrite } from "./finance-rows";

type ExpenseRow = typeof expenses.$inferSelect;
type Joined = {
  expense: ExpenseRow;
  vendorName: string | null;
  approverFirst: string | null;
  approverLast: string | null;
};

function toDto({ expense: e, vendorName, approverFirst, approverLast }: Joined): ExpenseDto {
  const approver = [approverFirst, approverLast].filter(Boolean).join(" ");
  return {
    id: e.id,
    retreatId: e.retreatId,
    description: e.description,
    amount: e.amount,
    total: lineTotal(e.amount, e),
    currency: e.currency,
    category: e.category,
    expenseDate: e.expenseDate,
    paymentMethod: e.paymentMethod,
    vendorId: e.vendorId,
    vendorName,
    beneficiaryType: e.beneficiaryType,
    beneficiaryId: e.beneficiaryId,
    costModel: e.costModel,
    participantCount: e.participantCount,
    startDate: e.startDate,
    endDate: e.endDate,
    tripCount: e.tripCount,
    isParticipantCost: e.isParticipantCost,
    activityId: e.activityId,
    notes: e.notes,
    status: e.status,
    approvedAt: iso(e.approvedAt),
    approvedByName: approver || null,
    paidAt: iso(e.paidAt),
    rejectionReason: e.rejectionReason,
    createdAt: e.createdAt.toISOString(),
  };
}

function auditView(e: ExpenseRow) {
  return {
    retreatId: e.retreatId,
    description: e.description,
    amount: e.amount,
    total: lineTotal(e.amount, e),
    category: e.category,
    expenseDate: e.expenseDate,
    paymentMethod: e.paymentMethod,
    vendorId: e.vendorId,
    costModel: e.costModel,
    participantCount: e.participantCount,
    startDate: e.startDate,
    endDate: e.endDate,
    tripCount: e.tripCount,
    status: e.status,
    rejectionReason: e.rejectionReason,
  };
}

function expenseQuery(db: DbOrTx) {
  return db
    .select({
      expense: expenses,
      vendorName: vendors.name,
      approverFirst: users.firstName,
      approverLast: users.lastName,
    })
    .from(expenses)
    .leftJoin(vendors, eq(vendors.id, expenses.vendorId))
    .leftJoin(users, eq(users.id, expenses.approvedBy));
}

async function loadDto(db: DbOrTx, id: string): Promise<ExpenseDto> {
  const [row] = await expenseQuery(db).where(eq(expenses.id, id));
  if (!row) throw new AppError("not_found", financeMessages.expenseNotFound);
  return toDto(row);
}

/** GET /api/admin/expenses: newest first, optionally one status or category. */
export async function listExpenses(
  db: Db,
  query: { retreatId?: string; status?: ExpenseStatus; category?: ExpenseCategory },
): Promise<ExpenseDto[]> {
  const retreat = await resolveRetreat(db, query.retreatId);
  if (!retreat) return [];
  const filters: SQL[] = [eq(expenses.retreatId, retreat.id)];
  if (query.status) filters.push(eq(expenses.status, query.status));
  if (query.category) filters.push(eq(expenses.category, query.category));
  const rows = await expenseQuery(db)
    .where(and(...filters))
    .orderBy(desc(expenses.expenseDate), desc(expenses.createdAt));
  return rows.map(toDto);
}

/** POST /api/admin/expenses: a new expense starts pending; the cost-model rule was checked by the schema. */
export async function createExpense(db: Db, input: CreateExpenseInput, actor: Actor): Promise<ExpenseDto> {
  const data = createExpenseSchema.parse(input);
  return db.transaction(async (tx) => {
    const retreat = await retreatForWrite(tx, data.retreatId);
    if (data.vendorId) {
      const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, data.vendorId));
      if (!vendor) {
        throw new AppError("bad_request", financeMessages.vendorNotFound, [
          { path: "body.vendorId", message: financeMessages.vendorNotFound },
        ]);
      }
    }
    const [row] = await tx
      .insert(expenses)
      .values({
        retreatId: retreat.id,
        description: data.description,
        amount: fromPence(amountToPence(data.amount)),
        currency: checkCurrency(data.currency, retreat.currency, "body.currency"),
        expenseDate: data.expenseDate,
        category: data.category,
        paymentMethod: data.paymentMethod,
        vendorId: data.vendorId,
        beneficiaryType: data.beneficiaryType,
        beneficiaryId: data.beneficiaryId,
        activityId: data.activityId,
        isParticipantCost: data.isParticipantCost,
        notes: data.notes,
        createdBy: actor.userId,
        ...pricingColumns(data),
      })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "expense",
      entityId: row!.id,
      newValues: auditView(row!),
    });
    return loadDto(tx, row!.id);
  });
}

type Transition = {
  action: "approve" | "reject" | "mark_paid";
  from: ExpenseStatus;
  refusal: string;
  set: (actor: Actor, now: Date) => Partial<ExpenseRow>;
};

const transitions = {
  approve: {
    action: "approve",
    from: "pending",
    refusal: financeMessages.onlyPendingApprove,
    set: (actor, now) => ({ status: "approved", approvedBy: actor.userId, approvedAt: now }),
  },
  markPaid: {
    action: "mark_paid",
    from: "approved",
    refusal: financeMessages.onlyApprovedPaid,
    set: (_actor, now) => ({ status: "paid", paidAt: now }),
  },
} satisfies Record<string, Transition>;

/** Moves one expense along its workflow; the row is locked so two clicks cannot both succeed. */
async function transition(db: Db, id: string, step: Transition, actor: Actor): Promise<ExpenseDto> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(expenses).where(eq(expenses.id, id)).for("update");
    if (!before) throw new AppError("not_found", financeMessages.expenseNotFound);
    if (before.status !== step.from) throw new AppError("conflict", step.refusal);
    const [after] = await tx.update(expenses).set(step.set(actor, new Date())).where(eq(expenses.id, id)).returning();
    await recordAudit(tx, {
      ...actor,
      action: step.action,
      entityType: "expense",
      entityId: id,
      oldValues: { status: before.status },
      newValues: {
        status: after!.status,
        ...(after!.rejectionReason ? { rejectionReason: after!.rejectionReason } : {}),
      },
    });
    return loadDto(tx, id);
  });
}

/** PUT /api/admin/expenses/{id}/approve: pending only. */
export const approveExpense = (db: Db, id: string, actor: Actor) => transition(db, id, transitions.approve, actor);

/** PUT /api/admin/expenses/{id}/mark-paid: approved only. */
export const markExpensePaid = (db: Db, id: string, actor: Actor) => transition(db, id, transitions.markPaid, actor);

/** PUT /api/admin/expenses/{id}/reject {reason}: pending only; the reason is kept on the row. */
export const rejectExpense = (db: Db, id: string, reason: string, actor: Actor) =>
  transition(
    db,
    id,
    {
      action: "reject",
      from: "pending",
      refusal: financeMessages.onlyPendingReject,
      set: () => ({ status: "rejected", rejectionReason: reason }),
    },
    actor,
  );

/** DELETE /api/admin/expenses/{id}: a pending expense only (a mistaken entry); decided ones are records. */
export async function deleteExpense(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(expenses).where(eq(expenses.id, id)).for("update");
    if (!before) throw new AppError("not_found", financeMessages.expenseNotFound);
    if (before.status !== "pending") throw new AppError("conflict", financeMessages.onlyPendingDelete);
    await tx.delete(expenses).where(eq(expenses.id, id));
    await recordAudit(tx, {
      ...actor,
      action: "delete",
      entityType: "expense",
      entityId: id,
      oldValues: auditView(before),
    });
  });
}
