/**
 * Payment plans and payments (docs/decisions/008-payments-and-places.md). The signatures of
 * createPlanForAcceptance, completePayment and recalculatePlan are the contract other modules
 * (Stripe webhook, places, reminders) call; each runs inside the caller's transaction.
 *
 * Lock order, to keep concurrent writers from deadlocking: application, then retreat, then
 * payment plan, then payment.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { formatMoney, fromPence, toPence } from "../../../shared/finance/money";
import { planPayments } from "../../../shared/finance/payment-plan";
import {
  overpaymentMessage,
  paymentNotPendingMessage,
  paymentTypeLabel,
  peopleOf,
  planNotActiveMessage,
  planNotCompletableMessage,
  type RecordPayment,
} from "../../../shared/schemas/payments";
import type { Db } from "../../db/client";
import { applications, bookingTypes, type PaymentPlan, paymentPlans, payments, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, type AuditEntry, recordAudit } from "../audit/audit.service";
import { issueReceipt, type ReceiptItem } from "../receipts/receipts.service";
import { owedPaymentStatuses } from "./money-figures";
import { followPayments } from "./reminder-follow";

const systemActor: Actor = { userId: null, ipAddress: null, userAgent: null };

async function audit(tx: DbOrTx, actor: Actor | null, entry: Omit<AuditEntry, keyof Actor>): Promise<void> {
  await recordAudit(tx as Db, { ...(actor ?? systemActor), ...entry });
}

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

type PriceSource = { id: string; name: string; basePrice: string; depositAmount: string; currency: string };

const priceColumns = {
  id: bookingTypes.id,
  name: bookingTypes.name,
  basePrice: bookingTypes.basePrice,
  depositAmount: bookingTypes.depositAmount,
  currency: bookingTypes.currency,
};

/** The retreat's own booking types, or the shared ones (no retreat) when it has none of a kind. */
function forRetreat(retreatId: string | null) {
  return retreatId
    ? sql`(${bookingTypes.retreatId} = ${retreatId} or ${bookingTypes.retreatId} is null)`
    : sql`${bookingTypes.retreatId} is null`;
}

/**
 * The rate an application pays: the booking type it chose, or else the retreat's active rate for
 * its size (one bed for individuals, two for couples), the lowest priority first.
 */
async function rateFor(
  tx: DbOrTx,
  app: { bookingTypeId: string | null; retreatId: string | null; applicationType: string },
): Promise<PriceSource> {
  if (app.bookingTypeId) {
    const [chosen] = await tx
      .select(priceColumns)
      .from(bookingTypes)
      .where(and(eq(bookingTypes.id, app.bookingTypeId), eq(bookingTypes.isAddon, false)))
      .limit(1);
    if (chosen) return chosen;
  }
  const people = peopleOf(app.applicationType);
  const [fallback] = await tx
    .select(priceColumns)
    .from(bookingTypes)
    .where(
      and(
        forRetreat(app.retreatId),
        eq(bookingTypes.isActive, true),
        eq(bookingTypes.isAddon, false),
        eq(bookingTypes.maxOccupancy, people),
      ),
    )
    .orderBy(sql`${bookingTypes.retreatId} is null`, asc(bookingTypes.priority), asc(bookingTypes.createdAt))
    .limit(1);
  if (!fallback) {
    throw new AppError(
      "conflict",
      `There is no active ${people === 2 ? "couple" : "solo"} booking type to price this place: add one under Payments > Booking types.`,
    );
  }
  return fallback;
}

async function vipAddon(tx: DbOrTx, retreatId: string | null): Promise<PriceSource> {
  const [addon] = await tx
    .select(priceColumns)
    .from(bookingTypes)
    .where(and(forRetreat(retreatId), eq(bookingTypes.isActive, true), eq(bookingTypes.isAddon, true)))
    .orderBy(sql`${bookingTypes.retreatId} is null`, asc(bookingTypes.priority), asc(bookingTypes.createdAt))
    .limit(1);
  if (!addon) {
    // Accepting without it would quietly undercharge; staff can untick the upgrade instead.
    throw new AppError(
      "conflict",
      "The applicant asked for the VIP upgrade, but there is no active add-on booking type to price it.",
    );
  }
  return addon;
}

// ---------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------

/**
 * Called inside the transaction that moves an application to accepted, after the capacity check:
 * creates its active payment plan and scheduled payments unless it already has an active plan.
 */
