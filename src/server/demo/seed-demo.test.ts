import { asc, count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationStages, subscriberSegments, subscriberSources } from "../../shared/constants";
import { addDays } from "../../shared/finance/dates";
import type { Database } from "../db/client";
import {
  applications,
  budgetItems,
  emailCampaigns,
  emailMarketingTemplates,
  emailSends,
  emailSubscribers,
  expenses,
  interviews,
  jitsiRooms,
  paymentPlans,
  paymentReminders,
  payments,
  retreatSessions,
  retreats,
  settings,
  tasks,
  vendors,
} from "../db/schema";
import { seedBaseData } from "../db/seed";
import { placesTaken } from "../features/admissions/admissions.service";
import { openTestDatabase } from "../test/test-database";
import { findInvariantViolations } from "./invariants";
import { demoMarkerKey, demoReferenceDate, demoRetreatFirstDay, type SeedDemoSummary, seedDemoData } from "./seed-demo";

const DAY = 86_400_000;

type Fresh = { database: Database; drop: () => Promise<void> };

/** Tests that seed databases of their own take longer than the default 30 s on a busy machine. */
const seedsMore = { timeout: 180_000 };

async function closeAll(list: (Fresh | undefined)[]) {
  for (const fresh of list) {
    if (!fresh) continue;
    await fresh.database.close();
    await fresh.drop();
  }
}

/** "Now" for every run in this file: the data is relative to it (and so to the clock). */
const now = new Date();
const options = { applications: 120, subscribers: 200, seed: 7, now };

