/**
 * Cancelling a booking: the refund comes from the cancellation policy's one function
 * (refundFor) over what the applicant has actually paid, and is recorded as a pending refund
 * payment that staff complete when the money goes out. The place goes to the waitlist.
 */

import { and, desc, eq, ne, sql } from "drizzle-orm";
import { businessTimeZone } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";
import { formatMoney, fromPence, toPence } from "../../../shared/finance/money";
import { refundFor } from "../../../shared/finance/refund-policy";
import { type CancelBookingResult, placeMessages, type RefundQuote } from "../../../shared/schemas/places";
import type { Db } from "../../db/client";
import { applications, paymentPlans, payments, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import type { LinkSettings } from "../../email/hidden-links";
import { AppError } from "../../http/errors";
import { holdsPlace, moveStage } from "../admissions/admissions.service";
import { type Actor, recordAudit } from "../audit/audit.service";

export type QuoteInput = { cancelledOn?: string; guarantee?: boolean; travelCosts?: string };

type Application = typeof applications.$inferSelect;

/** "[2026-05-10 09:30 UTC] Booking cancelled: the reason": the application's notes keep the why. */
export function appendNote(existing: string | null, entry: string, at: Date): string {
  const line = `[${at.toISOString().slice(0, 16).replace("T", " ")} UTC] ${entry}`;
  return existing?.trim() ? `${existing.trimEnd()}\n\n${line}` : line;
}

async function findApplication(tx: DbOrTx, id: string, lock: boolean): Promise<Application> {
  const query = tx.select().from(applications).where(eq(applications.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found", "Application not found");
  return row;
}

/** Completed payments other than refunds: what the applicant has actually paid. */
async function paidPence(tx: DbOrTx, applicationId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(
      and(eq(payments.applicationId, applicationId), eq(payments.status, "completed"), ne(payments.type, "refund")),
    );
  return toPence(row?.sum ?? "0");
}

async function quoteFor(tx: DbOrTx, application: Application, input: QuoteInput, now: Date): Promise<RefundQuote> {
  const [retreat] = application.retreatId
    ? await tx.select().from(retreats).where(eq(retreats.id, application.retreatId))
    : [];
  if (!retreat) throw new AppError("conflict", placeMessages.notHoldingPlace);
  if (!retreat.startDate) throw new AppError("conflict", placeMessages.noStartDate);
  const cancelledOn = input.cancelledOn ?? todayIn(businessTimeZone, now);
  const paid = await paidPence(tx, application.id);
  let refund: ReturnType<typeof refundFor>;
  try {
    refund = refundFor({
      paidPence: paid,
      retreatStart: retreat.startDate,
      cancelledOn,
      guarantee: input.guarantee ? { travelCostsPence: toPence(input.travelCosts ?? "0") } : undefined,
    });
  } catch (error) {
    // The policy refuses the guarantee outside the first two days of the retreat.
    const message = error instanceof Error ? error.message : "The refund cannot be computed.";
    throw new AppError("bad_request", message, [{ path: "guarantee", message }]);
  }
  return {
    currency: retreat.currency,
    paid: fromPence(paid),
    refund: fromPence(refund.refundPence),
    rule: refund.rule,
    daysBefore: refund.daysBefore,
    cancelledOn,
  };
}

/** GET /api/admin/applications/{id}/refund-quote */
export async function refundQuote(db: Db, applicationId: string, input: QuoteInput, now = new Date()) {
  const application = await findApplication(db, applicationId, false);
  return quoteFor(db, application, input, now);
}

/**
 * POST /api/admin/applications/{id}/cancel, in one transaction: the refund row (none when the
 * refund is 0), the application declined with a note, its plan and pending payments cancelled
 * and the place offered to the waitlist (leaveRetreat), and the audit entry.
 */
export async function cancelBooking(
  db: Db,
  applicationId: string,
  input: { reason: string; cancelledOn?: string; guarantee?: { travelCosts: string } },
  actor: Actor,
  links: LinkSettings,
  now = new Date(),
): Promise<{ result: CancelBookingResult; emailLogIds: string[] }> {
  return db.transaction(async (tx) => {
    const application = await findApplication(tx, applicationId, true);
    if (!holdsPlace(application.stage)) throw new AppError("conflict", placeMessages.notHoldingPlace);
    const quote = await quoteFor(
      tx,
      application,
      {
        cancelledOn: input.cancelledOn,
        guarantee: Boolean(input.guarantee),
        travelCosts: input.guarantee?.travelCosts,
      },
      now,
    );
    const [plan] = await tx
      .select({ id: paymentPlans.id, bookingTypeId: paymentPlans.bookingTypeId })
      .from(paymentPlans)
      .where(and(eq(paymentPlans.applicationId, application.id), eq(paymentPlans.status, "active")))
      .orderBy(desc(paymentPlans.createdAt))
      .limit(1);

    const refundPence = toPence(quote.refund);
    const note = `Booking cancelled (${quote.cancelledOn}): ${input.reason}. Refund ${formatMoney(refundPence, quote.currency)} of ${formatMoney(toPence(quote.paid), quote.currency)} paid (${quote.rule}, ${quote.daysBefore} days before).`;
    // The stage is written first: the place is free by the time the waitlist is offered it.
    const { emailLogIds } = await moveStage(tx, {
      application,
      to: "declined",
      actor,
      links,
      now,
      set: { internalNotes: appendNote(application.internalNotes, note, now) },
    });

    let refundPaymentId: string | null = null;
    if (refundPence > 0) {
      // Not attached to the (now cancelled) plan: a refund is money going out, not a scheduled
      // payment of the plan; metadata keeps the plan and the policy that produced the amount.
      const [row] = await tx
        .insert(payments)
        .values({
          applicationId: application.id,
          bookingTypeId: plan?.bookingTypeId ?? application.bookingTypeId,
          paymentPlanId: null,
          type: "refund",
          amount: quote.refund,
          currency: quote.currency,
          status: "pending",
          paymentMethod: "bank_transfer",
          description: "Refund on cancellation",
          metadata: {
            rule: quote.rule,
            daysBefore: quote.daysBefore,
            reason: input.reason,
            cancelledOn: quote.cancelledOn,
            paid: quote.paid,
            paymentPlanId: plan?.id ?? null,
          },
        })
        .returning({ id: payments.id });
      refundPaymentId = row!.id;
    }
    await recordAudit(tx as Db, {
      ...actor,
      action: "cancel_booking",
      entityType: "application",
      entityId: application.id,
      oldValues: { stage: application.stage },
      newValues: {
        stage: "declined",
        reason: input.reason,
        cancelledOn: quote.cancelledOn,
        paid: quote.paid,
        refund: quote.refund,
        rule: quote.rule,
        daysBefore: quote.daysBefore,
        refundPaymentId,
        paymentPlanId: plan?.id ?? null,
      },
    });
    return {
      result: {
        applicationId: application.id,
        stage: "declined",
        quote,
        refundPaymentId,
        offersMade: emailLogIds.length,
      },
      emailLogIds,
    };
  });
}
