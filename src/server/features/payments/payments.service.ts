/**
 * Payment plans and payments (docs/decisions/008-payments-and-places.md). Stubs: being built.
 * The signatures are the contract other modules (Stripe webhook, places, reminders) call.
 */
import type { DbOrTx } from "../../email/outbox";
import type { AuditEntry } from "../audit/audit.service";

export type Actor = Pick<AuditEntry, "userId" | "ipAddress" | "userAgent">;

/**
 * Called inside the transaction that moves an application to accepted, after the capacity check:
 * creates its active payment plan and scheduled payments unless it already has an active plan.
 */
export async function createPlanForAcceptance(
  _tx: DbOrTx,
  _applicationId: string,
  _acceptedOn: string,
  _actor: Actor,
): Promise<{ planId: string } | null> {
  throw new Error("not built yet");
}

/** Marks a pending payment completed and recomputes its plan's remaining amount. Idempotent. */
export async function completePayment(
  _tx: DbOrTx,
  _paymentId: string,
  _details: { paymentMethod: string; paidAt?: Date; stripePaymentIntentId?: string },
  _actor: Actor | null,
): Promise<{ changed: boolean }> {
  throw new Error("not built yet");
}

/** remaining = total - completed non-refund payments; the one place that computes it. */
export async function recalculatePlan(_tx: DbOrTx, _planId: string): Promise<void> {
  throw new Error("not built yet");
}
