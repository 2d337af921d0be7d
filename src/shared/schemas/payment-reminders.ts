import { z } from "zod";

/**
 * Payment reminders (docs/decisions/008-payments-and-places.md): emails about a scheduled payment
 * (deposit or instalment). "upcoming" ones go out `daysBefore` days before the due date; one
 * "overdue" notice goes out the day after an unpaid due date (stored with daysBefore -1, so the
 * unique index on (payment, kind, days before) covers it too).
 */
export const paymentReminderStatuses = ["pending", "sent", "failed", "overdue", "cancelled"] as const;
export type PaymentReminderStatus = (typeof paymentReminderStatuses)[number];

export const paymentReminderStatusLabels: Record<PaymentReminderStatus, string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
  overdue: "Overdue",
  cancelled: "Cancelled",
};

/**
 * Why an unsent reminder was cancelled (metadata.cancelledBecause): reminders follow their payment
 * and plan, so none is left waiting that could never go out.
 */
export const paymentReminderCancelReasons = ["payment_settled", "plan_closed", "unlinked", "overtaken"] as const;
export type PaymentReminderCancelReason = (typeof paymentReminderCancelReasons)[number];
export const paymentReminderCancelReasonLabels: Record<PaymentReminderCancelReason, string> = {
  payment_settled: "the payment was received or cancelled",
  plan_closed: "the payment plan was cancelled or completed",
  unlinked: "it is not linked to a scheduled payment",
  overtaken: "a later reminder for the same payment went out",
};

export const paymentReminderTypes = ["upcoming", "overdue"] as const;
export type PaymentReminderType = (typeof paymentReminderTypes)[number];

/**
 * Statuses a reminder can still be sent from (not yet gone out); whether one actually can be is
 * the server's rule (reminder-rules.ts), carried to the list as `canSend`.
 */
export const sendableReminderStatuses: readonly PaymentReminderStatus[] = ["pending", "failed"];

export const reminderSentMessage = "Reminder sent successfully";

export const paymentReminderListQuerySchema = z.strictObject({
  status: z.enum(["all", ...paymentReminderStatuses], { message: "Unknown status" }).default("all"),
  /** Reminders of this retreat's applications (the season switcher's season); 404 when unknown. */
  retreatId: z.uuid("retreatId must be a uuid").optional(),
});
export type PaymentReminderListQuery = z.output<typeof paymentReminderListQuerySchema>;

export const paymentReminderSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid().nullable(),
  /** "First Last", or the email when the application has no name. */
  applicationName: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  /** What the payment is for ("Deposit", "Instalment 1 of 2"). */
  paymentDescription: z.string().nullable(),
  reminderType: z.string(),
  /** Decimal string, e.g. "500.00". */
  amount: z.string().nullable(),
  currency: z.string(),
  /** YYYY-MM-DD */
  dueDate: z.string().nullable(),
  daysBefore: z.number().int().nullable(),
  status: z.string(),
  scheduledFor: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** POST .../send would send it: the list offers Send exactly for these. */
  canSend: z.boolean(),
  /** Why an unsent reminder will not go out (cancelled, or the send rule refuses it); else null. */
  blockedReason: z.string().nullable(),
});
export type PaymentReminder = z.infer<typeof paymentReminderSchema>;

export const paymentReminderListSchema = z.object({
  items: z.array(paymentReminderSchema),
  /** Counts of every reminder by status, plus "all", for the filter chips. */
  counts: z.record(z.string(), z.number().int()),
});
export type PaymentReminderList = z.infer<typeof paymentReminderListSchema>;

export const paymentReminderParamsSchema = z.object({ id: z.uuid("Reminder id must be a uuid.") });

/** "7 days before", "1 day before", "On the due date", "Overdue notice". */
export function reminderTimingLabel(r: Pick<PaymentReminder, "reminderType" | "daysBefore">): string {
  if (r.reminderType === "overdue") return "Overdue notice";
  const days = r.daysBefore ?? 0;
  if (days === 0) return "On the due date";
  return `${days} day${days === 1 ? "" : "s"} before`;
}
