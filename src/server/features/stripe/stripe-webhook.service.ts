import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { z } from "zod";
import { toPence } from "../../../shared/finance/money";
import type { Db } from "../../db/client";
import { payments, stripeEvents } from "../../db/schema";
import { recordAudit } from "../audit/audit.service";
import { completePayment } from "../payments/payments.service";

/** checkout.session.completed, and the later success of a delayed method (bank debit). */
export const handledStripeEvents = ["checkout.session.completed", "checkout.session.async_payment_succeeded"] as const;

export const stripeOutcomes = [
  "completed",
  "already_completed",
  "duplicate_event",
  "ignored",
  "unknown_payment",
  "amount_mismatch",
] as const;
export type StripeOutcome = (typeof stripeOutcomes)[number];

const system = { userId: null, ipAddress: null, userAgent: null };
const uuid = z.uuid();

function intentIdOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}

/**
 * Applies a verified Stripe event. Recording the event id and completing the payment (with its
 * receipt) happen in one transaction: a replayed or concurrent delivery finds the id taken and
 * changes nothing, and a failure leaves neither, so Stripe's retry does the work once. Returns the
 * receipt's email to dispatch after commit.
 */
export async function applyStripeEvent(
  db: Db,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<{ outcome: StripeOutcome; emailLogIds: string[] }> {
  if (!(handledStripeEvents as readonly string[]).includes(event.type)) return { outcome: "ignored", emailLogIds: [] };
  const session = event.data.object as Stripe.Checkout.Session;
  // Not paid yet (a delayed method): the async_payment_succeeded event, with its own id, follows.
  if (session.payment_status !== "paid") return { outcome: "ignored", emailLogIds: [] };
  let emailLogIds: string[] = [];
  const outcome = await db.transaction(async (tx): Promise<StripeOutcome> => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return "duplicate_event";

    const paymentId = session.metadata?.paymentId;
    const [payment] =
      paymentId && uuid.safeParse(paymentId).success
        ? await tx.select().from(payments).where(eq(payments.id, paymentId))
        : [];
    const facts = { eventId: event.id, checkoutSessionId: session.id, paymentIntentId: intentIdOf(session) };
    if (!payment) {
      // Not ours (another integration on the account) or long deleted: recorded, never retried.
      log.warn({ ...facts, paymentId }, "Stripe checkout for an unknown payment");
      return "unknown_payment";
    }
    const currencyMatches = (session.currency ?? "").toLowerCase() === payment.currency.toLowerCase();
    if (session.amount_total !== toPence(payment.amount) || !currencyMatches) {
      // The amount changed after the session was opened: staff decide, nothing is booked blindly.
      log.error({ ...facts, paymentId, paid: session.amount_total, due: payment.amount }, "Stripe amount mismatch");
      await recordAudit(tx as unknown as Db, {
        ...system,
        action: "stripe_amount_mismatch",
        entityType: "payment",
        entityId: payment.id,
        newValues: { ...facts, amountPaidPence: session.amount_total, currency: session.currency, due: payment.amount },
      });
      return "amount_mismatch";
    }

    const intentId = intentIdOf(session);
    const completed = await completePayment(
      tx,
      payment.id,
      {
        paymentMethod: "stripe",
        paidAt: new Date(event.created * 1000),
        ...(intentId ? { stripePaymentIntentId: intentId } : {}),
      },
      null,
    );
    emailLogIds = completed.emailLogIds;
    if (completed.changed) return "completed";

    const [after] = await tx
      .select({ intentId: payments.stripePaymentIntentId })
      .from(payments)
      .where(eq(payments.id, payment.id));
    if (intentId && after?.intentId !== intentId) {
      // Paid twice (two open checkouts, or paid by transfer too): money to give back, flagged for staff.
      log.error({ ...facts, paymentId: payment.id }, "Stripe payment for a payment already completed");
      await recordAudit(tx as unknown as Db, {
        ...system,
        action: "stripe_duplicate_payment",
        entityType: "payment",
        entityId: payment.id,
        newValues: { ...facts, amountPaidPence: session.amount_total },
      });
    }
    return "already_completed";
  });
  return { outcome, emailLogIds };
}
