import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import type { PaymentReminder } from "../../../shared/schemas/payment-reminders";
import {
  auditLogs,
  emailLogs,
  emailSubscribers,
  emailTemplates,
  paymentReminders,
  payments,
  receipts,
  settings,
} from "../../db/schema";
import { applicantWithPlan, type PlannedRow } from "../../test/builders";
import { hiddenLinkAt } from "../../test/hidden-link-at";
import { sendOutboxRow } from "../../test/sent-mail";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { cancelActivePlan, completePayment, completePlan } from "../payments/payments.service";
import { payLinkToken } from "../stripe/pay-link";
import { findStuckReminders, reminderMessages } from "./reminder-rules";
import { runReminderSweep } from "./reminder-sweep";

let app: FastifyInstance;
let staff: string;

const at = (iso: string) => new Date(iso);
const created = at("2026-03-01T10:00:00Z");

withTestApp(async (built) => {
  app = built;
  staff = (await signedInAs(app, "staff")).cookie;
});
beforeEach(async () => {
  // Each test walks its own calendar: start from no reminders and no mail.
  await app.db.delete(paymentReminders);
  await app.db.delete(emailLogs);
  // A completed payment's receipt keeps its payment (restrict): it goes first.
  await app.db.delete(receipts);
  await app.db.delete(payments);
  await app.db.delete(settings);
});

/** An applicant whose deposit (500.00, due 2026-03-01) is paid, with the given instalment to come; created at `created`. */
const depositPaidThen = (instalment: PlannedRow, options: { email?: string; firstName?: string } = {}) =>
  applicantWithPlan(app, [{ amount: "500.00", dueDate: "2026-03-01", paid: true }, instalment], {
    createdAt: created,
    ...options,
  });

const sweep = (iso: string, config = app.config) =>
  runReminderSweep(app.db, { ...config, cipher: app.fieldCipher }, at(iso));

async function remindersOf(paymentId: string) {
  const rows = await app.db.select().from(paymentReminders).where(eq(paymentReminders.paymentId, paymentId));
  return rows.sort((a, b) => (b.daysBefore ?? 0) - (a.daysBefore ?? 0));
}

async function reminderMail() {
  return app.db.select().from(emailLogs).where(eq(emailLogs.kind, "payment_reminder"));
}

