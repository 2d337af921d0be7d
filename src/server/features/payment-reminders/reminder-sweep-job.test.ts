/**
 * Reminders appear as soon as a plan or payment changes, not at the next periodic sweep: the
 * route asks for a payments.reminder-sweep job after commit and the worker runs it. The periodic
 * sweep runs at worker start and then every five minutes, so everything these tests wait for
 * (seconds) can only come from the requested sweep.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { type Database, openDatabase } from "../../db/client";
import { type PaymentReminder, paymentReminders } from "../../db/schema";
import { applicant, insertPlan, retreatWithRates } from "../../test/builders";
import { activePlanOf, paymentsOfPlan } from "../../test/fixtures/payments";
import { createTestDatabaseUrl } from "../../test/test-database";
import { signedInAs } from "../../test/test-sessions";
import { waitFor } from "../../test/wait-for";
import { reminderSendAt } from "./reminder-schedule";

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let staff: string;
let sentinelPaymentId: string;
let accepting: { id: string };

const today = todayIn("Europe/London");
/** Far enough ahead that both instalments (6 and 3 months before) have reminders still to come. */
const retreatStart = addDays(today, 240);

beforeAll(async () => {
  let databaseUrl: string | undefined;
  ({ databaseUrl, drop } = await createTestDatabaseUrl());
  database = await openDatabase({ databaseUrl, dataDir: "memory://" });

  // Before the worker starts: a plan its start-up sweep will plan reminders for (the sentinel
  // that tells the test that sweep has read the payments), and an application to accept later.
  const setup = await buildApp(testConfig({ databaseUrl }), { database });
  const { retreat } = await retreatWithRates(setup, { startDate: retreatStart, capacity: 10 });
  const sentinel = await applicant(setup, retreat.id, { stage: "accepted" });
  const { payments } = await insertPlan(setup, {
    applicationId: sentinel.id,
    rows: [{ amount: "500.00", dueDate: addDays(today, 30) }],
    createdAt: new Date(),
  });
  sentinelPaymentId = payments[0]!.id;
  accepting = await applicant(setup, retreat.id, { stage: "interview", firstName: "Ada" });
  await setup.close();

  app = await buildApp(testConfig({ databaseUrl, runWorker: true }), { database });
  staff = (await signedInAs(app, "staff")).cookie;
  // The start-up sweep reads every due payment before it writes any reminder: once the
  // sentinel's exist, a plan committed from now on is not something that sweep can see.
  await waitFor(async () => (await remindersOfPayments([sentinelPaymentId])).length > 0, "the start-up sweep");
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
});

async function remindersOfPayments(paymentIds: string[]): Promise<PaymentReminder[]> {
  return app.db.select().from(paymentReminders).where(inArray(paymentReminders.paymentId, paymentIds));
}

function call(method: "POST" | "PATCH", url: string, payload: object) {
  return app.inject({ method, url, headers: { cookie: staff }, payload });
}

const shape = (rows: PaymentReminder[]) =>
  rows
    .map((r) => [r.paymentId, r.reminderType, r.daysBefore, r.scheduledFor?.toISOString(), r.status])
    .sort((a, b) => String(a[3]).localeCompare(String(b[3])));

describe("payments.reminder-sweep", () => {
  it("plans an accepted applicant's reminders right after the acceptance, without waiting for the interval", async () => {
    const res = await call("POST", `/api/admin/applications/${accepting.id}/escalate/accepted`, { notify: false });
    expect(res.statusCode, res.body).toBe(200);
    const plan = await activePlanOf(app, accepting.id);
    expect(plan).toBeDefined();
    const [deposit, ...instalments] = await paymentsOfPlan(app, plan!.id);
    expect(instalments).toHaveLength(2);

    const expected = instalments.flatMap((p) =>
      [7, 1].map((days) => [p.id, "upcoming", days, reminderSendAt(p.dueDate!, days).toISOString(), "pending"]),
    );
    const planned = await waitFor(async () => {
      const rows = await remindersOfPayments(instalments.map((p) => p.id));
      return rows.length === expected.length ? rows : null;
    }, "the accepted applicant's reminders");
    expect(shape(planned)).toEqual(expected.sort((a, b) => String(a[3]).localeCompare(String(b[3]))));
    for (const r of planned) expect(r.applicationId).toBe(accepting.id);
    // The deposit falls due on the acceptance day: nothing to remind about in advance.
    expect(await remindersOfPayments([deposit!.id])).toEqual([]);
  });

  it("cancels the reminders of an instalment a manual payment covers, right after it is recorded", async () => {
    const plan = await activePlanOf(app, accepting.id);
    const [deposit, first, second] = await paymentsOfPlan(app, plan!.id);
    const covered = (Number(deposit!.amount) + Number(first!.amount)).toFixed(2);
    const res = await call("POST", "/api/admin/payments", {
      paymentPlanId: plan!.id,
      amount: covered,
      paymentMethod: "cash",
    });
    expect(res.statusCode, res.body).toBe(201);

    // Cancelled in the payment's own transaction: kept, with the reason, and never offered for sending.
    const gone = await remindersOfPayments([first!.id]);
    expect(gone.map((r) => [r.status, r.metadata.cancelledBecause])).toEqual([
      ["cancelled", "payment_settled"],
      ["cancelled", "payment_settled"],
    ]);
    const left = await app.db
      .select()
      .from(paymentReminders)
      .where(and(eq(paymentReminders.applicationId, accepting.id), eq(paymentReminders.status, "pending")));
    expect(left.map((r) => r.paymentId)).toEqual([second!.id, second!.id]);
  });
});
