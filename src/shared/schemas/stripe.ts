import { z } from "zod";

/** GET /api/guest/payment-options: whether the portal offers "Pay now" (Stripe configured). */
export const paymentOptionsSchema = z.object({ onlinePayments: z.boolean() });
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const guestCheckoutParamsSchema = z.object({ paymentId: z.uuid("Payment id must be a uuid.") });

/** POST /api/guest/payments/{paymentId}/checkout: the Stripe Checkout page to send the guest to. */
export const checkoutResponseSchema = z.object({ url: z.url() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** Set on the guest portal's URL by Stripe's return (success or cancel) or an empty pay link. */
export const paymentReturnStates = ["success", "cancelled", "none"] as const;
export type PaymentReturnState = (typeof paymentReturnStates)[number];
