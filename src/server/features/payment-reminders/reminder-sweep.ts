import { and, asc, eq, inArray, isNotNull, lte, ne, notExists, or, sql } from "drizzle-orm";
import { businessTimeZone } from "../../../shared/constants";
import { todayIn } from "../../../shared/finance/dates";
import type { Db } from "../../db/client";
import { type NewPaymentReminder, paymentPlans, paymentReminders, payments, settings } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { followPayments, owedPayment } from "../payments/index";
import { type ReminderConfig, sendReminder } from "./reminder-email";
import { cancelOvertaken, laterReminder } from "./reminder-rules";
import {
  defaultReminderDaysBefore,
  overdueDaysBefore,
  parseReminderDays,
  reminderDaysSettingKey,
  reminderSendAt,
} from "./reminder-schedule";

export type SweepResult = {
  created: number;
  markedOverdue: number;
  /** Unsent reminders that will never go out (payment settled, plan closed, overtaken). */
  cancelled: number;
  sent: number;
  failed: number;
  /** Outbox rows queued by this sweep: hand them to dispatchEmails. */
  emailLogIds: string[];
};

const insertChunk = 500;

export async function reminderDaysBefore(db: DbOrTx): Promise<number[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, reminderDaysSettingKey))
    .limit(1);
  return parseReminderDays(row?.value) ?? [...defaultReminderDaysBefore];
}

/**
 * Owed payments with a due date (money-figures.ts: pending or failed, not a refund, on an active
 * plan): the only payments anyone is reminded about.
 */
