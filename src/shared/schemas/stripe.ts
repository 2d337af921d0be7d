import { z } from "zod";

/** GET /api/guest/payment-options: whether the portal offers "Pay now" (Stripe configured). */
export const paymentOptionsSchema = z.object({ onlinePayments: z.boolean() });
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const guestCheckoutParamsSchema = z.object({ paymentId: z.uuid("Payment id must be a uuid.") });

/** POST /api/guest/payments/{paymentId}/checkout: the Stripe Checkout page to send the guest to. */
export const checkoutResponseSchema = z.object({ url: z.url() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export { type PaymentReturnState, paymentReturnStates } from "../payment-return-states";
