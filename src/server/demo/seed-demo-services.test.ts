import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeHoldingStages } from "../../shared/schemas/payments";
import { verifyPassword } from "../auth/password";
import { testConfig } from "../config";
import type { Database } from "../db/client";
import {
  applications,
  emailCampaigns,
  emailLogs,
  emailMarketingTemplates,
  paymentPlans,
  paymentReminders,
  retreatSessions,
  retreats,
  tasks,
  users,
  vendors,
} from "../db/schema";
import { seedBaseData } from "../db/seed";
import { createFieldCipher } from "../encryption/field-encryption";
import { placesTaken } from "../features/admissions/admissions.service";
import { countersFor } from "../features/email-campaigns/campaign-counters";
import { getGuestMe } from "../features/guests/guests.service";
import { listInterviews } from "../features/interviews/interviews.service";
import { updateRetreat } from "../features/retreats/retreats.admin.service";
import { listOwnTasks } from "../features/tasks/tasks.service";
import { vendorSchedule } from "../features/vendors/vendors.service";
import { openTestDatabase } from "../test/test-database";
import { findInvariantViolations } from "./invariants";
import { demoCastSize, demoSignIns, type ServiceSeedSummary, seedDemoThroughServices } from "./seed-demo-services";

const config = testConfig();
const cipher = createFieldCipher(config.dataEncryptionKey);
const day = 86_400_000;

let database: Database;
let drop: () => Promise<void>;
let summary: ServiceSeedSummary;
const startedAt = new Date();

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  summary = await seedDemoThroughServices(database.db, {
    config,
    cipher,
    seed: 7,
    applications: demoCastSize + 3,
    subscribers: 60,
  });
}, 180_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
});

const db = () => database.db;

