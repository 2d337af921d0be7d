import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type PaymentReminder,
  type PaymentReminderCancelReason,
  type PaymentReminderList,
  type PaymentReminderListQuery,
  paymentReminderCancelReasonLabels,
  paymentReminderStatuses,
  sendableReminderStatuses,
} from "../../../shared/schemas/payment-reminders";
import type { Db } from "../../db/client";
import { retreatRowOr404 } from "../../db/current-retreat";
import {
  applications,
  type Payment,
  type PaymentPlan,
  paymentPlans,
  paymentReminders,
  payments,
  type PaymentReminder as ReminderRow,
} from "../../db/schema";
import { reminderSendRefusal } from "./reminder-rules";

/** A retreat has tens of guests and a few reminders each; the cap only guards against a runaway table. */
const listLimit = 1000;

type Row = {
  reminder: ReminderRow;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  payment: Payment | null;
  plan: PaymentPlan | null;
};

/** Why an unsent reminder will not go out: its cancellation, or the send rule's refusal. */
function blockedReason(r: ReminderRow, refusal: string | null): string | null {
  if (r.status === "cancelled") {
    const label = paymentReminderCancelReasonLabels[r.metadata.cancelledBecause as PaymentReminderCancelReason];
    return label ? `Cancelled because ${label}.` : "Cancelled.";
  }
  return (sendableReminderStatuses as readonly string[]).includes(r.status) ? refusal : null;
}

export function toReminderDto(row: Row, now: Date = new Date()): PaymentReminder {
  const r = row.reminder;
  const refusal = reminderSendRefusal(r, row.payment, row.plan, now);
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return {
    id: r.id,
    applicationId: r.applicationId,
    applicationName: name || row.email,
    paymentId: r.paymentId,
    paymentDescription: row.payment?.description ?? null,
    reminderType: r.reminderType,
    amount: r.amount,
    currency: r.currency,
    dueDate: r.dueDate,
    daysBefore: r.daysBefore,
    status: r.status,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    sentAt: r.sentAt?.toISOString() ?? null,
    canSend: refusal === null,
    blockedReason: blockedReason(r, refusal),
  };
}

function selectRows(db: Db) {
  return db
    .select({
      reminder: paymentReminders,
      firstName: applications.firstName,
      lastName: applications.lastName,
      email: applications.email,
      payment: payments,
      plan: paymentPlans,
    })
    .from(paymentReminders)
    .leftJoin(applications, eq(applications.id, paymentReminders.applicationId))
    .leftJoin(payments, eq(payments.id, paymentReminders.paymentId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId));
}

/** GET /api/admin/payment-reminders: by due date, the earliest reminder of each payment first. */
export async function listPaymentReminders(db: Db, query: PaymentReminderListQuery): Promise<PaymentReminderList> {
  // With a retreatId (the season switcher's season): that retreat's applications only, counts too.
  if (query.retreatId) await retreatRowOr404(db, query.retreatId);
  const ofRetreat = query.retreatId
    ? inArray(
        paymentReminders.applicationId,
        db.select({ id: applications.id }).from(applications).where(eq(applications.retreatId, query.retreatId)),
      )
    : undefined;
  const rows = await selectRows(db)
    .where(and(ofRetreat, query.status === "all" ? undefined : eq(paymentReminders.status, query.status)))
    .orderBy(
      sql`${paymentReminders.dueDate} asc nulls last`,
      desc(paymentReminders.daysBefore),
      asc(paymentReminders.id),
    )
    .limit(listLimit);
  const countRows = await db
    .select({ status: paymentReminders.status, n: sql<number>`count(*)::int` })
    .from(paymentReminders)
    .where(ofRetreat)
    .groupBy(paymentReminders.status);
  const counts: Record<string, number> = Object.fromEntries(paymentReminderStatuses.map((s) => [s, 0]));
  let all = 0;
  for (const { status, n } of countRows) {
    counts[status] = Number(n);
    all += Number(n);
  }
  counts.all = all;
  const now = new Date();
  return { items: rows.map((row) => toReminderDto(row, now)), counts };
}

export async function getPaymentReminder(db: Db, id: string): Promise<PaymentReminder | null> {
  const [row] = await selectRows(db).where(eq(paymentReminders.id, id));
  return row ? toReminderDto(row) : null;
}
