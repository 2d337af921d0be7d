// Kept apart from the zod schemas (stripe.ts re-exports it): the guest portal reads it without the
// validation library (decision 021).

/** Set on the guest portal's URL by Stripe's return (success or cancel) or an empty pay link. */
export const paymentReturnStates = ["success", "cancelled", "none"] as const;
export type PaymentReturnState = (typeof paymentReturnStates)[number];