export async function createPlanForAcceptance(
  tx: DbOrTx,
  applicationId: string,
  acceptedOn: string,
  actor: Actor,
): Promise<{ planId: string } | null> {
  const [existing] = await tx
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.applicationId, applicationId), eq(paymentPlans.status, "active")))
    .limit(1);
  if (existing) return null;

  const [app] = await tx.select().from(applications).where(eq(applications.id, applicationId)).limit(1);
  if (!app) throw new AppError("not_found", "Application not found");
  const [retreat] = app.retreatId
    ? await tx.select({ startDate: retreats.startDate }).from(retreats).where(eq(retreats.id, app.retreatId)).limit(1)
    : [];
  const rate = await rateFor(tx, app);
  const vip = app.wantsVipUpgrade ? await vipAddon(tx, app.retreatId) : null;
  if (vip && vip.currency !== rate.currency) {
    throw new AppError("conflict", `The VIP add-on is priced in ${vip.currency} but the rate in ${rate.currency}.`);
  }
  const people = peopleOf(app.applicationType);
  const planned = planPayments({
    pricePence: toPence(rate.basePrice),
    depositPence: toPence(rate.depositAmount),
    vipPence: vip ? toPence(vip.basePrice) : 0,
    people,
    acceptedOn,
    retreatStart: retreat?.startDate ?? null,
  });
  const instalments = planned.payments.filter((p) => p.type === "installment");

  const [plan] = await tx
    .insert(paymentPlans)
    .values({
      applicationId,
      bookingTypeId: rate.id,
      planType: vip ? `${rate.name}+${vip.name}` : rate.name,
      totalAmount: fromPence(planned.totalPence),
      depositAmount: fromPence(planned.depositPence),
      remainingAmount: fromPence(planned.totalPence),
      currency: rate.currency,
      installmentCount: planned.installmentCount,
      installmentAmount: instalments[0] ? fromPence(instalments[0].amountPence) : null,
      installmentFrequency: instalments.length > 0 ? "scheduled" : null,
      firstInstallmentDue: instalments[0]?.dueDate ?? null,
      finalPaymentDue: planned.payments.at(-1)?.dueDate ?? null,
      status: "active",
      notes: vip ? `Includes the ${vip.name} add-on for ${people === 2 ? "both guests" : "the guest"}.` : null,
    })
    .returning({ id: paymentPlans.id });
  const planId = plan!.id;
  await tx.insert(payments).values(
    planned.payments.map((p) => ({
      applicationId,
      bookingTypeId: rate.id,
      paymentPlanId: planId,
      type: p.type,
      amount: fromPence(p.amountPence),
      currency: rate.currency,
      status: "pending",
      dueDate: p.dueDate,
      description: p.description,
      metadata: { sequence: p.sequence },
    })),
  );
  await audit(tx, actor, {
    action: "create",
    entityType: "payment_plan",
    entityId: planId,
    newValues: {
      applicationId,
      planType: vip ? `${rate.name}+${vip.name}` : rate.name,
      totalAmount: fromPence(planned.totalPence),
      payments: planned.payments.map((p) => ({ type: p.type, amount: fromPence(p.amountPence), dueDate: p.dueDate })),
    },
  });
  return { planId };
}

async function lockPlan(tx: DbOrTx, planId: string): Promise<PaymentPlan> {
  const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, planId)).for("update").limit(1);
  if (!plan) throw new AppError("not_found", "Payment plan not found");
  return plan;
}

/** remaining = total - completed non-refund payments; the one place that computes it. */
export async function recalculatePlan(tx: DbOrTx, planId: string): Promise<void> {
  // The lock makes concurrent payment changes on one plan queue here, so each sum sees the last.
  const plan = await lockPlan(tx, planId);
  const [paid] = await tx
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.paymentPlanId, planId), eq(payments.status, "completed"), ne(payments.type, "refund")));
  const remaining = fromPence(toPence(plan.totalAmount) - toPence(paid?.sum ?? "0"));
  if (remaining === fromPence(toPence(plan.remainingAmount))) return;
  await tx
    .update(paymentPlans)
    .set({ remainingAmount: remaining, updatedAt: new Date() })
    .where(eq(paymentPlans.id, planId));
}

/**
 * Cancels the application's active plan and its pending payments (completed payments stay: they
 * are money received, refunded separately). Returns the plan id, or null when there was none.
 */
export async function cancelActivePlan(tx: DbOrTx, applicationId: string, actor: Actor | null): Promise<string | null> {
  const [active] = await tx
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.applicationId, applicationId), eq(paymentPlans.status, "active")))
    .limit(1);
  if (!active) return null;
  await lockPlan(tx, active.id);
  const now = new Date();
  const cancelled = await tx
    .update(payments)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(payments.paymentPlanId, active.id), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  await tx.update(paymentPlans).set({ status: "cancelled", updatedAt: now }).where(eq(paymentPlans.id, active.id));
  // Its reminders are cancelled with it: none is left offering Send.
  await followPayments(tx, { planIds: [active.id] });
  await audit(tx, actor, {
    action: "cancel",
    entityType: "payment_plan",
    entityId: active.id,
    oldValues: { status: "active" },
    newValues: { status: "cancelled", cancelledPayments: cancelled.map((p) => p.id) },
  });
  return active.id;
}

