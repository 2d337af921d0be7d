import { and, eq, sql } from "drizzle-orm";
import { formatMoney, toPence } from "../../../shared/finance/money";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  applications,
  emailSubscribers,
  type PaymentReminder,
  paymentPlans,
  paymentReminders,
  payments,
  retreats,
} from "../../db/schema";
import type { DbOrTx, Tx } from "../../db/types";
import { EmailSecrets } from "../../email/hidden-links";
import { queueEmail } from "../../email/outbox";
import { preferencesUrl } from "../../email/subscriber-links";
import { renderSystemEmail } from "../../email/system-templates";
import type { FieldCipher } from "../../encryption/field-encryption";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { payLinkFor } from "../stripe";
import { reminderMessages, reminderSendRefusal } from "./reminder-rules";

export type ReminderConfig = Pick<Config, "publicUrl" | "sessionSecret" | "stripe"> & { cipher: FieldCipher };

export { reminderMessages };

export type SendOutcome =
  | { outcome: "sent"; reminder: PaymentReminder; emailLogId: string }
  | { outcome: "failed"; reminder: PaymentReminder; error: string }
  /** The automatic sender found it taken, already sent, or no longer due: nothing changed. */
  | { outcome: "skipped" };

const dueDateFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const longDate = (day: string) => dueDateFormat.format(new Date(`${day}T00:00:00Z`));

/**
 * The reminder's payment, plan, applicant and retreat, with the send rule's verdict: `refusal` is
 * null when it can go out (reminder-rules.ts).
 */
async function loadDue(tx: Tx, reminder: PaymentReminder, now: Date) {
  const [row] = reminder.paymentId
    ? await tx
        .select({
          payment: payments,
          plan: paymentPlans,
          application: applications,
          retreatName: retreats.name,
        })
        .from(payments)
        .leftJoin(paymentPlans, eq(paymentPlans.id, payments.paymentPlanId))
        .leftJoin(applications, eq(applications.id, payments.applicationId))
        .leftJoin(retreats, eq(retreats.id, applications.retreatId))
        .where(eq(payments.id, reminder.paymentId))
        // Key share: a concurrent completePayment (which updates the row) waits for this send to commit.
        .for("share", { of: payments })
    : [];
  const refusal =
    reminderSendRefusal(reminder, row?.payment ?? null, row?.plan ?? null, now) ??
    (row?.application ? null : reminderMessages.noPayment);
  return { row, refusal };
}

