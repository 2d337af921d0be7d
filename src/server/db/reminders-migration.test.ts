import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../shared/finance/dates";
import { findStuckReminders } from "../features/payment-reminders/reminder-rules";
import { databaseBeforeMigration } from "../test/database-before-migration";
import type { Database } from "./client";
import { type NewPaymentReminder, paymentPlans, paymentReminders, payments } from "./schema";

/**
 * The reminders migration on a database from before it, holding what the old bulk demo seeder
 * wrote: reminders with no payment (kinds "balance_due", "installment_due", "deposit_due"), on
 * active, cancelled and completed plans, some long past. Afterwards every reminder left waiting
 * can be sent, and the rest say why they will not go out.
 */
const migrationTag = "0011_reminders_follow_payments";

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await databaseBeforeMigration(migrationTag));
});
afterAll(async () => close());

describe(`migration ${migrationTag}`, () => {
  it("links old reminders to their payment where it can be told, and cancels what can never be sent", async () => {
    const db = database.db;
    const today = todayIn("Europe/London");
    let n = 0;
    const planWith = async (status: string, rows: { type: string; amount: string; status: string; due: string }[]) => {
      n += 1;
      // Plain SQL: the schema object holds columns added by later migrations (accepted_at).
      const inserted = await db.execute<{ id: string }>(
        sql`insert into applications (email, stage) values (${`legacy-${n}@example.com`}, 'payment') returning id`,
      );
      const application = inserted.rows[0];
      const [plan] = await db
        .insert(paymentPlans)
        .values({
          applicationId: application!.id,
          planType: "installments",
          totalAmount: "1.00",
          remainingAmount: "1.00",
          status,
        })
        .returning();
      const made = await db
        .insert(payments)
        .values(
          rows.map((r) => ({
            applicationId: application!.id,
            paymentPlanId: plan!.id,
            type: r.type,
            amount: r.amount,
            status: r.status,
            dueDate: r.due,
          })),
        )
        .returning();
      const remind = (r: Partial<NewPaymentReminder>): NewPaymentReminder => ({
        applicationId: application!.id,
        paymentPlanId: plan!.id,
        reminderType: "balance_due",
        status: "pending",
        ...r,
      });
      return { plan: plan!, payments: made, remind };
    };

    // Deposit paid, balance to come (a type the product does not write).
    const balance = await planWith("active", [
      { type: "deposit", amount: "500.00", status: "completed", due: addDays(today, -90) },
      { type: "balance", amount: "1497.00", status: "pending", due: addDays(today, 60) },
    ]);
    // Instalments: one paid, one declined and past due, one to come.
    const instalments = await planWith("active", [
      { type: "installment", amount: "499.00", status: "completed", due: addDays(today, -40) },
      { type: "installment", amount: "499.00", status: "failed", due: addDays(today, -10) },
      { type: "installment", amount: "499.00", status: "pending", due: addDays(today, 20) },
    ]);
    // The deposit failed and the plan was cancelled.
    const cancelled = await planWith("cancelled", [
      { type: "deposit", amount: "500.00", status: "failed", due: addDays(today, -30) },
    ]);
    // Still pending, but past due.
    const lapsed = await planWith("active", [
      { type: "balance", amount: "800.00", status: "pending", due: addDays(today, -5) },
    ]);
    const rows = await db
      .insert(paymentReminders)
      .values([
        balance.remind({ dueDate: addDays(today, 60), amount: "1497.00", daysBefore: 45, status: "sent" }),
        balance.remind({ dueDate: addDays(today, 60), amount: "1497.00", daysBefore: 14 }),
        // The same reminder twice: one can take the link, the other is cancelled.
        balance.remind({ dueDate: addDays(today, 60), amount: "1497.00", daysBefore: 14 }),
        instalments.remind({ reminderType: "overdue", dueDate: addDays(today, -10), daysBefore: 0, status: "overdue" }),
        instalments.remind({ reminderType: "installment_due", dueDate: addDays(today, 20), daysBefore: 7 }),
        cancelled.remind({
          reminderType: "deposit_due",
          dueDate: addDays(today, -30),
          daysBefore: 3,
          status: "failed",
        }),
        // No payment falls due that day.
        balance.remind({ dueDate: addDays(today, 61), daysBefore: 7 }),
        lapsed.remind({ dueDate: addDays(today, -5), daysBefore: 7 }),
      ])
      .returning();
    expect((await findStuckReminders(db)).length).toBeGreaterThan(0);

    await database.migrate();

    const after = new Map((await db.select().from(paymentReminders)).map((r) => [r.id, r]));
    const view = (i: number) => {
      const r = after.get(rows[i]!.id)!;
      return [r.paymentId, r.reminderType, r.status, r.metadata.cancelledBecause ?? null];
    };
    const [, balanceDue] = balance.payments;
    const [, declined, upcoming] = instalments.payments;
    expect(view(0)).toEqual([balanceDue!.id, "upcoming", "sent", null]);
    expect([view(1), view(2)]).toEqual(
      expect.arrayContaining([
        [balanceDue!.id, "upcoming", "pending", null],
        [null, "balance_due", "cancelled", "unlinked"],
      ]),
    );
    expect(view(3)).toEqual([declined!.id, "overdue", "overdue", null]);
    expect(view(4)).toEqual([upcoming!.id, "upcoming", "pending", null]);
    expect(view(5)).toEqual([cancelled.payments[0]!.id, "upcoming", "cancelled", "plan_closed"]);
    expect(view(6)).toEqual([null, "balance_due", "cancelled", "unlinked"]);
    expect(view(7)).toEqual([lapsed.payments[0]!.id, "upcoming", "overdue", null]);
    // Every reminder still waiting or retryable can be sent.
    expect(await findStuckReminders(db)).toEqual([]);
  });
});
