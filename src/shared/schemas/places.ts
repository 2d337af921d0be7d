/**
 * Places on a retreat, waitlist place offers and cancellations with refunds
 * (docs/decisions/008-payments-and-places.md): the API contract shared by server and client.
 */
import { z } from "zod";
import { limits } from "./common";

/** How long a waitlisted applicant has to accept a released place. */
export const placeOfferHours = 72;
/** Days after its due date an unpaid deposit gives the place up. */
export const depositGraceDays = 7;

export const placeOfferStatuses = ["offered", "accepted", "declined", "expired", "withdrawn"] as const;
export type PlaceOfferStatus = (typeof placeOfferStatuses)[number];

export const placeOfferStatusLabels: Record<PlaceOfferStatus, string> = {
  offered: "Offered",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

export const refundRules = ["full_minus_admin_fee", "half", "none", "guarantee"] as const;
export type RefundRuleName = (typeof refundRules)[number];

export const refundRuleLabels: Record<RefundRuleName, string> = {
  full_minus_admin_fee: "More than 90 days before: everything paid minus the £200 admin fee",
  half: "30 to 90 days before: half of what was paid",
  none: "Under 30 days before: no refund",
  guarantee: "48-hour guarantee: everything paid minus travel costs incurred",
};

export const placeMessages = {
  offerNotFound: "This offer link is not valid. Please check the link in your email.",
  offerExpired: "This offer has expired, so the place has gone to the next person on the waitlist.",
  offerAnswered: "This offer has already been answered.",
  offerWithdrawn: "This offer has been withdrawn.",
  noLongerWaitlisted: "This application is no longer on the waitlist, so the offer can no longer be answered.",
  full: "Sorry, the retreat is full: the place has already been taken.",
  notHoldingPlace: "This application holds no place on the retreat, so there is no booking to cancel.",
  noStartDate: "The retreat has no start date yet, so the cancellation policy cannot be applied. Set its dates first.",
  noRetreat: "There is no current retreat.",
  reasonRequired: "Please give a reason for the cancellation.",
  invalidDate: "Enter a valid date (YYYY-MM-DD).",
  invalidAmount: "Enter an amount such as 120 or 120.50.",
  notOpen: "Only an open offer can be withdrawn.",
} as const;

const day = z
  .string(placeMessages.invalidDate)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, placeMessages.invalidDate)
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
  }, placeMessages.invalidDate);

/** numeric(10,2): up to 8 digits before the point, 2 after, never negative. */
export const moneyAmountSchema = z
  .string(placeMessages.invalidAmount)
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, placeMessages.invalidAmount);

// ---------------------------------------------------------------------------------------------
// Public offer page
// ---------------------------------------------------------------------------------------------

/** 32 random bytes in base64url are 43 characters; anything far from that is not a token. */
export const placeOfferTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

export const placeOfferPriceSchema = z.object({
  currency: z.string(),
  /** Decimal strings ("3994.00"). */
  total: z.string(),
  deposit: z.string(),
  /** The scheduled payments the plan will have if the offer is accepted today. */
  payments: z.array(z.object({ type: z.string(), amount: z.string(), dueDate: z.string(), description: z.string() })),
});

/** GET /api/place-offers/{token}: what the applicant's offer page shows (first name only). */
export const publicPlaceOfferSchema = z.object({
  firstName: z.string().nullable(),
  retreatName: z.string(),
  location: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** 2 for a couple's application. */
  people: z.number().int(),
  bookingTypeName: z.string().nullable(),
  price: placeOfferPriceSchema.nullable(),
  expiresAt: z.string(),
  status: z.enum(placeOfferStatuses),
});
export type PublicPlaceOffer = z.infer<typeof publicPlaceOfferSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: capacity and offers
// ---------------------------------------------------------------------------------------------

export const capacitySchema = z.object({
  retreatId: z.uuid(),
  retreatName: z.string(),
  capacity: z.number().int(),
  /** People in stages accepted and payment. */
  taken: z.number().int(),
  /** People holding an open offer. */
  offered: z.number().int(),
  /** capacity - taken - offered, never below 0. */
  free: z.number().int(),
});
export type Capacity = z.infer<typeof capacitySchema>;

export const placeOfferItemSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  applicantName: z.string(),
  email: z.string(),
  people: z.number().int(),
  status: z.enum(placeOfferStatuses),
  expiresAt: z.string(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
  releasedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type PlaceOfferItem = z.infer<typeof placeOfferItemSchema>;

export const placeOffersQuerySchema = z.object({ retreatId: z.uuid().optional() });

/** GET /api/admin/place-offers: the capacity figure, open offers, and the history (newest first). */
export const placeOffersResponseSchema = z.object({
  capacity: capacitySchema,
  open: z.array(placeOfferItemSchema),
  history: z.array(placeOfferItemSchema),
});
export type PlaceOffersResponse = z.infer<typeof placeOffersResponseSchema>;

export const idParamsSchema = z.object({ id: z.uuid() });

export const withdrawOfferResponseSchema = z.object({
  offer: placeOfferItemSchema,
  /** Offers made to the next people in the place's stead. */
  offersMade: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Cancellation with refund
// ---------------------------------------------------------------------------------------------

const booleanFlag = z.enum(["true", "false"]).transform((v) => v === "true");

/** GET /api/admin/applications/{id}/refund-quote */
export const refundQuoteQuerySchema = z.object({
  cancelledOn: day.optional(),
  guarantee: booleanFlag.optional(),
  travelCosts: moneyAmountSchema.optional(),
});

export const refundQuoteSchema = z.object({
  currency: z.string(),
  /** Completed payments other than refunds, as a decimal string. */
  paid: z.string(),
  refund: z.string(),
  rule: z.enum(refundRules),
  /** Days from the cancellation date to the retreat's start (negative once it has begun). */
  daysBefore: z.number().int(),
  cancelledOn: z.string(),
});
export type RefundQuote = z.infer<typeof refundQuoteSchema>;

/** POST /api/admin/applications/{id}/cancel */
export const cancelBookingSchema = z.strictObject({
  reason: z
    .string(placeMessages.reasonRequired)
    .trim()
    .min(1, placeMessages.reasonRequired)
    .max(limits.longText, `Reason can be at most ${limits.longText} characters.`),
  cancelledOn: day.optional(),
  guarantee: z.strictObject({ travelCosts: moneyAmountSchema }).optional(),
});
export type CancelBookingInput = z.input<typeof cancelBookingSchema>;

export const cancelBookingResultSchema = z.object({
  applicationId: z.uuid(),
  stage: z.string(),
  quote: refundQuoteSchema,
  /** The pending refund payment staff mark completed when paid out; null when the refund is 0. */
  refundPaymentId: z.uuid().nullable(),
  offersMade: z.number().int(),
});
export type CancelBookingResult = z.infer<typeof cancelBookingResultSchema>;
