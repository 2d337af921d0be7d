/**
 * Payments, payment plans and booking types (docs/decisions/008-payments-and-places.md). Amounts
 * travel as decimal strings ("1997.00"); code that adds or compares them converts to pence with
 * src/shared/finance/money.ts.
 */
import { z } from "zod";
import { currencies } from "../constants";
import { toPence } from "../finance/money";
import { limits, pageQueryShape } from "./common";
import { paymentReceiptSchema } from "./receipts";

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

/** Methods staff can record (spec: card, cash, bank_transfer, check); Stripe records "stripe". */
export const manualPaymentMethods = ["card", "cash", "bank_transfer", "check"] as const;
export const paymentMethods = [...manualPaymentMethods, "stripe"] as const;
export type ManualPaymentMethod = (typeof manualPaymentMethods)[number];

/** pending, completed, failed (spec); cancelled when its plan is cancelled or a manual payment covered it. */
export const paymentStatuses = ["pending", "completed", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentTypes = ["deposit", "installment", "manual", "refund"] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const planStatuses = ["active", "completed", "cancelled"] as const;
export type PlanStatus = (typeof planStatuses)[number];

export const paymentMethodLabels: Record<(typeof paymentMethods)[number], string> = {
  card: "Card",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  check: "Cheque",
  stripe: "Stripe",
};

/** "bank_transfer" -> "Bank transfer"; a method the list does not know is shown as stored. */
export function paymentMethodLabel(method: string): string {
  return paymentMethodLabels[method as keyof typeof paymentMethodLabels] ?? method;
}

/** A payment's type as people read it (its description, "Instalment 1 of 2", says more when it has one). */
export const paymentTypeLabels: Record<PaymentType, string> = {
  deposit: "Deposit",
  installment: "Instalment",
  manual: "Manual",
  refund: "Refund",
};

export function paymentTypeLabel(type: string): string {
  return paymentTypeLabels[type as PaymentType] ?? type;
}

/** Stages in which an application holds a place on its retreat (a couple holds two). */
export const placeHoldingStages = ["accepted", "payment"] as const;

/**
 * People an application stands for: a couple is two (two places, two shares of a rate), anyone
 * else one. The server's capacity rule (features/admissions/capacity.ts) is built on this.
 */
export function peopleOf(applicationType: string): 1 | 2 {
  return applicationType === "couple" ? 2 : 1;
}

export const retreatFullMessage = (taken: number, capacity: number) =>
  `The retreat is full: ${taken} of ${capacity} places are taken.`;
export const planNotCompletableMessage = (remaining: string) =>
  `Only an active plan with nothing left to pay can be completed; this one still has ${remaining} to pay.`;
export const planNotActiveMessage = (status: string) =>
  `This payment plan is ${status}; only an active plan can be completed or take payments.`;
export const paymentNotPendingMessage = (status: string) =>
  `Only a pending payment can be marked as completed; this one is ${status}.`;
export const overpaymentMessage = (remaining: string) =>
  `The amount is more than the plan's remaining balance of ${remaining}.`;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

/** A decimal amount as the API carries it: "1997", "1997.5" or "1997.00"; answered as "1997.00". */
export const amountSchema = z
  .string({ message: "Enter an amount, e.g. 1997.00" })
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, "Enter an amount in pounds with at most two decimals, e.g. 1997.00");

/** Pence of a decimal string, or null when it is not one (refinements also run on invalid input). */
function penceOrNull(value: string): number | null {
  try {
    return toPence(value);
  } catch {
    return null;
  }
}

const positiveAmount = amountSchema.refine((v) => (penceOrNull(v) ?? 1) > 0, "The amount must be more than zero.");

/** Decimal strings as the database returns them (numeric(10,2)), possibly negative. */
export const decimalSchema = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---------------------------------------------------------------------------------------------
// Booking types
// ---------------------------------------------------------------------------------------------

