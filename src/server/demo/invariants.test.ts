import { and, eq, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessTimeZone } from "../../shared/constants";
import { addDays, todayIn } from "../../shared/finance/dates";
import { campaignInputSchema } from "../../shared/schemas/email-campaigns";
import { testConfig } from "../config";
import type { Database, Db } from "../db/client";
import {
  applications,
  emailCampaigns,
  emailMarketingTemplates,
  emailSends,
  emailSubscribers,
  paymentPlans,
  paymentReminders,
  payments,
  retreats,
  users,
} from "../db/schema";
import { seedBaseData } from "../db/seed";
import type { Tx } from "../db/types";
import { createFieldCipher } from "../encryption/field-encryption";
import { acceptIntoRetreat, stageWrite } from "../features/admissions/admissions.service";
import { refreshCampaignCounters } from "../features/email-campaigns/campaign-counters";
import { createCampaign } from "../features/email-campaigns/email-campaigns.service";
import { reminderMessages } from "../features/payment-reminders/reminder-rules";
import { runReminderSweep } from "../features/payment-reminders/reminder-sweep";
import { cancelActivePlan } from "../features/payments/payments.service";
import { openTestDatabase } from "../test/test-database";
import { findInvariantViolations } from "./invariants";

const system = { userId: null, ipAddress: null, userAgent: null };
const now = new Date();
const today = todayIn(businessTimeZone, now);

let database: Database;
let drop: () => Promise<void>;
let db: Db;

/** What the good database holds, for the bad cases to break. */
const ids = {
  retreat: "",
  couple: "",
  solo: "",
  withdrawn: "",
  soloPlan: "",
  couplePlan: "",
  withdrawnPlan: "",
  campaign: "",
  template: "",
};

/** An application as the public form leaves it, moved on to interview. */
async function applicant(values: Partial<typeof applications.$inferInsert> = {}) {
  const [row] = await db
    .insert(applications)
    .values({
      retreatId: ids.retreat,
      firstName: "Ada",
      lastName: "Applicant",
      email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
      stage: "interview",
      ...values,
    })
    .returning();
  return row!;
}

/** Staff accept: the stage and the place in one transaction, as the stage-move service does. */
async function accept(application: typeof applications.$inferSelect) {
  return db.transaction(async (tx) => {
    await tx.update(applications).set(stageWrite("accepted", now)).where(eq(applications.id, application.id));
    const { planId } = await acceptIntoRetreat(tx, application, system, now);
    return planId!;
  });
}

/** Builds a good database through the product's own functions. */
async function buildGoodDatabase() {
  await seedBaseData(db);
  const [retreat] = await db.select().from(retreats);
  ids.retreat = retreat!.id;
  // Far enough ahead that every instalment is months away: the sweep plans reminders, sends none.
  await db
    .update(retreats)
    .set({ capacity: 3, startDate: addDays(today, 300), endDate: addDays(today, 309) })
    .where(eq(retreats.id, ids.retreat));

  const couple = await applicant({ applicationType: "couple", partnerFirstName: "Bo", wantsVipUpgrade: true });
  const solo = await applicant();
  const withdrawn = await applicant();
  await applicant({ stage: "waitlist" });
  ids.couple = couple.id;
  ids.solo = solo.id;
  ids.withdrawn = withdrawn.id;
  ids.couplePlan = await accept(couple);
  ids.soloPlan = await accept(solo);

  // Someone accepted who then withdrew: the place is given back and the plan cancelled.
  await db.transaction(async (tx) => {
    await tx.update(retreats).set({ capacity: 4 }).where(eq(retreats.id, ids.retreat));
    await tx.update(applications).set(stageWrite("accepted", now)).where(eq(applications.id, withdrawn.id));
    ids.withdrawnPlan = (await acceptIntoRetreat(tx, withdrawn, system, now)).planId!;
    await tx.update(applications).set(stageWrite("declined", now)).where(eq(applications.id, withdrawn.id));
    await cancelActivePlan(tx, withdrawn.id, system);
    await tx.update(retreats).set({ capacity: 3 }).where(eq(retreats.id, ids.retreat));
  });

  // Reminders for every scheduled payment, as the reminder job plans them.
  const config = testConfig();
  await runReminderSweep(db, { ...config, cipher: createFieldCipher(config.dataEncryptionKey) }, now);

  // A template, a campaign started from it, and that campaign sent to one subscriber.
  const [template] = await db
    .insert(emailMarketingTemplates)
    .values({ name: "Waitlist update", subject: "News", content: "Hello {{firstName}}" })
    .returning();
  ids.template = template!.id;
  const campaign = await createCampaign(
    db,
    campaignInputSchema.parse({ name: "Update", subject: "News", content: "Hello", templateId: ids.template }),
    system,
    "hello@example.org",
  );
  ids.campaign = campaign.id;
  const [subscriber] = await db
    .insert(emailSubscribers)
    .values({ email: "sub@example.org", firstName: "Sub", segment: "waitlist", source: "waitlist_form" })
    .returning();
  await db.insert(emailSends).values({
    campaignId: ids.campaign,
    subscriberId: subscriber!.id,
    email: "sub@example.org",
    status: "sent",
    sentAt: now,
  });
  await db
    .update(emailCampaigns)
    .set({ status: "sent", startedAt: now, sentAt: now })
    .where(eq(emailCampaigns.id, ids.campaign));
  await refreshCampaignCounters(db, ids.campaign);

  await db.insert(users).values({ email: "olive@example.org", firstName: "Olive", role: "owner" });
}