/** Staff close a fully paid plan (spec: only an active plan with nothing remaining). */
export async function completePlan(db: Db, planId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, planId);
    if (plan.status !== "active") throw new AppError("conflict", planNotActiveMessage(plan.status));
    const remaining = toPence(plan.remainingAmount);
    if (remaining !== 0)
      throw new AppError("conflict", planNotCompletableMessage(formatMoney(remaining, plan.currency)));
    await tx
      .update(paymentPlans)
      .set({ status: "completed", updatedAt: new Date() })
      .where(eq(paymentPlans.id, planId));
    await followPayments(tx, { planIds: [planId] });
    await audit(tx, actor, {
      action: "complete",
      entityType: "payment_plan",
      entityId: planId,
      oldValues: { status: "active" },
      newValues: { status: "completed" },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

/** What a completion queued: the receipt's email, to dispatch after commit (dispatchEmails). */
export type Completed = { emailLogIds: string[] };

function receiptEmails(issued: Awaited<ReturnType<typeof issueReceipt>>): string[] {
  return issued?.emailLogId ? [issued.emailLogId] : [];
}

/**
 * Marks a payment completed, recomputes its plan's remaining amount and issues its receipt (a
 * credit note for a refund). Idempotent: a payment already completed is left as it is
 * ({ changed: false }). A failed or cancelled payment is completed too, because money that arrived
 * must be on the books whatever the schedule said.
 */
export async function completePayment(
  tx: DbOrTx,
  paymentId: string,
  details: { paymentMethod: string; paidAt?: Date; stripePaymentIntentId?: string },
  actor: Actor | null,
): Promise<{ changed: boolean } & Completed> {
  const [found] = await tx
    .select({ planId: payments.paymentPlanId })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!found) throw new AppError("not_found", "Payment not found");
  if (found.planId) await lockPlan(tx, found.planId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update").limit(1);
  if (!payment) throw new AppError("not_found", "Payment not found");
  if (payment.status === "completed") return { changed: false, emailLogIds: [] };

  const paidAt = details.paidAt ?? new Date();
  await tx
    .update(payments)
    .set({
      status: "completed",
      paymentMethod: details.paymentMethod,
      paidAt,
      ...(details.stripePaymentIntentId ? { stripePaymentIntentId: details.stripePaymentIntentId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
  if (payment.paymentPlanId) await recalculatePlan(tx, payment.paymentPlanId);
  // Paid: its unsent reminders are cancelled in the same transaction.
  await followPayments(tx, { paymentIds: [paymentId] });
  await audit(tx, actor, {
    action: "complete",
    entityType: "payment",
    entityId: paymentId,
    oldValues: { status: payment.status, paymentMethod: payment.paymentMethod },
    newValues: { status: "completed", paymentMethod: details.paymentMethod, paidAt: paidAt.toISOString() },
  });
  const issued = await issueReceipt(tx, paymentId, actor ?? systemActor);
  return { changed: true, emailLogIds: receiptEmails(issued) };
}

/** PUT /api/admin/payments/{id}/status: staff mark a pending scheduled payment as received. */
export async function markPaymentCompleted(
  db: Db,
  paymentId: string,
  paymentMethod: string | undefined,
  actor: Actor,
): Promise<Completed> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ planId: payments.paymentPlanId })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .limit(1);
    if (!found) throw new AppError("not_found", "Payment not found");
    const plan = found.planId ? await lockPlan(tx, found.planId) : null;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update").limit(1);
    if (!payment) throw new AppError("not_found", "Payment not found");
    if (payment.status !== "pending") throw new AppError("conflict", paymentNotPendingMessage(payment.status));
    // A refund is money going out: it never counts against what remains to pay.
    if (plan && payment.type !== "refund" && toPence(payment.amount) > toPence(plan.remainingAmount)) {
      throw new AppError("conflict", overpaymentMessage(formatMoney(toPence(plan.remainingAmount), plan.currency)));
    }
    const { emailLogIds } = await completePayment(
      tx,
      paymentId,
      { paymentMethod: paymentMethod ?? payment.paymentMethod },
      actor,
    );
    return { emailLogIds };
  });
}

/**
 * POST /api/admin/payments: money staff received outside Stripe, recorded as completed against
 * an active plan. It settles the plan's owed payments (pending, or failed: money-figures.ts)
 * earliest due first (a covered one is cancelled, a partly covered one reduced), so what is still
 * owed always adds up to what remains and nobody is reminded about money already paid.
 */
export async function recordManualPayment(
  db: Db,
  input: RecordPayment,
  actor: Actor,
): Promise<{ paymentId: string } & Completed> {
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.paymentPlanId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") {
        throw new AppError("bad_request", "Payment plan not found", [
          { path: "paymentPlanId", message: "Payment plan not found" },
        ]);
      }
      throw error;
    });
    if (plan.status !== "active") throw new AppError("conflict", planNotActiveMessage(plan.status));
    const amountPence = toPence(input.amount);
    const remainingPence = toPence(plan.remainingAmount);
    if (amountPence > remainingPence) {
      const message = overpaymentMessage(formatMoney(Math.max(remainingPence, 0), plan.currency));
      throw new AppError("bad_request", message, [{ path: "amount", message }]);
    }
    const paidAt = input.paidAt ? new Date(input.paidAt) : new Date();
    const [created] = await tx
      .insert(payments)
      .values({
        applicationId: plan.applicationId,
        bookingTypeId: plan.bookingTypeId,
        paymentPlanId: plan.id,
        type: "manual",
        amount: fromPence(amountPence),
        currency: plan.currency,
        status: "completed",
        paymentMethod: input.paymentMethod,
        paidAt,
        description: input.description?.trim() || "Manual payment",
      })
      .returning({ id: payments.id });
    const paymentId = created!.id;
    const { changes: settled, paidFor } = await settleScheduled(tx, plan.id, amountPence, paymentId);
    await recalculatePlan(tx, plan.id);
    // Covered payments' reminders are cancelled; a reduced one's pending reminders take its new amount.
    await followPayments(tx, { planIds: [plan.id] });
    await audit(tx, actor, {
      action: "create",
      entityType: "payment",
      entityId: paymentId,
      newValues: {
        paymentPlanId: plan.id,
        type: "manual",
        amount: fromPence(amountPence),
        paymentMethod: input.paymentMethod,
        paidAt: paidAt.toISOString(),
        settled,
      },
    });
    const issued = await issueReceipt(tx, paymentId, actor, { items: paidFor });
    return { paymentId, emailLogIds: receiptEmails(issued) };
  });
}