describe("seedDemoThroughServices", () => {
  it("breaks none of the product's invariants", async () => {
    expect(await findInvariantViolations(db())).toEqual([]);
  });

  it("fills every part of the product", () => {
    expect(summary.skipped).toBe(false);
    const { counts } = summary;
    expect(counts.applications).toBe(demoCastSize + 3);
    for (const key of [
      "interviews",
      "paymentPlans",
      "payments",
      "paymentReminders",
      "placeOffers",
      "roomAssignments",
      "travelForms",
      "sessions",
      "vendorBookings",
      "tasks",
      "budgetItems",
      "expenses",
      "emailSubscribers",
      "marketingTemplates",
      "emailCampaigns",
    ] as const) {
      expect(counts[key], key).toBeGreaterThan(0);
    }
  });

  it("dates the retreat about five months ahead, with its programme in its own time zone", async () => {
    const [retreat] = await db().select().from(retreats).where(eq(retreats.id, summary.retreatId!));
    const start = Date.parse(`${retreat!.startDate}T00:00:00Z`);
    const daysAhead = (start - startedAt.getTime()) / day;
    expect(daysAhead).toBeGreaterThan(140);
    expect(daysAhead).toBeLessThan(160);
    expect(Date.parse(`${retreat!.endDate}T00:00:00Z`) - start).toBe(9 * day);
    expect(retreat!.timezone).toBe("Asia/Makassar");
    // Named for the year it runs in, never the year the product was first written for.
    expect(retreat!.name).toBe(`Bali Vegan Activism Retreat ${retreat!.startDate!.slice(0, 4)}`);
    // The welcome dinner is at 19:30 in Bali (UTC+8) on the first day.
    const [dinner] = await db().select().from(retreatSessions).where(eq(retreatSessions.title, "Welcome dinner"));
    expect(dinner!.startTime.toISOString()).toBe(`${retreat!.startDate}T11:30:00.000Z`);
  });

  it("puts history before today and plans after it", async () => {
    const submitted = await db().select({ at: applications.submittedAt }).from(applications);
    expect(submitted.every((row) => row.at.getTime() <= Date.now())).toBe(true);
    expect(submitted.some((row) => row.at.getTime() < startedAt.getTime() - 60 * day)).toBe(true);

    const interviewsNow = await listInterviews(db(), { filter: "all" });
    expect(interviewsNow.counts.upcoming).toBeGreaterThan(0);
    expect(interviewsNow.counts.completed).toBeGreaterThan(0);

    const open = await db().select({ due: tasks.dueDate }).from(tasks).where(sql`${tasks.status} <> 'completed'`);
    const overdue = open.filter((t) => t.due && t.due.getTime() < startedAt.getTime());
    expect(open.length).toBeGreaterThan(0);
    expect(overdue.length).toBeLessThan(open.length / 3);
  });

  it("keeps places within capacity and gives every accepted application a live plan", async () => {
    const [retreat] = await db().select().from(retreats).where(eq(retreats.id, summary.retreatId!));
    const taken = await placesTaken(db(), retreat!.id);
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThanOrEqual(retreat!.capacity);

    const holding = await db()
      .select({ id: applications.id })
      .from(applications)
      .where(inArray(applications.stage, [...placeHoldingStages]));
    const live = await db()
      .select({ applicationId: paymentPlans.applicationId })
      .from(paymentPlans)
      .where(eq(paymentPlans.status, "active"));
    const withPlan = new Set(live.map((p) => p.applicationId));
    expect(holding.every((a) => withPlan.has(a.id))).toBe(true);

    // Cancelled bookings hold nothing: declined, their plans cancelled.
    const cancelled = await db()
      .select({ stage: applications.stage })
      .from(paymentPlans)
      .innerJoin(applications, eq(applications.id, paymentPlans.applicationId))
      .where(eq(paymentPlans.status, "cancelled"));
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((row) => row.stage === "declined")).toBe(true);
  });

  it("gives every user a name and the demo sign-ins their passwords", async () => {
    const all = await db().select().from(users);
    expect(all.every((u) => u.firstName?.trim() && u.lastName?.trim())).toBe(true);
    for (const who of Object.values(demoSignIns)) {
      const [user] = all.filter((u) => u.email === who.email);
      expect(user?.role, who.email).toBe(who.role);
      expect(await verifyPassword(user!.passwordHash!, who.password)).toBe(true);
    }
  });

  it("fills the vendor portal and the guest portal", async () => {
    const [vendorUser] = await db().select().from(users).where(eq(users.email, demoSignIns.vendor.email));
    const schedule = await vendorSchedule(db(), vendorUser!.id);
    expect(schedule.vendorName).toBeTruthy();
    expect(schedule.bookings.length).toBeGreaterThan(0);
    expect((await listOwnTasks(db(), vendorUser!.id)).tasks.length).toBeGreaterThan(0);
    const [vendor] = await db().select().from(vendors).where(eq(vendors.userId, vendorUser!.id));
    expect(vendor).toBeDefined();

    const [guest] = await db().select().from(users).where(eq(users.email, demoSignIns.guest.email));
    expect(guest!.applicationId).toBeTruthy();
    const me = await getGuestMe(db(), guest!.id);
    expect(me.room?.name).toBeTruthy();
    expect(me.travelForm.submitted).toBe(true);
    expect(me.paymentsDue.length).toBeGreaterThan(0);
  });

  it("sends campaigns to real recipients and counts template use from real rows", async () => {
    const campaigns = await db().select().from(emailCampaigns);
    const counters = await countersFor(
      db(),
      campaigns.map((c) => c.id),
    );
    const sent = campaigns.filter((c) => c.status === "sent");
    expect(sent.length).toBeGreaterThan(0);
    for (const c of sent) expect(counters.get(c.id)?.totalRecipients, c.name).toBeGreaterThan(0);

    for (const template of await db().select().from(emailMarketingTemplates)) {
      const using = campaigns.filter((c) => c.templateId === template.id).length;
      expect(template.usageCount, template.name).toBe(using);
    }
  });

  it("leaves only reminders that can still go out pending, and no email waiting to be sent", async () => {
    const pending = await db()
      .select({ id: paymentReminders.id, planStatus: paymentPlans.status })
      .from(paymentReminders)
      .innerJoin(paymentPlans, eq(paymentPlans.id, paymentReminders.paymentPlanId))
      .where(eq(paymentReminders.status, "pending"));
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.planStatus === "active")).toBe(true);

    const queued = await db()
      .select({ id: emailLogs.id })
      .from(emailLogs)
      .where(and(eq(emailLogs.status, "queued")));
    expect(queued).toEqual([]);
  });

  it("skips a second run", async () => {
    const again = await seedDemoThroughServices(db(), { config, cipher, seed: 7, applications: demoCastSize });
    expect(again.skipped).toBe(true);
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(applications);
    expect(Number(row!.n)).toBe(demoCastSize + 3);
  });
});

describe("seedDemoThroughServices on a smaller retreat", () => {
  let small: Database;
  let dropSmall: () => Promise<void>;
  afterAll(async () => {
    await small?.close();
    await dropSmall?.();
  });

  it("lets the product refuse acceptances beyond capacity: the rest are waitlisted", async () => {
    ({ database: small, drop: dropSmall } = await openTestDatabase());
    await seedBaseData(small.db);
    const [retreat] = await small.db.select().from(retreats);
    await updateRetreat(small.db, retreat!.id, { capacity: 8 }, { userId: null, ipAddress: null, userAgent: null });

    const result = await seedDemoThroughServices(small.db, {
      config,
      cipher,
      subscribers: 0,
      applications: demoCastSize,
    });
    expect(result.skipped).toBe(false);
    expect(await placesTaken(small.db, retreat!.id)).toBeLessThanOrEqual(8);
    expect(await findInvariantViolations(small.db)).toEqual([]);
    const refused = await small.db
      .select({ id: applications.id })
      .from(applications)
      .where(sql`${applications.interviewNotes} like '%No place left when the interview was completed.%'`);
    expect(refused.length).toBeGreaterThan(0);
    // The demo guest is accepted first, so their portal works however small the retreat.
    const [guest] = await small.db.select().from(users).where(eq(users.email, demoSignIns.guest.email));
    expect(guest?.applicationId).toBeTruthy();
  }, 180_000);
});