/** The violations found after `change`, which is rolled back afterwards. */
async function violationsAfter(change: (tx: Tx) => Promise<unknown>): Promise<string[]> {
  let found: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await change(tx);
      found = await findInvariantViolations(tx, { now });
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return found;
}

const pendingReminderOf = async (tx: Tx, planId: string) => {
  const [row] = await tx
    .select({ reminder: paymentReminders, payment: payments })
    .from(paymentReminders)
    .innerJoin(payments, eq(payments.id, paymentReminders.paymentId))
    .where(and(eq(paymentReminders.paymentPlanId, planId), eq(paymentReminders.status, "pending")))
    .limit(1);
  return row!;
};

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = database.db;
  await buildGoodDatabase();
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe("findInvariantViolations", () => {
  it("finds nothing wrong in a database the product's own functions wrote", async () => {
    // The good database has what the rules are about: places, plans, reminders, a sent campaign.
    expect((await db.select().from(paymentReminders)).filter((r) => r.status === "pending").length).toBeGreaterThan(0);
    const [plan] = await db.select().from(paymentPlans).where(eq(paymentPlans.id, ids.couplePlan));
    expect(plan!.planType).toBe("couple+vip");
    expect(await findInvariantViolations(db, { now })).toEqual([]);
  });

  it("places held beyond capacity, a couple counting two", async () => {
    // One couple and one solo hold 3 places: within 3, not within 2.
    const found = await violationsAfter((tx) =>
      tx.update(retreats).set({ capacity: 2 }).where(eq(retreats.id, ids.retreat)),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(ids.retreat);
    expect(found[0]).toMatch(/3 places held, more than its capacity of 2/);
    expect(found[0]).toContain(ids.couple);
  });

  it("an accepted application without a plan, and one whose only plan is cancelled", async () => {
    const found = await violationsAfter(async (tx) => {
      const [lone] = await tx
        .insert(applications)
        .values({ retreatId: null, firstName: "No", lastName: "Plan", email: "no.plan@example.com", stage: "payment" })
        .returning();
      await tx.update(paymentPlans).set({ status: "cancelled" }).where(eq(paymentPlans.id, ids.soloPlan));
      return lone;
    });
    const line = found.find((l) => l.includes("without a live payment plan"));
    expect(line).toBeDefined();
    expect(line).toContain(`${ids.solo} (accepted)`);
    expect(line).toMatch(/^2 applications/);
  });

  it("an active plan of an application that holds no place", async () => {
    const found = await violationsAfter((tx) =>
      tx.update(paymentPlans).set({ status: "active" }).where(eq(paymentPlans.id, ids.withdrawnPlan)),
    );
    expect(found).toEqual([
      `1 active payment plan of applications holding no place (leaving a place cancels the plan): plan ${ids.withdrawnPlan} (application ${ids.withdrawn}, declined).`,
    ]);
  });

  it("plan types the product does not make", async () => {
    const found = await violationsAfter((tx) =>
      tx.update(paymentPlans).set({ planType: "deposit_and_balance" }).where(eq(paymentPlans.id, ids.soloPlan)),
    );
    expect(found).toEqual([
      `Payment plan type "deposit_and_balance" is not one the product makes (a booking type's name, then "+" and an add-on's name): plans ${ids.soloPlan}.`,
    ]);
    // An add-on is no rate, and a rate no add-on.
    const swapped = await violationsAfter((tx) =>
      tx.update(paymentPlans).set({ planType: "vip+couple" }).where(eq(paymentPlans.id, ids.couplePlan)),
    );
    expect(swapped).toHaveLength(1);
  });

  it("payment types and statuses outside the product's lists", async () => {
    const found = await violationsAfter(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.paymentPlanId, ids.soloPlan)).limit(1);
      await tx.update(payments).set({ type: "full" }).where(eq(payments.id, payment!.id));
      return payment;
    });
    expect(found.some((l) => l.startsWith('Unknown payment type "full"'))).toBe(true);
  });

  it("reminders offered for sending that cannot be sent", async () => {
    const refused = (id: string, reason: string) =>
      `Payment reminder ${id} is offered for sending but cannot be sent: ${reason}`;
    // Not linked to any payment (the old demo data).
    let reminderId = "";
    let found = await violationsAfter(async (tx) => {
      const [row] = await tx
        .insert(paymentReminders)
        .values({ applicationId: ids.solo, reminderType: "upcoming", status: "pending", dueDate: addDays(today, 5) })
        .returning();
      reminderId = row!.id;
    });
    expect(found).toEqual([refused(reminderId, reminderMessages.noPayment)]);

    // Its plan was cancelled (the reminder stayed pending).
    found = await violationsAfter(async (tx) => {
      const { reminder } = await pendingReminderOf(tx, ids.soloPlan);
      reminderId = reminder.id;
      await tx.update(paymentPlans).set({ status: "cancelled" }).where(eq(paymentPlans.id, ids.soloPlan));
    });
    expect(found).toContain(refused(reminderId, reminderMessages.planClosed("cancelled")));

    // Its payment was paid; a failed reminder is offered a Send too.
    found = await violationsAfter(async (tx) => {
      const { reminder, payment } = await pendingReminderOf(tx, ids.soloPlan);
      reminderId = reminder.id;
      await tx.update(paymentReminders).set({ status: "failed" }).where(eq(paymentReminders.id, reminder.id));
      await tx.update(payments).set({ status: "completed", paidAt: now }).where(eq(payments.id, payment.id));
    });
    expect(found).toContain(refused(reminderId, reminderMessages.notDue));

    // An upcoming reminder for a payment already past its due date.
    const yesterday = addDays(today, -1);
    let reminderIds: string[] = [];
    found = await violationsAfter(async (tx) => {
      const { payment } = await pendingReminderOf(tx, ids.couplePlan);
      await tx.update(payments).set({ dueDate: yesterday }).where(eq(payments.id, payment.id));
      const moved = await tx
        .update(paymentReminders)
        .set({ dueDate: yesterday })
        .where(eq(paymentReminders.paymentId, payment.id))
        .returning({ id: paymentReminders.id });
      reminderIds = moved.map((r) => r.id);
    });
    expect(reminderIds.length).toBeGreaterThan(0);
    expect(found).toHaveLength(reminderIds.length);
    for (const id of reminderIds) expect(found).toContain(refused(id, reminderMessages.overdue));

    // An overdue notice for a payment not yet due.
    found = await violationsAfter(async (tx) => {
      const { reminder } = await pendingReminderOf(tx, ids.couplePlan);
      reminderId = reminder.id;
      await tx
        .update(paymentReminders)
        .set({ reminderType: "overdue", daysBefore: -1 })
        .where(eq(paymentReminders.id, reminder.id));
    });
    expect(found).toEqual([refused(reminderId, reminderMessages.notOverdue)]);

    // Showing another date than its payment's.
    found = await violationsAfter(async (tx) => {
      const { reminder } = await pendingReminderOf(tx, ids.couplePlan);
      reminderId = reminder.id;
      await tx
        .update(paymentReminders)
        .set({ dueDate: addDays(today, 400) })
        .where(eq(paymentReminders.id, reminder.id));
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(reminderId);
    expect(found[0]).toContain(`due ${addDays(today, 400)} but its payment is`);
  });

  it("a campaign sent to no one, and stored counters that disagree with the sends", async () => {
    let emptyId = "";
    let found = await violationsAfter(async (tx) => {
      const [row] = await tx
        .insert(emailCampaigns)
        .values({ name: "Ghost", subject: "Boo", status: "sent", sentAt: now })
        .returning();
      emptyId = row!.id;
    });
    expect(found).toEqual([`Campaign "Ghost" (${emptyId}) is sent but went to no one (it has no email_sends rows).`]);

    found = await violationsAfter((tx) =>
      tx.update(emailCampaigns).set({ totalRecipients: 5, delivered: 5 }).where(eq(emailCampaigns.id, ids.campaign)),
    );
    expect(found).toEqual([
      `Campaign "Update" (${ids.campaign}) stores totalRecipients 5, delivered 5 but its email_sends rows give totalRecipients 1, delivered 1.`,
    ]);
  });

  it("a template used by more campaigns than started from it", async () => {
    const found = await violationsAfter((tx) =>
      tx.update(emailMarketingTemplates).set({ usageCount: 4 }).where(eq(emailMarketingTemplates.id, ids.template)),
    );
    expect(found).toEqual([
      `Marketing template "Waitlist update" (${ids.template}) says it is used by 4 campaigns, but 1 campaign started from it.`,
    ]);
  });

  it("users without a first name", async () => {
    const created: string[] = [];
    const found = await violationsAfter(async (tx) => {
      for (const [email, firstName] of [
        ["blank@example.org", "  "],
        ["none@example.org", null],
      ] as const) {
        const [row] = await tx.insert(users).values({ email, firstName }).returning();
        created.push(row!.id);
      }
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^2 users without a first name: /);
    for (const id of created) expect(found[0]).toContain(id);
  });
});