describe("reminder job timing", () => {
  it("plans 7- and 1-day reminders at 09:00 London, sends each once when due, then one overdue notice", async () => {
    const {
      payments: [, instalment],
    } = await applicantWithPlan(
      app,
      [
        { amount: "1000.00", dueDate: "2026-03-01", paid: true },
        { amount: "748.50", dueDate: "2026-03-20" },
      ],
      { createdAt: created, email: "ada@example.com" },
    );

    const first = await sweep("2026-03-01T10:05:00Z");
    expect(first.sent).toBe(0);
    const planned = await remindersOf(instalment!.id);
    expect(planned.map((r) => [r.reminderType, r.daysBefore, r.scheduledFor?.toISOString(), r.status])).toEqual([
      ["upcoming", 7, "2026-03-13T09:00:00.000Z", "pending"],
      ["upcoming", 1, "2026-03-19T09:00:00.000Z", "pending"],
    ]);
    expect(planned[0]).toMatchObject({ amount: "748.50", dueDate: "2026-03-20", currency: "GBP" });

    expect((await sweep("2026-03-13T08:59:00Z")).sent).toBe(0);
    expect((await sweep("2026-03-13T09:00:00Z")).sent).toBe(1);
    expect((await sweep("2026-03-13T09:05:00Z")).sent).toBe(0);
    let rows = await remindersOf(instalment!.id);
    expect(rows[0]).toMatchObject({ status: "sent", sentAt: at("2026-03-13T09:00:00Z") });
    expect(rows[1]!.status).toBe("pending");
    const [mail] = await reminderMail();
    expect(mail).toMatchObject({ recipientEmail: "ada@example.com", status: "queued" });
    expect(mail!.subject).toBe("Payment reminder: £748.50 due on 20 March 2026");
    expect(mail!.textBody).toContain("Payment: Instalment 1 of 1");
    expect(mail!.textBody).toContain("Please pay by bank transfer as agreed.");
    expect(rows[0]!.metadata).toEqual({ emailLogId: mail!.id });

    expect((await sweep("2026-03-19T09:00:00Z")).sent).toBe(1);
    // On the due date nothing is overdue yet; just after midnight London it is.
    expect((await sweep("2026-03-20T23:00:00Z")).created).toBe(0);
    const overdue = await sweep("2026-03-21T00:30:00Z");
    expect(overdue).toMatchObject({ created: 1, sent: 0 });
    rows = await remindersOf(instalment!.id);
    expect(rows.map((r) => [r.reminderType, r.status])).toEqual([
      ["upcoming", "sent"],
      ["upcoming", "sent"],
      ["overdue", "pending"],
    ]);
    expect(rows[2]!.scheduledFor).toEqual(at("2026-03-21T09:00:00Z"));

    expect((await sweep("2026-03-21T09:00:00Z")).sent).toBe(1);
    expect((await sweep("2026-03-22T09:00:00Z")).sent).toBe(0);
    expect((await sweep("2026-04-30T09:00:00Z")).sent).toBe(0);
    const mails = await reminderMail();
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.textBody).find((text) => text?.includes("(now overdue)"))).toBeTruthy();
  });

  it("plans no reminder whose moment passed before the payment existed (a deposit due on acceptance)", async () => {
    const {
      payments: [deposit, instalment],
    } = await applicantWithPlan(
      app,
      [
        { amount: "500.00", dueDate: "2026-03-01" },
        { amount: "500.00", dueDate: "2026-03-06" },
      ],
      { createdAt: created },
    );
    await sweep("2026-03-01T10:05:00Z");
    expect(await remindersOf(deposit!.id)).toEqual([]);
    expect((await remindersOf(instalment!.id)).map((r) => r.daysBefore)).toEqual([1]);
  });

  it("marks unsent reminders overdue when the due date passes, and a late worker sends only the latest", async () => {
    const {
      payments: [, instalment],
    } = await depositPaidThen({ amount: "900.00", dueDate: "2026-04-10" });
    await sweep("2026-03-01T10:05:00Z");
    // Down for a week: both reminders are due at once; one email, the 1-day one. The 7-day one
    // will never go out: it is cancelled as overtaken, not left "pending" on a date long past.
    const late = await sweep("2026-04-09T12:00:00Z");
    expect(late).toMatchObject({ sent: 1, cancelled: 1 });
    let rows = await remindersOf(instalment!.id);
    expect(rows.map((r) => [r.daysBefore, r.status, r.metadata.cancelledBecause])).toEqual([
      [7, "cancelled", "overtaken"],
      [1, "sent", undefined],
    ]);
    // Past due: the overdue notice (already due at 10:00) goes out.
    const past = await sweep("2026-04-11T10:00:00Z");
    expect(past).toMatchObject({ created: 1, sent: 1 });
    rows = await remindersOf(instalment!.id);
    expect(rows.map((r) => [r.reminderType, r.daysBefore, r.status])).toEqual([
      ["upcoming", 7, "cancelled"],
      ["upcoming", 1, "sent"],
      ["overdue", -1, "sent"],
    ]);
    expect(await reminderMail()).toHaveLength(2);
  });

  it("marks a reminder still waiting when the due date passes as overdue: the notice goes instead", async () => {
    await app.db.insert(settings).values({ key: "paymentReminderDaysBefore", value: "3", type: "string" });
    const {
      payments: [, instalment],
    } = await depositPaidThen({ amount: "900.00", dueDate: "2026-04-10" });
    await sweep("2026-03-01T10:05:00Z");
    // Down from before the 3-day reminder until after the due date.
    const past = await sweep("2026-04-11T10:00:00Z");
    expect(past).toMatchObject({ created: 1, markedOverdue: 1, sent: 1 });
    expect((await remindersOf(instalment!.id)).map((r) => [r.reminderType, r.status])).toEqual([
      ["upcoming", "overdue"],
      ["overdue", "sent"],
    ]);
  });

  it("reminds about nothing paid or cancelled, and cancels the unsent reminders of a payment once paid", async () => {
    const paid = await depositPaidThen({ amount: "700.00", dueDate: "2026-05-01" });
    const cancelled = await applicantWithPlan(
      app,
      [
        { amount: "500.00", dueDate: "2026-03-01" },
        { amount: "700.00", dueDate: "2026-05-01" },
      ],
      { createdAt: created, planStatus: "cancelled" },
    );
    await sweep("2026-03-01T10:05:00Z");
    const instalment = paid.payments[1]!;
    expect(await remindersOf(instalment.id)).toHaveLength(2);
    expect(await remindersOf(cancelled.payments[1]!.id)).toEqual([]);

    await app.db.transaction((tx) => completePayment(tx, instalment.id, { paymentMethod: "bank_transfer" }, null));
    // Cancelled with the payment, in the same transaction (kept, with the reason, as the record).
    const settled = async () => (await remindersOf(instalment.id)).map((r) => [r.status, r.metadata.cancelledBecause]);
    expect(await settled()).toEqual([
      ["cancelled", "payment_settled"],
      ["cancelled", "payment_settled"],
    ]);
    await sweep("2026-04-24T09:00:00Z");
    await sweep("2026-05-02T09:00:00Z");
    expect((await remindersOf(instalment.id)).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    // The cancelled plan's unpaid deposit is never chased either.
    expect(await reminderMail()).toEqual([]);
  });

  it("takes its lead times from the settings row, and follows a pending reminder's payment when staff change it", async () => {
    await app.db.insert(settings).values({ key: "paymentReminderDaysBefore", value: "3", type: "string" });
    const {
      payments: [, instalment],
    } = await depositPaidThen({ amount: "700.00", dueDate: "2026-05-01" });
    await sweep("2026-03-01T10:05:00Z");
    expect((await remindersOf(instalment!.id)).map((r) => [r.daysBefore, r.scheduledFor?.toISOString()])).toEqual([
      [3, "2026-04-28T08:00:00.000Z"],
    ]);
    await app.db
      .update(payments)
      .set({ dueDate: "2026-05-08", amount: "650.00" })
      .where(eq(payments.id, instalment!.id));
    await sweep("2026-03-02T10:05:00Z");
    expect(await remindersOf(instalment!.id)).toMatchObject([
      { daysBefore: 3, dueDate: "2026-05-08", amount: "650.00", scheduledFor: at("2026-05-05T08:00:00Z") },
    ]);
  });

  it("carries the pay link when Stripe is on", async () => {
    const { application } = await depositPaidThen({ amount: "700.00", dueDate: "2026-03-05" });
    const stripeOn = { ...app.config, stripe: { secretKey: "sk_test_x", webhookSecret: "whsec_x" } };
    await sweep("2026-03-01T10:05:00Z", stripeOn);
    expect((await sweep("2026-03-04T09:00:00Z", stripeOn)).sent).toBe(1);
    const [mail] = await reminderMail();
    const token = payLinkToken(app.config.sessionSecret, application.id);
    // The outbox shows where the link went; only the message handed to SMTP carries it.
    expect(mail!.textBody).toMatch(hiddenLinkAt(`Pay now: ${app.config.publicUrl}/api/pay/`));
    expect(`${mail!.body} ${mail!.textBody}`).not.toContain(token);
    expect(mail!.textBody).not.toContain("bank transfer");
    const sent = await sendOutboxRow(app, mail!.id);
    expect(sent.text).toContain(`Pay now: ${app.config.publicUrl}/api/pay/${token}`);
  });

  it("never sends one reminder twice when two workers sweep at once", async () => {
    const instalments: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { payments: rows } = await depositPaidThen({ amount: "700.00", dueDate: "2026-03-05" });
      instalments.push(rows[1]!.id);
    }
    const now = "2026-03-04T09:01:00Z";
    const results = await Promise.all([sweep(now), sweep(now), sweep(now)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6);
    const rows = await app.db.select().from(paymentReminders).where(inArray(paymentReminders.paymentId, instalments));
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    expect(await reminderMail()).toHaveLength(6);
    expect((await Promise.all([sweep(now), sweep(now)])).reduce((n, r) => n + r.sent, 0)).toBe(0);
  });

  it("marks a reminder failed when the email is switched off or the person opted out of application emails", async () => {
    const optedOut = await depositPaidThen({ amount: "700.00", dueDate: "2026-03-05" }, { email: "quiet@example.com" });
    await app.db.insert(emailSubscribers).values({ email: "Quiet@example.com", applicationEmails: false });
    await sweep("2026-03-01T10:05:00Z");
    const result = await sweep("2026-03-04T09:00:00Z");
    expect(result).toMatchObject({ sent: 0, failed: 1 });
    const [row] = await remindersOf(optedOut.payments[1]!.id);
    expect(row).toMatchObject({ status: "failed", sentAt: null });
    expect(row!.metadata.error).toMatch(/switched off application and retreat emails/);
    // Failed is final for the job: it is not retried every five minutes.
    expect((await sweep("2026-03-04T09:10:00Z")).failed).toBe(0);
    expect(await reminderMail()).toEqual([]);
  });
});

