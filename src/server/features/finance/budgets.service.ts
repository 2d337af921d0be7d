import { asc, count, eq } from "drizzle-orm";
import { fromPence } from "../../../shared/finance/money";
import {
  amountToPence,
  type BudgetItemDto,
  type CreateBudgetInput,
  createBudgetSchema,
  financeMessages,
  type UpdateBudgetInput,
  updateBudgetSchema,
} from "../../../shared/schemas/finance";
import type { Db } from "../../db/client";
import { budgetAdjustments, budgetItems, expenses } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { resolveRetreat } from "../retreats/retreats.service";
import { checkCurrency, lineTotal, pricingColumns, retreatForWrite } from "./finance-rows";

type BudgetRow = typeof budgetItems.$inferSelect;

function toDto(row: BudgetRow, expenseCount: number, adjustmentCount: number): BudgetItemDto {
  return {
    id: row.id,
    retreatId: row.retreatId,
    category: row.category,
    description: row.description,
    budgetedAmount: row.budgetedAmount,
    total: lineTotal(row.budgetedAmount, row),
    currency: row.currency,
    notes: row.notes,
    isParticipantCost: row.isParticipantCost,
    beneficiaryType: row.beneficiaryType,
    costModel: row.costModel,
    participantCount: row.participantCount,
    startDate: row.startDate,
    endDate: row.endDate,
    expenseCount,
    adjustmentCount,
  };
}

function auditView(row: BudgetRow) {
  const { retreatId, category, description, budgetedAmount, currency, notes, isParticipantCost, costModel } = row;
  return {
    retreatId,
    category,
    description,
    budgetedAmount,
    currency,
    notes,
    isParticipantCost,
    costModel,
    participantCount: row.participantCount,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

async function countsFor(db: DbOrTx, id: string) {
  const [[e], [a]] = await Promise.all([
    db.select({ n: count() }).from(expenses).where(eq(expenses.budgetItemId, id)),
    db.select({ n: count() }).from(budgetAdjustments).where(eq(budgetAdjustments.budgetItemId, id)),
  ]);
  return { expenses: e?.n ?? 0, adjustments: a?.n ?? 0 };
}

/** GET /api/admin/budgets: one retreat's budget lines (the current retreat by default), by category. */
export async function listBudgetItems(db: Db, retreatId?: string): Promise<BudgetItemDto[]> {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) return [];
  const [rows, expenseCounts, adjustmentCounts] = await Promise.all([
    db
      .select()
      .from(budgetItems)
      .where(eq(budgetItems.retreatId, retreat.id))
      .orderBy(asc(budgetItems.category), asc(budgetItems.createdAt)),
    db
      .select({ id: expenses.budgetItemId, n: count() })
      .from(expenses)
      .where(eq(expenses.retreatId, retreat.id))
      .groupBy(expenses.budgetItemId),
    db
      .select({ id: budgetAdjustments.budgetItemId, n: count() })
      .from(budgetAdjustments)
      .innerJoin(budgetItems, eq(budgetItems.id, budgetAdjustments.budgetItemId))
      .where(eq(budgetItems.retreatId, retreat.id))
      .groupBy(budgetAdjustments.budgetItemId),
  ]);
  const byId = (list: { id: string | null; n: number }[]) => new Map(list.map((r) => [r.id, r.n]));
  const e = byId(expenseCounts);
  const a = byId(adjustmentCounts);
  return rows.map((row) => toDto(row, e.get(row.id) ?? 0, a.get(row.id) ?? 0));
}

/** POST /api/admin/budgets. */
export async function createBudgetItem(db: Db, input: CreateBudgetInput, actor: Actor): Promise<BudgetItemDto> {
  const data = createBudgetSchema.parse(input);
  return db.transaction(async (tx) => {
    const retreat = await retreatForWrite(tx, data.retreatId);
    const [row] = await tx
      .insert(budgetItems)
      .values({
        retreatId: retreat.id,
        category: data.category,
        description: data.description,
        budgetedAmount: fromPence(amountToPence(data.budgetedAmount)),
        currency: checkCurrency(data.currency, retreat.currency),
        notes: data.notes,
        isParticipantCost: data.isParticipantCost,
        beneficiaryType: data.beneficiaryType,
        ...pricingColumns(data),
      })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "budget_item",
      entityId: row!.id,
      newValues: auditView(row!),
    });
    return toDto(row!, 0, 0);
  });
}

/**
 * PATCH /api/admin/budgets/{id}. A new amount is recorded in budget_adjustments (previous, new,
 * reason, who), so the budget's history survives edits. The cost-model rule is checked on the
 * merged line, since a patch may change only part of it.
 */
export async function updateBudgetItem(
  db: Db,
  id: string,
  input: UpdateBudgetInput,
  actor: Actor,
): Promise<BudgetItemDto> {
  const patch = updateBudgetSchema.parse(input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(budgetItems).where(eq(budgetItems.id, id)).for("update");
    if (!before) throw new AppError("not_found", financeMessages.budgetNotFound);
    const { adjustmentReason, budgetedAmount, ...rest } = patch;
    const merged = {
      costModel: (rest.costModel ?? before.costModel) as "total" | "per_person" | "daily_rate",
      participantCount: rest.participantCount !== undefined ? rest.participantCount : before.participantCount,
      startDate: rest.startDate !== undefined ? rest.startDate : before.startDate,
      endDate: rest.endDate !== undefined ? rest.endDate : before.endDate,
    };
    // Validated again as a whole line: the refinement in the schema only sees the patch.
    const whole = createBudgetSchema.safeParse({
      description: rest.description ?? before.description,
      budgetedAmount: budgetedAmount ?? before.budgetedAmount,
      ...merged,
    });
    if (!whole.success) {
      const issue = whole.error.issues[0]!;
      throw new AppError("bad_request", issue.message, [
        { path: `body.${issue.path.join(".")}`, message: issue.message },
      ]);
    }
    const newAmount = budgetedAmount === undefined ? before.budgetedAmount : fromPence(amountToPence(budgetedAmount));
    const [after] = await tx
      .update(budgetItems)
      .set({ ...rest, budgetedAmount: newAmount, ...pricingColumns(merged) })
      .where(eq(budgetItems.id, id))
      .returning();
    if (newAmount !== before.budgetedAmount) {
      await tx.insert(budgetAdjustments).values({
        budgetItemId: id,
        previousAmount: before.budgetedAmount,
        newAmount,
        adjustmentReason: adjustmentReason ?? null,
        adjustedBy: actor.userId,
      });
    }
    await recordAudit(tx, {
      ...actor,
      action: "update",
      entityType: "budget_item",
      entityId: id,
      oldValues: auditView(before),
      newValues: { ...auditView(after!), ...(adjustmentReason ? { adjustmentReason } : {}) },
    });
    const counts = await countsFor(tx, id);
    return toDto(after!, counts.expenses, counts.adjustments);
  });
}

/** DELETE /api/admin/budgets/{id}: only a line no expense points at (409 otherwise). */
export async function deleteBudgetItem(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(budgetItems).where(eq(budgetItems.id, id)).for("update");
    if (!before) throw new AppError("not_found", financeMessages.budgetNotFound);
    const [linked] = await tx.select({ id: expenses.id }).from(expenses).where(eq(expenses.budgetItemId, id)).limit(1);
    if (linked) throw new AppError("conflict", financeMessages.budgetHasExpenses);
    await tx.delete(budgetItems).where(eq(budgetItems.id, id));
    await recordAudit(tx, {
      ...actor,
      action: "delete",
      entityType: "budget_item",
      entityId: id,
      oldValues: auditView(before),
    });
  });
}