/**
 * Applies a manual payment to the plan's owed payments, earliest first. Returns the changes (for
 * the audit) and what the money paid for (for the receipt): "Deposit", "Instalment 1 of 2 (part)".
 */
async function settleScheduled(
  tx: DbOrTx,
  planId: string,
  amountPence: number,
  settledBy: string,
): Promise<{ changes: { id: string; from: string; to: string }[]; paidFor: ReceiptItem[] }> {
  const pending = await tx
    .select({
      id: payments.id,
      type: payments.type,
      description: payments.description,
      amount: payments.amount,
      metadata: payments.metadata,
    })
    .from(payments)
    .where(
      and(
        eq(payments.paymentPlanId, planId),
        inArray(payments.status, [...owedPaymentStatuses]),
        ne(payments.type, "refund"),
      ),
    )
    .orderBy(sql`${payments.dueDate} asc nulls last`, asc(payments.createdAt))
    .for("update");
  const changes: { id: string; from: string; to: string }[] = [];
  const paidFor: ReceiptItem[] = [];
  let left = amountPence;
  const covered: string[] = [];
  for (const p of pending) {
    if (left <= 0) break;
    const due = toPence(p.amount);
    const take = Math.min(due, left);
    left -= take;
    changes.push({ id: p.id, from: p.amount, to: fromPence(due - take) });
    const label = p.description?.trim() || paymentTypeLabel(p.type);
    paidFor.push({ label: take === due ? label : `${label} (part)`, amount: fromPence(take) });
    if (take === due) {
      covered.push(p.id);
      continue;
    }
    await tx
      .update(payments)
      .set({
        amount: fromPence(due - take),
        metadata: { ...p.metadata, originalAmount: p.metadata.originalAmount ?? p.amount, reducedBy: settledBy },
        updatedAt: new Date(),
      })
      .where(eq(payments.id, p.id));
  }
  if (covered.length > 0) {
    await tx
      .update(payments)
      .set({
        status: "cancelled",
        metadata: sql`${payments.metadata} || ${JSON.stringify({ settledBy })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(inArray(payments.id, covered));
  }
  // Owed payments add up to what remains, so this is only a safety net for a plan edited by hand.
  if (left > 0) paidFor.push({ label: "Towards the balance", amount: fromPence(left) });
  return { changes, paidFor };
}