async function duePayments(db: Db) {
  return db
    .select({
      id: payments.id,
      applicationId: payments.applicationId,
      paymentPlanId: payments.paymentPlanId,
      amount: payments.amount,
      currency: payments.currency,
      dueDate: payments.dueDate,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
    .where(and(owedPayment, isNotNull(payments.dueDate)));
}

/**
 * Plans the reminders of every due payment. Idempotent and safe to run in two processes at once:
 * rows meet the unique index on (payment, kind, days before) and ON CONFLICT keeps one. A pending
 * reminder follows its payment's amount and date when staff change them; one already sent stays
 * as it went out.
 */
async function planReminders(db: Db, days: number[], now: Date, today: string) {
  const rows: NewPaymentReminder[] = [];
  const overduePaymentIds: string[] = [];
  for (const p of await duePayments(db)) {
    const dueDate = p.dueDate!;
    const base = {
      paymentPlanId: p.paymentPlanId,
      applicationId: p.applicationId,
      paymentId: p.id,
      dueDate,
      amount: p.amount,
      currency: p.currency,
      status: "pending",
    };
    if (dueDate < today) {
      overduePaymentIds.push(p.id);
      rows.push({
        ...base,
        reminderType: "overdue",
        daysBefore: overdueDaysBefore,
        scheduledFor: reminderSendAt(dueDate, overdueDaysBefore),
      });
      continue;
    }
    for (const daysBefore of days) {
      const scheduledFor = reminderSendAt(dueDate, daysBefore);
      // A reminder whose moment had passed before the payment existed (a deposit due on the
      // acceptance day, a late acceptance) would only repeat the acceptance email at once.
      if (scheduledFor < p.createdAt) continue;
      rows.push({ ...base, reminderType: "upcoming", daysBefore, scheduledFor });
    }
  }
  let created = 0;
  for (let i = 0; i < rows.length; i += insertChunk) {
    const inserted = await db
      .insert(paymentReminders)
      .values(rows.slice(i, i + insertChunk))
      .onConflictDoUpdate({
        target: [paymentReminders.paymentId, paymentReminders.reminderType, paymentReminders.daysBefore],
        set: {
          dueDate: sql`excluded.due_date`,
          amount: sql`excluded.amount`,
          currency: sql`excluded.currency`,
          scheduledFor: sql`excluded.scheduled_for`,
          updatedAt: now,
        },
        // Only a reminder still waiting follows the payment; and only when something changed,
        // so a quiet sweep writes nothing.
        setWhere: sql`${paymentReminders.status} = 'pending' and (
          ${paymentReminders.dueDate} is distinct from excluded.due_date
          or ${paymentReminders.amount} is distinct from excluded.amount
          or ${paymentReminders.scheduledFor} is distinct from excluded.scheduled_for)`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    created += inserted.filter((r) => r.inserted).length;
  }
  return { created, overduePaymentIds };
}

/** Upcoming reminders still open for a payment past its due date are overtaken by the overdue notice. */
async function markOverdue(db: Db, paymentIds: string[]): Promise<number> {
  let marked = 0;
  for (let i = 0; i < paymentIds.length; i += insertChunk) {
    const rows = await db
      .update(paymentReminders)
      .set({ status: "overdue", updatedAt: new Date() })
      .where(
        and(
          inArray(paymentReminders.paymentId, paymentIds.slice(i, i + insertChunk)),
          eq(paymentReminders.reminderType, "upcoming"),
          inArray(paymentReminders.status, ["pending", "failed"]),
        ),
      )
      .returning({ id: paymentReminders.id });
    marked += rows.length;
  }
  return marked;
}

/**
 * Reminders whose moment has come, oldest first. An upcoming reminder waits no longer than its
 * payment's due date (then the overdue notice takes over), and one overtaken by a later reminder
 * of the same payment (a worker that was down for a week) is left unsent: one email, not two.
 */
async function dueReminders(db: Db, now: Date, today: string): Promise<string[]> {
  const rows = await db
    .select({ id: paymentReminders.id })
    .from(paymentReminders)
    .innerJoin(payments, eq(payments.id, paymentReminders.paymentId))
    .innerJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
    .where(
      and(
        eq(paymentReminders.status, "pending"),
        lte(paymentReminders.scheduledFor, now),
        owedPayment,
        // The rule of reminder-rules.ts: an upcoming reminder until the due date, the notice after it.
        or(
          and(eq(paymentReminders.reminderType, "overdue"), sql`${payments.dueDate} < ${today}`),
          and(ne(paymentReminders.reminderType, "overdue"), sql`${payments.dueDate} >= ${today}`),
        ),
        notExists(
          laterReminder(db, (later) =>
            and(
              lte(later.scheduledFor, now),
              inArray(later.status, ["pending", "sent"]),
              ne(later.id, paymentReminders.id),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(paymentReminders.scheduledFor), asc(paymentReminders.id));
  return rows.map((r) => r.id);
}

/**
 * One pass of the reminder job: plan reminders for every owed payment, mark what the due date
 * overtook, cancel what no longer applies (reminder-rules.ts), and send what is due. `now` is
 * injectable so tests can walk through the calendar.
 */
export async function runReminderSweep(db: Db, config: ReminderConfig, now: Date = new Date()): Promise<SweepResult> {
  const today = todayIn(businessTimeZone, now);
  const days = await reminderDaysBefore(db);
  const { created, overduePaymentIds } = await planReminders(db, days, now, today);
  const markedOverdue = await markOverdue(db, overduePaymentIds);
  const cancelled = (await followPayments(db, undefined)) + (await cancelOvertaken(db));

  const result: SweepResult = { created, markedOverdue, cancelled, sent: 0, failed: 0, emailLogIds: [] };
  for (const id of await dueReminders(db, now, today)) {
    const outcome = await sendReminder(db, config, id, { now });
    if (outcome.outcome === "sent") {
      result.sent += 1;
      result.emailLogIds.push(outcome.emailLogId);
    } else if (outcome.outcome === "failed") {
      result.failed += 1;
    }
  }
  // A worker that was down sent only the latest of a payment's due reminders: the earlier ones are overtaken.
  if (result.sent > 0) result.cancelled += await cancelOvertaken(db);
  return result;
}