describe("GET /api/admin/payment-reminders", () => {
  it("lists reminders with the applicant's name, amount, due date and status, filtered by status", async () => {
    const {
      payments: [, instalment],
    } = await depositPaidThen(
      { amount: "748.50", dueDate: "2026-03-20", description: "Instalment 1 of 2" },
      { firstName: "Grace" },
    );
    await sweep("2026-03-01T10:05:00Z");
    await sweep("2026-03-13T09:00:00Z");

    const res = await app.inject({ method: "GET", url: "/api/admin/payment-reminders", headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toMatchObject({ all: 2, pending: 1, sent: 1, failed: 0, overdue: 0 });
    expect(body.items).toEqual([
      expect.objectContaining({
        applicationName: "Grace Lovelace",
        paymentId: instalment!.id,
        paymentDescription: "Instalment 1 of 2",
        reminderType: "upcoming",
        amount: "748.50",
        currency: "GBP",
        dueDate: "2026-03-20",
        daysBefore: 7,
        status: "sent",
        sentAt: "2026-03-13T09:00:00.000Z",
      }),
      expect.objectContaining({ daysBefore: 1, status: "pending", scheduledFor: "2026-03-19T09:00:00.000Z" }),
    ]);

    const pending = await app.inject({
      method: "GET",
      url: "/api/admin/payment-reminders?status=pending",
      headers: { cookie: staff },
    });
    expect(pending.json().items.map((r: { daysBefore: number }) => r.daysBefore)).toEqual([1]);
    const bad = await app.inject({
      method: "GET",
      url: "/api/admin/payment-reminders?status=lost",
      headers: { cookie: staff },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Unknown status");
  });

  it("lists and counts one season's reminders with ?retreatId= (the season switcher's season)", async () => {
    const grace = await depositPaidThen({ amount: "748.50", dueDate: "2026-03-20" }, { firstName: "Grace" });
    await depositPaidThen({ amount: "600.00", dueDate: "2026-03-21" }, { firstName: "Alan" });
    await sweep("2026-03-01T10:05:00Z");
    await sweep("2026-03-13T09:00:00Z");
    const list = (query: string) =>
      app.inject({ method: "GET", url: `/api/admin/payment-reminders?${query}`, headers: { cookie: staff } });

    const res = await list(`retreatId=${grace.retreat.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(new Set(body.items.map((r: PaymentReminder) => r.applicationName))).toEqual(new Set(["Grace Lovelace"]));
    expect(body.counts).toMatchObject({ all: 2, pending: 1, sent: 1 });
    const pending = (await list(`retreatId=${grace.retreat.id}&status=pending`)).json();
    expect(pending.items.map((r: PaymentReminder) => [r.applicationName, r.daysBefore])).toEqual([
      ["Grace Lovelace", 1],
    ]);
    expect((await list("")).json().counts.all).toBe(4);
    expect((await list(`retreatId=${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await list("retreatId=nope")).statusCode).toBe(400);
  });

  it("is for owner and staff only", async () => {
    for (const role of ["guest", "vendor"] as const) {
      const { cookie } = await signedInAs(app, role);
      const res = await app.inject({ method: "GET", url: "/api/admin/payment-reminders", headers: { cookie } });
      expect(res.statusCode).toBe(403);
    }
    expect((await app.inject({ method: "GET", url: "/api/admin/payment-reminders" })).statusCode).toBe(401);
    const owner = (await signedInAs(app, "owner")).cookie;
    const res = await app.inject({ method: "GET", url: "/api/admin/payment-reminders", headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
  });
});

describe("POST /api/admin/payment-reminders/{id}/send", () => {
  const send = (id: string, cookie = staff) =>
    app.inject({ method: "POST", url: `/api/admin/payment-reminders/${id}/send`, headers: { cookie } });

  async function plannedReminders() {
    const plan = await depositPaidThen({ amount: "748.50", dueDate: "2099-03-20" }, { email: "send@example.com" });
    await sweep("2026-03-01T10:05:00Z");
    return remindersOf(plan.payments[1]!.id);
  }

  it("sends a pending reminder now, once, with an audit entry; a second send is refused with 409", async () => {
    const [week] = await plannedReminders();
    const res = await send(week!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: week!.id, status: "sent", amount: "748.50" });
    expect(res.json().sentAt).toBeTruthy();
    const mail = await reminderMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipientEmail).toBe("send@example.com");
    const [entry] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "payment_reminder"), eq(auditLogs.entityId, week!.id)));
    expect(entry).toMatchObject({
      action: "send",
      oldValues: { status: "pending" },
      newValues: { status: "sent", emailLogId: mail[0]!.id },
    });

    const again = await send(week!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This reminder has already been sent.");
    expect(await reminderMail()).toHaveLength(1);
    // The job does not send it again when its time comes.
    expect((await sweep("2099-03-13T09:00:00Z")).sent).toBe(0);
  });

  it("marks the reminder failed (409) while the template is off, and sends it once it is back on", async () => {
    const [week] = await plannedReminders();
    await app.db.update(emailTemplates).set({ isActive: false }).where(eq(emailTemplates.name, "payment_reminder"));
    try {
      const res = await send(week!.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/switched off in Email templates/);
      expect((await remindersOf(week!.paymentId!))[0]!.status).toBe("failed");
    } finally {
      await app.db.update(emailTemplates).set({ isActive: true }).where(eq(emailTemplates.name, "payment_reminder"));
    }
    const retry = await send(week!.id);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().status).toBe("sent");
    expect((await remindersOf(week!.paymentId!))[0]!.metadata).not.toHaveProperty("error");
  });

  it("refuses overdue reminders and paid payments with 409, unknown ids with 404, bad ids with 400", async () => {
    const [week, day] = await plannedReminders();
    await app.db.update(paymentReminders).set({ status: "overdue" }).where(eq(paymentReminders.id, week!.id));
    expect((await send(week!.id)).statusCode).toBe(409);

    await app.db.transaction((tx) => completePayment(tx, day!.paymentId!, { paymentMethod: "cash" }, null));
    const paid = await send(day!.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe("The payment is no longer due, so there is nothing to remind about.");

    const [legacy] = await app.db
      .insert(paymentReminders)
      .values({
        reminderType: "balance_due",
        status: "pending",
        amount: "10.00",
        dueDate: "2099-01-01",
        daysBefore: 14,
      })
      .returning();
    const unlinked = await send(legacy!.id);
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().message).toBe("This reminder is not linked to a scheduled payment, so it cannot be sent.");

    expect((await send("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await send("nope")).statusCode).toBe(400);
    expect(await reminderMail()).toEqual([]);
  });

  it("refuses guests and vendors", async () => {
    const [week] = await plannedReminders();
    for (const role of ["guest", "vendor"] as const) {
      const { cookie } = await signedInAs(app, role);
      expect((await send(week!.id, cookie)).statusCode).toBe(403);
    }
    expect(await reminderMail()).toEqual([]);
  });
});

describe("reminders follow their payment and plan", () => {
  // Dated from the real clock: the list and Send judge "overdue" by today.
  const now = () => new Date();
  const today = () => todayIn("Europe/London");
  const sweepNow = () => runReminderSweep(app.db, { ...app.config, cipher: app.fieldCipher }, now());
  const send = (id: string) =>
    app.inject({ method: "POST", url: `/api/admin/payment-reminders/${id}/send`, headers: { cookie: staff } });
  async function listed(): Promise<PaymentReminder[]> {
    const res = await app.inject({ method: "GET", url: "/api/admin/payment-reminders", headers: { cookie: staff } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  }
  const upcomingPlan = (email: string) =>
    applicantWithPlan(
      app,
      [
        { amount: "500.00", dueDate: today(), paid: true },
        { amount: "748.50", dueDate: addDays(today(), 40) },
        { amount: "748.50", dueDate: addDays(today(), 70) },
      ],
      { createdAt: now(), email },
    );

  it("cancels a plan's unsent reminders with it: the list offers no Send, and Send answers 409", async () => {
    const { application, payments: rows } = await upcomingPlan("cancel@example.com");
    await sweepNow();
    const mine = async () => (await listed()).filter((r) => r.applicationId === application.id);
    expect((await mine()).map((r) => [r.status, r.canSend])).toEqual(Array(4).fill(["pending", true]));
    // One failed earlier (say the template was off): staff could retry it while the plan was active.
    const [failed] = await remindersOf(rows[1]!.id);
    await app.db.update(paymentReminders).set({ status: "failed" }).where(eq(paymentReminders.id, failed!.id));

    await app.db.transaction((tx) => cancelActivePlan(tx, application.id, null));
    // At once, without waiting for a sweep.
    const after = await mine();
    expect(after.map((r) => [r.status, r.canSend, r.blockedReason])).toEqual(
      Array(4).fill(["cancelled", false, "Cancelled because the payment plan was cancelled or completed."]),
    );
    for (const r of after) {
      const res = await send(r.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(reminderMessages.planClosed("cancelled"));
    }
    expect(await reminderMail()).toEqual([]);
  });

  it("cancels the reminders of a plan paid off and completed", async () => {
    const { application, plan, payments: rows } = await upcomingPlan("complete@example.com");
    await sweepNow();
    for (const p of rows.slice(1)) {
      await app.db.transaction((tx) => completePayment(tx, p.id, { paymentMethod: "bank_transfer" }, null));
    }
    await completePlan(app.db, plan.id, { userId: null, ipAddress: null, userAgent: null });
    const mine = (await listed()).filter((r) => r.applicationId === application.id);
    expect(mine).toHaveLength(4);
    expect(mine.every((r) => r.status === "cancelled" && !r.canSend)).toBe(true);
    expect(mine[0]!.blockedReason).toBe("Cancelled because the payment was received or cancelled.");
  });

  it("offers Send exactly for the reminders Send can send, whatever older or bulk-written data holds", async () => {
    const live = await upcomingPlan("live@example.com");
    await sweepNow();
    const [weekBefore] = await remindersOf(live.payments[1]!.id);
    // Failed once; worth a retry.
    await app.db.update(paymentReminders).set({ status: "failed" }).where(eq(paymentReminders.id, weekBefore!.id));
    // Rows written straight into the table, as the old demo seeder did:
    const closed = await applicantWithPlan(app, [{ amount: "500.00", dueDate: addDays(today(), 20) }], {
      createdAt: now(),
      planStatus: "cancelled",
    });
    const soon = await applicantWithPlan(app, [{ amount: "600.00", dueDate: addDays(today(), 3) }], {
      createdAt: now(),
      email: "soon@example.com",
    });
    const lapsed = await applicantWithPlan(app, [{ amount: "700.00", dueDate: addDays(today(), -5) }], {
      createdAt: now(),
      email: "lapsed@example.com",
    });
    const scheduled = (days: number) => new Date(Date.now() + days * 86_400_000);
    const raw = (over: Partial<typeof paymentReminders.$inferInsert>) => ({
      reminderType: "upcoming",
      status: "pending",
      amount: "10.00",
      daysBefore: 7,
      scheduledFor: scheduled(-4),
      ...over,
    });
    const inserted = await app.db
      .insert(paymentReminders)
      .values([
        // Not linked to any payment ("balance_due", as the bulk seeder wrote them).
        raw({
          reminderType: "balance_due",
          dueDate: addDays(today(), -300),
          applicationId: live.application.id,
          daysBefore: 14,
        }),
        // A cancelled plan's payment.
        raw({ paymentId: closed.payments[0]!.id, applicationId: closed.application.id, daysBefore: 5 }),
        // Its time passed while the worker was down, the payment is still ahead: due now, sendable.
        raw({ paymentId: soon.payments[0]!.id, applicationId: soon.application.id, daysBefore: 7 }),
        // An upcoming reminder of a payment already past due: overtaken by the due date.
        raw({ paymentId: lapsed.payments[0]!.id, applicationId: lapsed.application.id, daysBefore: 7 }),
      ])
      .returning();
    const [unlinked, ofClosedPlan, dueNow, overtaken] = inserted;

    const stuck = await findStuckReminders(app.db, now());
    expect(stuck.map((s) => s.id).sort()).toEqual([unlinked!.id, ofClosedPlan!.id, overtaken!.id].sort());

    const items = await listed();
    const offered = items.filter((r) => r.canSend);
    expect(offered.map((r) => r.id)).toContain(dueNow!.id);
    expect(offered.map((r) => r.id)).toContain(weekBefore!.id);
    for (const id of [unlinked!.id, ofClosedPlan!.id, overtaken!.id]) {
      const item = items.find((r) => r.id === id)!;
      expect(item.canSend, id).toBe(false);
      expect(item.blockedReason).toBeTruthy();
      expect((await send(id)).statusCode).toBe(409);
    }
    // Every reminder offered can be sent.
    for (const r of offered) {
      const res = await send(r.id);
      expect(res.statusCode, `${r.id} ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ status: "sent", canSend: false });
    }

    // The sweep settles the rest: cancelled with the reason, or overdue, none stuck.
    await sweepNow();
    expect(await findStuckReminders(app.db, now())).toEqual([]);
    const byId = new Map((await app.db.select().from(paymentReminders)).map((r) => [r.id, r]));
    expect(byId.get(unlinked!.id)).toMatchObject({ status: "cancelled", metadata: { cancelledBecause: "unlinked" } });
    expect(byId.get(ofClosedPlan!.id)).toMatchObject({
      status: "cancelled",
      metadata: { cancelledBecause: "plan_closed" },
    });
    expect(byId.get(overtaken!.id)!.status).toBe("overdue");
  });

  it("sends the overdue notice for a failed instalment past its due date: it is still owed", async () => {
    const { payments: rows } = await applicantWithPlan(
      app,
      [
        { amount: "500.00", dueDate: addDays(today(), -60), paid: true },
        { amount: "748.50", dueDate: addDays(today(), -3) },
      ],
      { createdAt: new Date(Date.now() - 90 * 86_400_000), email: "declined-card@example.com" },
    );
    await app.db.update(payments).set({ status: "failed" }).where(eq(payments.id, rows[1]!.id));
    const result = await sweepNow();
    expect(result.sent).toBe(1);
    const reminders = await remindersOf(rows[1]!.id);
    expect(reminders.map((r) => [r.reminderType, r.status])).toEqual([["overdue", "sent"]]);
    const [mail] = await reminderMail();
    expect(mail!.recipientEmail).toBe("declined-card@example.com");
    expect(mail!.textBody).toContain("(now overdue)");
  });
});