async function subscriberOf(tx: Tx, email: string) {
  const [row] = await tx
    .select({
      token: emailSubscribers.unsubscribeToken,
      applicationEmails: emailSubscribers.applicationEmails,
      off: emailSubscribers.globallyUnsubscribed,
    })
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

async function setStatus(tx: DbOrTx, reminder: PaymentReminder, patch: Partial<PaymentReminder>) {
  const [row] = await tx
    .update(paymentReminders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(paymentReminders.id, reminder.id))
    .returning();
  return row!;
}

/**
 * Sends one reminder through the outbox, in one transaction with its status change, so the email
 * exists exactly when the reminder says "sent". The reminder row is locked first: the automatic
 * sender skips a row another worker holds (SKIP LOCKED) and re-reads the status under the lock,
 * so two workers never send one reminder twice; staff (actor set) wait for the lock instead, may
 * also send a failed reminder, and get 404/409 errors. Returns the email_logs id to dispatch
 * after commit.
 */
export async function sendReminder(
  db: Db,
  config: ReminderConfig,
  reminderId: string,
  options: { now?: Date; actor?: Actor } = {},
): Promise<SendOutcome> {
  const now = options.now ?? new Date();
  const manual = Boolean(options.actor);
  let before: PaymentReminder | undefined;
  try {
    return await db.transaction(async (tx) => {
      const query = tx.select().from(paymentReminders).where(eq(paymentReminders.id, reminderId));
      const [reminder] = manual ? await query.for("update") : await query.for("update", { skipLocked: true });
      if (!reminder) {
        if (manual) throw new AppError("not_found", reminderMessages.notFound);
        return { outcome: "skipped" };
      }
      before = reminder;
      // The job sends only what waits (pending); staff may also retry a failed one.
      if (!manual && reminder.status !== "pending") return { outcome: "skipped" };

      const { row: due, refusal } = await loadDue(tx, reminder, now);
      if (refusal || !due?.application) {
        if (manual) throw new AppError("conflict", refusal ?? reminderMessages.noPayment);
        return { outcome: "skipped" };
      }
      const payment = due.payment;
      const application = due.application;
      const subscriber = await subscriberOf(tx, application.email);
      const fail = async (error: string): Promise<SendOutcome> => {
        const row = await setStatus(tx, reminder, { status: "failed", metadata: { ...reminder.metadata, error } });
        if (options.actor) await audit(tx, options.actor, reminder, row, { error });
        return { outcome: "failed", reminder: row, error };
      };
      // Application and retreat emails are the preference that governs this message.
      if (subscriber && (!subscriber.applicationEmails || subscriber.off)) return fail(reminderMessages.optedOut);

      const description = payment.description ?? "";
      let email: Awaited<ReturnType<typeof renderSystemEmail>>;
      const secrets = new EmailSecrets(config.cipher);
      try {
        email = await renderSystemEmail(
          tx,
          "payment_reminder",
          {
            firstName: application.firstName?.trim() || "there",
            amount: formatMoney(toPence(payment.amount), payment.currency),
            dueDate: payment.dueDate ? longDate(payment.dueDate) : "",
            description:
              reminder.reminderType === "overdue" ? `${description || "Payment"} (now overdue)` : description,
            retreatName: due.retreatName ?? "our retreat",
            payUrl: payLinkFor(config, application.id, secrets),
            preferencesUrl: subscriber ? preferencesUrl(config.publicUrl, subscriber.token) : config.publicUrl,
            publicUrl: config.publicUrl,
          },
          { retreatId: application.retreatId },
        );
      } catch (error) {
        return fail(`Could not render the email: ${(error as Error).message}`);
      }
      if (!email) return fail(reminderMessages.switchedOff);

      const name = [application.firstName, application.lastName].filter(Boolean).join(" ");
      const emailLogId = await queueEmail(tx, {
        to: application.email,
        name,
        email,
        kind: "payment_reminder",
        // A second guard besides the row lock: one email per reminder, ever.
        idempotencyKey: `payment_reminder:${reminder.id}`,
        secrets,
      });
      const { error: _previousError, ...metadata } = reminder.metadata as Record<string, unknown>;
      const row = await setStatus(tx, reminder, {
        status: "sent",
        sentAt: now,
        metadata: { ...metadata, emailLogId },
      });
      if (options.actor) await audit(tx, options.actor, reminder, row, { emailLogId });
      return { outcome: "sent", reminder: row, emailLogId };
    });
  } catch (error) {
    if (error instanceof AppError || !before) throw error;
    // Lost a lock race (deadlock, serialisation): nothing was sent; the next sweep tries again.
    if (!manual && isConcurrencyError(error)) return { outcome: "skipped" };
    // The transaction is gone (queueing failed in the database): record the failure on its own,
    // unless someone else moved the reminder on meanwhile.
    const message = `Could not queue the email: ${(error as Error).message}`;
    const [row] = await db
      .update(paymentReminders)
      .set({ status: "failed", metadata: { ...before.metadata, error: message }, updatedAt: new Date() })
      .where(and(eq(paymentReminders.id, reminderId), eq(paymentReminders.status, before.status)))
      .returning();
    if (!row) return { outcome: "skipped" };
    return { outcome: "failed", reminder: row, error: message };
  }
}

function isConcurrencyError(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  return code === "40P01" || code === "40001" || code === "55P03";
}

async function audit(
  tx: DbOrTx,
  actor: Actor,
  before: PaymentReminder,
  after: PaymentReminder,
  extra: Record<string, unknown>,
) {
  await recordAudit(tx as unknown as Db, {
    ...actor,
    action: "send",
    entityType: "payment_reminder",
    entityId: before.id,
    oldValues: { status: before.status },
    newValues: { status: after.status, ...extra },
  });
}