const bookingTypeFields = {
  name: z
    .string()
    .trim()
    .min(1, "Name is required.")
    .max(100, "Name can be at most 100 characters.")
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9_-]*$/, "Use letters, digits, - and _ (e.g. solo, couple, vip)."),
  displayName: z.string().trim().max(limits.name, `Display name can be at most ${limits.name} characters.`).nullable(),
  description: z
    .string()
    .trim()
    .max(limits.shortText, `Description can be at most ${limits.shortText} characters.`)
    .nullable(),
  basePrice: amountSchema,
  depositAmount: amountSchema,
  maxOccupancy: z
    .number({ message: "Occupancy must be a number." })
    .int("Occupancy must be a whole number.")
    .min(1, "Occupancy must be 1 or 2.")
    .max(2, "Occupancy must be 1 or 2."),
  isAddon: z.boolean(),
  isActive: z.boolean(),
  priority: z
    .number({ message: "Priority must be a number." })
    .int("Priority must be a whole number.")
    .min(0, "Priority must be 0 or more.")
    .max(1000, "Priority must be at most 1000."),
  features: z
    .array(
      z.string().trim().min(1, "A feature cannot be blank.").max(200, "Each feature can be at most 200 characters."),
    )
    .max(30, "List at most 30 features."),
};

export const depositAbovePriceMessage = "The deposit cannot be more than the price.";

/** POST /api/admin/booking-types (retreat defaults to the current one). */
export const createBookingTypeSchema = z
  .strictObject({
    retreatId: z.uuid("retreatId must be a uuid").optional(),
    name: bookingTypeFields.name,
    displayName: bookingTypeFields.displayName.default(null),
    description: bookingTypeFields.description.default(null),
    basePrice: bookingTypeFields.basePrice,
    currency: z.enum(currencies, { message: "Unknown currency" }).optional(),
    depositAmount: bookingTypeFields.depositAmount.default("0.00"),
    maxOccupancy: bookingTypeFields.maxOccupancy.default(1),
    isAddon: bookingTypeFields.isAddon.default(false),
    isActive: bookingTypeFields.isActive.default(true),
    priority: bookingTypeFields.priority.default(0),
    features: bookingTypeFields.features.default([]),
  })
  .refine((b) => (penceOrNull(b.depositAmount) ?? 0) <= (penceOrNull(b.basePrice) ?? Number.MAX_SAFE_INTEGER), {
    message: depositAbovePriceMessage,
    path: ["depositAmount"],
  });
export type CreateBookingTypeInput = z.input<typeof createBookingTypeSchema>;
export type CreateBookingType = z.output<typeof createBookingTypeSchema>;

/** PATCH /api/admin/booking-types/{id}; the deposit rule is checked against the merged row. */
export const updateBookingTypeSchema = z
  .strictObject(bookingTypeFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to update." });
export type UpdateBookingType = z.infer<typeof updateBookingTypeSchema>;

export const adminBookingTypeSchema = z.object({
  id: z.uuid(),
  retreatId: z.uuid().nullable(),
  name: z.string(),
  displayName: z.string().nullable(),
  description: z.string().nullable(),
  basePrice: decimalSchema,
  depositAmount: decimalSchema,
  currency: z.string(),
  maxOccupancy: z.number().int(),
  isAddon: z.boolean(),
  isActive: z.boolean(),
  priority: z.number().int(),
  features: z.array(z.string()),
  updatedAt: z.string(),
});
export type AdminBookingType = z.infer<typeof adminBookingTypeSchema>;

export const bookingTypeListQuerySchema = z.strictObject({
  retreatId: z.uuid("retreatId must be a uuid").optional(),
});

// ---------------------------------------------------------------------------------------------
// Payments and plans
// ---------------------------------------------------------------------------------------------

export const paymentSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid().nullable(),
  paymentPlanId: z.uuid().nullable(),
  type: z.string(),
  amount: decimalSchema,
  currency: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  dueDate: dayString.nullable(),
  paidAt: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  /** "Ada Lovelace" (or the email when the name is blank); null without an application. */
  applicantName: z.string().nullable(),
  applicantEmail: z.string().nullable(),
  /** The receipt (or credit note) a completed payment got; null before completion. */
  receipt: paymentReceiptSchema.nullable(),
});
export type PaymentDto = z.infer<typeof paymentSchema>;