const distinct = async <T>(query: Promise<{ value: T }[]>) => [...new Set((await query).map((r) => r.value))].sort();
const countOf = async (db: Database["db"], table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;

let main: Fresh;
let summary: SeedDemoSummary;
beforeAll(async () => {
  main = await openTestDatabase();
  summary = await seedDemoData(main.database.db, options);
});
afterAll(async () => closeAll([main]));

describe("seedDemoData", () => {
  it("inserts the requested numbers, attached to the open retreat", async () => {
    const db = main.database.db;
    expect(summary.skipped).toBe(false);
    expect(summary.counts.applications).toBe(120);
    expect(summary.counts.emailSubscribers).toBe(200);
    expect(await countOf(db, applications)).toBe(120);
    expect(await countOf(db, emailSubscribers)).toBe(200);
    for (const [table, n] of [
      [tasks, summary.counts.tasks],
      [expenses, summary.counts.expenses],
      [budgetItems, summary.counts.budgetItems],
      [vendors, summary.counts.vendors],
      [interviews, summary.counts.interviews],
      [jitsiRooms, summary.counts.jitsiRooms],
      [paymentPlans, summary.counts.paymentPlans],
      [payments, summary.counts.payments],
      [paymentReminders, summary.counts.paymentReminders],
      [retreatSessions, summary.counts.retreatSessions],
      [emailCampaigns, summary.counts.emailCampaigns],
    ] as const) {
      expect(n).toBeGreaterThan(0);
      expect(await countOf(db, table)).toBe(n);
    }
    const [retreat] = await db.select().from(retreats).where(eq(retreats.status, "open"));
    expect(summary.retreatId).toBe(retreat!.id);
    const elsewhere = await db
      .select({ n: count() })
      .from(applications)
      .where(sql`${applications.retreatId} is distinct from ${retreat!.id}`);
    expect(elsewhere[0]!.n).toBe(0);
  });

  it("fills applications realistically: every stage, couples, valid fields, unique demo emails", async () => {
    const db = main.database.db;
    const rows = await db.select().from(applications);
    expect([...new Set(rows.map((r) => r.stage))].sort()).toEqual([...applicationStages].sort());
    expect(new Set(rows.map((r) => r.email)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.email).toMatch(/^[a-z-]+\.[a-z-]+\.\d+@example\.com$/);
      expect(r.motivations!.length).toBeGreaterThanOrEqual(50);
      expect(r.advocacyInvolvement!.length).toBeGreaterThanOrEqual(20);
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(r.submittedAt.getTime()).toBeLessThanOrEqual(demoReferenceDate(now).getTime());
      expect(r.country).toBeTruthy();
      expect(r.city).toBeTruthy();
      // Retention counts from the decline, so only declined rows carry the date.
      expect(r.declinedAt !== null, `${r.stage} declinedAt`).toBe(r.stage === "declined");
    }
    const couples = rows.filter((r) => r.applicationType === "couple");
    expect(couples.length).toBeGreaterThan(0);
    for (const c of couples) {
      expect(c.partnerFirstName).toBeTruthy();
      expect(c.partnerEmail).toMatch(/@example\.com$/);
    }
    const months = new Set(rows.map((r) => r.submittedAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);
  });

  it("fills subscribers in every segment, source and status", async () => {
    const db = main.database.db;
    const rows = await db.select().from(emailSubscribers);
    expect([...new Set(rows.map((r) => r.segment))].sort()).toEqual([...subscriberSegments].sort());
    expect([...new Set(rows.map((r) => r.source))].sort()).toEqual([...subscriberSources].sort());
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual(["active", "unsubscribed"]);
    for (const r of rows) {
      expect(r.email).toMatch(/@example\.(com|org)$/);
      expect(r.globallyUnsubscribed).toBe(r.status === "unsubscribed");
    }
    expect(rows.filter((r) => r.status === "active").length).toBeGreaterThan(rows.length / 2);
    expect(rows.some((r) => r.tags.length > 0)).toBe(true);
    expect(rows.some((r) => r.applicationId !== null)).toBe(true);
  });

  it("adds the fixed handful: tasks, expenses, interviews, payments and sessions in every state", async () => {
    const db = main.database.db;
    expect(await distinct(db.select({ value: tasks.status }).from(tasks))).toEqual(
      ["completed", "in_progress", "pending", "review"].sort(),
    );
    expect(await distinct(db.select({ value: tasks.priority }).from(tasks))).toEqual(
      ["high", "low", "medium", "urgent"].sort(),
    );
    const expenseRows = await db.select().from(expenses);
    const combos = new Set(expenseRows.map((e) => `${e.category}/${e.status}`));
    for (const category of ["accommodation", "food", "transport", "activities", "staff", "utilities"]) {
      for (const status of ["pending", "approved", "paid", "rejected"])
        expect(combos).toContain(`${category}/${status}`);
    }
    for (const e of expenseRows) expect(e.amount).toMatch(/^\d+\.\d{2}$/);

    const interviewRows = await db.select().from(interviews);
    expect([...new Set(interviewRows.map((i) => i.status))].sort()).toEqual(["cancelled", "completed", "scheduled"]);
    for (const i of interviewRows) {
      if (i.status === "scheduled") expect(i.scheduledAt.getTime()).toBeGreaterThan(now.getTime());
      if (i.status === "completed") {
        expect(i.outcome).toBeTruthy();
        expect(i.rating).toBeGreaterThanOrEqual(1);
        expect(i.rating).toBeLessThanOrEqual(5);
      }
    }
    const rooms = await db.select().from(jitsiRooms);
    expect(new Set(rooms.map((r) => r.roomName)).size).toBe(interviewRows.length);
    expect(new Set(interviewRows.map((i) => i.jitsiRoomId))).toEqual(new Set(rooms.map((r) => r.id)));

    expect(summary.counts.paymentPlans).toBeLessThanOrEqual(15);
    expect(await distinct(db.select({ value: paymentPlans.status }).from(paymentPlans))).toEqual([
      "active",
      "cancelled",
      "completed",
    ]);
    // The product never marks a payment failed; leaving a place cancels what was still to pay.
    expect(await distinct(db.select({ value: payments.status }).from(payments))).toEqual([
      "cancelled",
      "completed",
      "pending",
    ]);
    expect(await distinct(db.select({ value: paymentReminders.status }).from(paymentReminders))).toEqual([
      "failed",
      "overdue",
      "pending",
      "sent",
    ]);
    // Live plans belong to people holding a place; a cancelled one to someone who gave it up.
    const paying = await db
      .select({ stage: applications.stage, status: paymentPlans.status })
      .from(paymentPlans)
      .innerJoin(applications, eq(paymentPlans.applicationId, applications.id));
    for (const p of paying) {
      if (p.status === "cancelled") expect(p.stage).toBe("declined");
      else expect(["accepted", "payment"]).toContain(p.stage);
    }

    const sessions = await db.select().from(retreatSessions).orderBy(asc(retreatSessions.startTime));
    const days = new Set(
      sessions.map((s) => new Date(s.startTime.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)),
    );
    expect(days.size).toBe(10);
    expect(await distinct(db.select({ value: emailCampaigns.status }).from(emailCampaigns))).toEqual(["draft", "sent"]);
  });

  it("gives the retreat the programme's dates, about five months ahead, and its sessions fall within them", async () => {
    const db = main.database.db;
    const [retreat] = await db.select().from(retreats).where(eq(retreats.id, summary.retreatId));
    const firstDay = demoRetreatFirstDay(now);
    expect(retreat).toMatchObject({ startDate: firstDay, endDate: addDays(firstDay, 9) });
    // Named for the year it runs in, never the year the product was first written for.
    expect(retreat!.name).toBe(`Bali Vegan Activism Retreat ${firstDay.slice(0, 4)}`);
    const ahead = (Date.parse(`${firstDay}T00:00:00Z`) - now.getTime()) / DAY;
    expect(ahead).toBeGreaterThan(140);
    expect(ahead).toBeLessThan(160);
    for (const s of await db.select().from(retreatSessions)) {
      const day = new Date(s.startTime.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      expect(day >= retreat!.startDate! && day <= retreat!.endDate!).toBe(true);
    }
  });

  it(
    "never puts more people (a couple counts 2) in accepted + payment than the retreat's capacity",
    seedsMore,
    async () => {
      const db = main.database.db;
      const [retreat] = await db.select().from(retreats).where(eq(retreats.id, summary.retreatId));
      expect(await placesTaken(db, retreat!.id)).toBeLessThanOrEqual(retreat!.capacity);

      // A small retreat and more applications than it can take: the draw would put about 9% of
      // them in accepted or payment (about 45 rows here), far beyond 6 places.
      let small: Fresh | undefined;
      try {
        small = await openTestDatabase();
        const smallDb = small.database.db;
        await seedBaseData(smallDb);
        await smallDb.update(retreats).set({ capacity: 6 });
        const result = await seedDemoData(smallDb, { applications: 500, subscribers: 0, seed: 7, now });
        expect(result.counts.applications).toBe(500);
        expect(await countOf(smallDb, applications)).toBe(500);
        const taken = await placesTaken(smallDb, result.retreatId);
        expect(taken).toBeLessThanOrEqual(6);
        // Filled, not emptied: at most one place left (when only couples were left to draw).
        expect(taken).toBeGreaterThanOrEqual(5);
        // The overflow went to the waitlist or was declined; every stage is still shown.
        const smallStages = await smallDb.select({ stage: applications.stage }).from(applications);
        for (const stage of applicationStages)
          expect(
            smallStages.some((r) => r.stage === stage),
            stage,
          ).toBe(true);
        // Every live plan still belongs to someone holding a place, and nothing else is broken.
        const paying = await smallDb
          .select({ stage: applications.stage, status: paymentPlans.status })
          .from(paymentPlans)
          .innerJoin(applications, eq(paymentPlans.applicationId, applications.id));
        expect(paying.length).toBeGreaterThan(0);
        for (const p of paying.filter((plan) => plan.status !== "cancelled"))
          expect(["accepted", "payment"]).toContain(p.stage);
        expect(await findInvariantViolations(smallDb, { now })).toEqual([]);
      } finally {
        await closeAll([small]);
      }
    },
  );

  it("writes only what the product could: no invariant broken, a few thousand rows included", seedsMore, async () => {
    expect(await findInvariantViolations(main.database.db, { now })).toEqual([]);
    let large: Fresh | undefined;
    try {
      large = await openTestDatabase();
      const db = large.database.db;
      const result = await seedDemoData(db, { applications: 3000, subscribers: 3000, seed: 11, now });
      expect(result.counts.applications).toBe(3000);
      expect(await findInvariantViolations(db, { now })).toEqual([]);
      // What the old data got wrong, checked directly too.
      const [retreat] = await db.select().from(retreats).where(eq(retreats.id, result.retreatId));
      expect(await placesTaken(db, retreat!.id)).toBeLessThanOrEqual(retreat!.capacity);
      const [sent] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.status, "sent"));
      expect(sent!.totalRecipients).toBeGreaterThan(1000);
      expect(await countOf(db, emailSends)).toBe(sent!.totalRecipients);
      for (const t of await db.select().from(emailMarketingTemplates)) expect(t.usageCount).toBe(1);
      for (const plan of await db.select().from(paymentPlans)) expect(plan.planType).toMatch(/^(solo|couple)(\+vip)?$/);
    } finally {
      await closeAll([large]);
    }
  });

  it(
    "dates everything from now: interviews and tasks ahead, history behind, reminders still to send",
    seedsMore,
    async () => {
      const db = main.database.db;
      const scheduled = await db.select().from(interviews).where(eq(interviews.status, "scheduled"));
      expect(scheduled.length).toBeGreaterThan(0);
      for (const i of scheduled) expect(i.scheduledAt.getTime()).toBeGreaterThan(now.getTime());
      const taskRows = await db.select().from(tasks);
      const open = taskRows.filter((t) => t.status !== "completed");
      expect(open.filter((t) => t.dueDate!.getTime() > now.getTime()).length).toBeGreaterThan(open.length / 2);
      for (const p of await db.select().from(payments)) {
        if (p.paidAt) expect(p.paidAt.getTime()).toBeLessThan(now.getTime());
      }
      const pending = await db.select().from(paymentReminders).where(eq(paymentReminders.status, "pending"));
      expect(pending.length).toBeGreaterThan(0);
      const [campaign] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.status, "sent"));
      expect(campaign!.sentAt!.getTime()).toBeLessThan(now.getTime());
      expect(campaign!.totalRecipients).toBeGreaterThan(0);

      // A year on, the same seed gives the same people, dated a year later.
      let later: Fresh | undefined;
      try {
        later = await openTestDatabase();
        const laterNow = new Date(now.getTime() + 365 * DAY);
        const result = await seedDemoData(later.database.db, { ...options, now: laterNow });
        const [retreat] = await later.database.db.select().from(retreats).where(eq(retreats.id, result.retreatId));
        expect(retreat!.startDate).toBe(demoRetreatFirstDay(laterNow));
        expect(retreat!.startDate! > demoRetreatFirstDay(now)).toBe(true);
        const [first] = await later.database.db
          .select()
          .from(applications)
          .where(eq(applications.email, (await db.select().from(applications).limit(1))[0]!.email));
        expect(first).toBeDefined();
        expect(await findInvariantViolations(later.database.db, { now: laterNow })).toEqual([]);
      } finally {
        await closeAll([later]);
      }
    },
  );

  it("skips a second run without duplicating anything", async () => {
    const db = main.database.db;
    const again = await seedDemoData(db, options);
    expect(again.skipped).toBe(true);
    expect(again.message).toMatch(/already present/);
    expect(Object.values(again.counts).every((n) => n === 0)).toBe(true);
    expect(await countOf(db, applications)).toBe(120);
    expect(await countOf(db, emailSubscribers)).toBe(200);
    expect(await countOf(db, tasks)).toBe(summary.counts.tasks);
    expect(await db.select().from(settings).where(eq(settings.key, demoMarkerKey))).toHaveLength(1);
  });

  it("is deterministic: the same seed gives the same data, another seed different data", seedsMore, async () => {
    const list = (db: Database["db"]) =>
      db
        .select({
          id: applications.id,
          email: applications.email,
          stage: applications.stage,
          score: applications.score,
        })
        .from(applications)
        .orderBy(asc(applications.email));
    let same: Fresh | undefined;
    let other: Fresh | undefined;
    try {
      same = await openTestDatabase();
      other = await openTestDatabase();
      await seedDemoData(same.database.db, options);
      await seedDemoData(other.database.db, { ...options, seed: 8 });
      const expected = await list(main.database.db);
      expect(await list(same.database.db)).toEqual(expected);
      const different = await list(other.database.db);
      expect(different.map((r) => `${r.email} ${r.stage}`)).not.toEqual(expected.map((r) => `${r.email} ${r.stage}`));
      const subscriberEmails = async (db: Database["db"]) =>
        (
          await db.select({ email: emailSubscribers.email }).from(emailSubscribers).orderBy(asc(emailSubscribers.email))
        ).map((r) => r.email);
      expect(await subscriberEmails(same.database.db)).toEqual(await subscriberEmails(main.database.db));
    } finally {
      await closeAll([same, other]);
    }
  });

  it("refuses counts outside 0..1,000,000", async () => {
    await expect(seedDemoData(main.database.db, { applications: -1, subscribers: 0 })).rejects.toThrow(RangeError);
    await expect(seedDemoData(main.database.db, { applications: 0, subscribers: 1.5 })).rejects.toThrow(RangeError);
  });
});
