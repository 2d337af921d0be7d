import { and, asc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { toPence } from "../../../shared/finance/money";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { applications, paymentPlans, payments, retreats, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { owedPayment, owedPaymentStatuses } from "../payments/index";
import type { CheckoutSessionCreator, CheckoutSessionParams } from "./stripe-gateway";

export const checkoutMessages = {
  off: "Online payment is not available.",
  paymentNotFound: "Payment not found.",
  linkNotFound: "This payment link is not valid. Please check the link in your email.",
  unavailable: "Online payment is unavailable right now. Please try again later.",
} as const;

/** A Checkout Session that nobody completes lapses after an hour, so old tabs cannot pay twice later. */
const sessionLifetimeSeconds = 60 * 60;

export type PayablePayment = {
  id: string;
  applicationId: string;
  amount: string;
  currency: string;
  description: string | null;
  type: string;
  retreatName: string | null;
};

const payableColumns = {
  id: payments.id,
  applicationId: payments.applicationId,
  amount: payments.amount,
  currency: payments.currency,
  description: payments.description,
  type: payments.type,
  retreatName: retreats.name,
};

/**
 * Payable: still owed (pending, or failed and so still to pay: money-figures.ts), money owed to us
 * (not a refund), and either outside any plan or in an active one (a cancelled plan's payments
 * are cancelled anyway).
 */
const payable = and(
  inArray(payments.status, [...owedPaymentStatuses]),
  ne(payments.type, "refund"),
  or(isNull(payments.paymentPlanId), eq(paymentPlans.status, "active")),
);

function payableQuery(db: Db) {
  return db
    .select(payableColumns)
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
    .leftJoin(retreats, eq(retreats.id, applications.retreatId));
}

/** A guest's own pending payment; null for anyone else's (the route answers 404, revealing nothing). */
export async function guestPayablePayment(db: Db, userId: string, paymentId: string): Promise<PayablePayment | null> {
  const [row] = await payableQuery(db)
    .innerJoin(users, and(eq(users.applicationId, applications.id), eq(users.id, userId), eq(users.role, "guest")))
    .where(and(eq(payments.id, paymentId), payable));
  return row ? (row as PayablePayment) : null;
}

/** What a pay link pays: the application's earliest-due owed payment (what its reminders are about). */
export async function nextPayablePayment(db: Db, applicationId: string): Promise<PayablePayment | null> {
  const [row] = await payableQuery(db)
    // A plan's owed payment (money-figures.ts), whatever its type: what the reminders are about.
    .where(and(eq(payments.applicationId, applicationId), owedPayment))
    .orderBy(sql`${payments.dueDate} asc nulls last`, asc(payments.createdAt))
    .limit(1);
  return row ? (row as PayablePayment) : null;
}

export function checkoutSessionParams(
  payment: PayablePayment,
  urls: { successUrl: string; cancelUrl: string },
  now: Date = new Date(),
): CheckoutSessionParams {
  const metadata = { paymentId: payment.id, applicationId: payment.applicationId };
  const what = payment.description || (payment.type === "deposit" ? "Deposit" : "Payment");
  return {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: payment.currency.toLowerCase(),
          unit_amount: toPence(payment.amount),
          product_data: { name: payment.retreatName ? `${what}: ${payment.retreatName}` : what },
        },
      },
    ],
    client_reference_id: payment.id,
    // On the session (the webhook reads it) and on the payment intent (Stripe's dashboard shows it).
    metadata,
    payment_intent_data: { metadata },
    success_url: urls.successUrl,
    cancel_url: urls.cancelUrl,
    expires_at: Math.floor(now.getTime() / 1000) + sessionLifetimeSeconds,
  };
}

/** Creates the Checkout Session and returns its hosted page's URL. */
export async function startCheckout(
  create: CheckoutSessionCreator,
  payment: PayablePayment,
  urls: { successUrl: string; cancelUrl: string },
  log: { error: (obj: object, msg: string) => void },
): Promise<string> {
  try {
    const session = await create(checkoutSessionParams(payment, urls));
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
    return session.url;
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, "Stripe Checkout Session could not be created");
    throw new AppError("bad_gateway", checkoutMessages.unavailable);
  }
}

/** Where Stripe sends the payer back: the guest portal, or the site for a pay link from an email. */
export function returnUrls(config: Pick<Config, "publicUrl">, from: "portal" | "link") {
  const base = from === "portal" ? `${config.publicUrl}/admin/guest` : `${config.publicUrl}/`;
  return { successUrl: `${base}?payment=success`, cancelUrl: `${base}?payment=cancelled` };
}
