import { asc, desc, eq, sql } from "drizzle-orm";
import {
  type PaymentReminder,
  type PaymentReminderList,
  type PaymentReminderListQuery,
  paymentReminderStatuses,
} from "../../../shared/schemas/payment-reminders";
import type { Db } from "../../db/client";
import { applications, paymentReminders, payments, type PaymentReminder as ReminderRow } from "../../db/schema";

/** A retreat has tens of guests and a few reminders each; the cap only guards against a runaway table. */
const listLimit = 1000;

type Row = {
  reminder: ReminderRow;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  description: string | null;
};

export function toReminderDto(row: Row): PaymentReminder {
  const r = row.reminder;
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return {
    id: r.id,
    applicationId: r.applicationId,
    applicationName: name || row.email,
    paymentId: r.paymentId,
    paymentDescription: row.description,
    reminderType: r.reminderType,
    amount: r.amount,
    currency: r.currency,
    dueDate: r.dueDate,
    daysBefore: r.daysBefore,
    status: r.status,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

function selectRows(db: Db) {
  return db
    .select({
      reminder: paymentReminders,
      firstName: applications.firstName,
      lastName: applications.lastName,
      email: applications.email,
      description: payments.description,
    })
    .from(paymentReminders)
    .leftJoin(applications, eq(applications.id, paymentReminders.applicationId))
    .leftJoin(payments, eq(payments.id, paymentReminders.paymentId));
}

/** GET /api/admin/payment-reminders: by due date, the earliest reminder of each payment first. */
export async function listPaymentReminders(db: Db, query: PaymentReminderListQuery): Promise<PaymentReminderList> {
  const base = selectRows(db);
  const rows = await (query.status === "all" ? base : base.where(eq(paymentReminders.status, query.status)))
    .orderBy(
      sql`${paymentReminders.dueDate} asc nulls last`,
      desc(paymentReminders.daysBefore),
      asc(paymentReminders.id),
    )
    .limit(listLimit);
  const countRows = await db
    .select({ status: paymentReminders.status, n: sql<number>`count(*)::int` })
    .from(paymentReminders)
    .groupBy(paymentReminders.status);
  const counts: Record<string, number> = Object.fromEntries(paymentReminderStatuses.map((s) => [s, 0]));
  let all = 0;
  for (const { status, n } of countRows) {
    counts[status] = Number(n);
    all += Number(n);
  }
  counts.all = all;
  return { items: rows.map(toReminderDto), counts };
}

export async function getPaymentReminder(db: Db, id: string): Promise<PaymentReminder | null> {
  const [row] = await selectRows(db).where(eq(paymentReminders.id, id));
  return row ? toReminderDto(row) : null;
}