export const paymentPlanSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid().nullable(),
  applicantName: z.string().nullable(),
  applicantEmail: z.string().nullable(),
  applicationType: z.string().nullable(),
  bookingTypeId: z.uuid().nullable(),
  bookingTypeName: z.string().nullable(),
  /** "solo", "couple", "solo+vip", "couple+vip". */
  planType: z.string(),
  totalAmount: decimalSchema,
  depositAmount: decimalSchema.nullable(),
  /** total - completed non-refund payments. */
  paidAmount: decimalSchema,
  remainingAmount: decimalSchema,
  currency: z.string(),
  installmentCount: z.number().int(),
  status: z.string(),
  /** The earliest due date among pending payments, or null. */
  nextDueDate: dayString.nullable(),
  createdAt: z.string(),
  payments: z.array(paymentSchema),
});
export type PaymentPlanDto = z.infer<typeof paymentPlanSchema>;

export const paymentPlanListQuerySchema = z.strictObject({
  status: z.enum(planStatuses, { message: "Unknown plan status" }).optional(),
  applicationId: z.uuid("applicationId must be a uuid").optional(),
  retreatId: z.uuid("retreatId must be a uuid").optional(),
});

export const maxPaymentsPageSize = 100;
export const paymentListQuerySchema = z.strictObject({
  status: z.enum(paymentStatuses, { message: "Unknown payment status" }).optional(),
  /** Payments of this retreat's applications (the season switcher's season); 404 when unknown. */
  retreatId: z.uuid("retreatId must be a uuid").optional(),
  applicationId: z.uuid("applicationId must be a uuid").optional(),
  paymentPlanId: z.uuid("paymentPlanId must be a uuid").optional(),
  ...pageQueryShape(maxPaymentsPageSize, 100_000),
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

export const paymentListResponseSchema = z.object({
  items: z.array(paymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/** POST /api/admin/payments: a payment staff received outside Stripe, recorded as completed. */
export const recordPaymentSchema = z.strictObject({
  paymentPlanId: z.uuid("Choose a payment plan."),
  amount: positiveAmount,
  paymentMethod: z.enum(manualPaymentMethods, { message: "Choose card, cash, bank transfer or cheque." }),
  /** When the money arrived; now when left out. Not in the future. */
  paidAt: z.iso
    .datetime({ offset: true, message: "Enter a valid date and time." })
    .refine((v) => new Date(v).getTime() <= Date.now() + 5 * 60_000, "The payment date cannot be in the future.")
    .optional(),
  description: z
    .string()
    .trim()
    .max(limits.shortText, `Description can be at most ${limits.shortText} characters.`)
    .optional(),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;
export type RecordPayment = z.output<typeof recordPaymentSchema>;

/** PUT /api/admin/payments/{id}/status. */
export const paymentStatusUpdateSchema = z.strictObject({
  status: z.literal("completed", { message: 'Status can only be set to "completed".' }),
  paymentMethod: z.enum(manualPaymentMethods, { message: "Choose card, cash, bank transfer or cheque." }).optional(),
});
export type PaymentStatusUpdate = z.infer<typeof paymentStatusUpdateSchema>;

export const idParamsSchema = z.strictObject({ id: z.uuid("Invalid id") });

// ---------------------------------------------------------------------------------------------
// Overview
// ---------------------------------------------------------------------------------------------

/** GET /api/admin/payment-overview (the tab polls it every 30 s). Lists are capped; counts are not. */
export const paymentOverviewSchema = z.object({
  /** Sum of owed payments (pending or failed, not refunds, on active plans): the Finance tab's "Revenue due". */
  totalOutstanding: decimalSchema,
  /** Applications with an active payment plan. */
  totalApplications: z.number().int(),
  /** Owed payments due today or in the next 7 days (London dates), soonest first. */
  upcomingPayments: z.array(paymentSchema),
  upcomingCount: z.number().int(),
  upcomingAmount: decimalSchema,
  /** Owed payments (pending or failed) due before today, oldest first. */
  overduePayments: z.array(paymentSchema),
  overdueCount: z.number().int(),
  overdueAmount: decimalSchema,
  /** Completed (non-refund) payments of the last 30 days, newest first, 10 rows. */
  recentPayments: z.array(paymentSchema),
  /** Sum of the completed non-refund payments of the last 30 days. */
  recentAmount: decimalSchema,
  currency: z.string(),
});
export type PaymentOverview = z.infer<typeof paymentOverviewSchema>;

export const overviewListLimit = 20;
export const recentPaymentsLimit = 10;
export const upcomingWindowDays = 7;
export const recentWindowDays = 30;
