/** The guest portal's API paths (query keys are these URLs, spec section 7). */
export const guestMePath = "/api/guest/me";
export const calendarPath = "/api/guest/calendar-url";
export const calendarRotatePath = `${calendarPath}/rotate`;
/** Keyed [path, retreatId]: the default query function joins the key with "/". */
export const guestSchedulePath = "/api/guest/schedule";
export const paymentOptionsPath = "/api/guest/payment-options";
export const checkoutPath = (paymentId: string) => `/api/guest/payments/${paymentId}/checkout`;
/** The guest's receipts and credit notes (each item carries its PDF's URL). */
export const guestReceiptsPath = "/api/guest/receipts";
