import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applications, auditLogs, emailLogs, interviews, travelComplianceForms, users } from "../../db/schema";
import { makeApplication, makeEmailLog, makeRetreat, makeTravelForm } from "../../test/fixtures/privacy";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { retentionSweepCron, retentionSweepJob } from "./retention.jobs";
import { runRetentionSweep } from "./retention.service";

let t: TestApp;
const settings = { travelDataDays: 30, declinedApplicationDays: 365 };
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(travelComplianceForms);
  await t.app.db.delete(applications);
  await t.app.db.delete(emailLogs);
});

async function formsLeft(applicationId: string) {
  return (
    await t.app.db
      .select({ id: travelComplianceForms.id })
      .from(travelComplianceForms)
      .where(eq(travelComplianceForms.applicationId, applicationId))
  ).length;
}

describe("travel data retention", () => {
  it("deletes a retreat's travel forms the day after end date + the retention days, in the retreat's time zone", async () => {
    const utcRetreat = await makeRetreat(t.app, { endDate: "2026-01-01", timezone: "UTC" });
    const baliRetreat = await makeRetreat(t.app, { endDate: "2026-01-01", timezone: "Asia/Makassar" });
    const utcGuest = await makeApplication(t.app, utcRetreat, { stage: "payment" });
    const baliGuest = await makeApplication(t.app, baliRetreat, { stage: "payment" });
    await makeTravelForm(t.app, utcGuest.id);
    await makeTravelForm(t.app, baliGuest.id);

    // 2026-01-31 everywhere: end date + 30 days is today, not yet past.
    let result = await runRetentionSweep(t.app.db, settings, new Date("2026-01-31T12:00:00Z"));
    expect(result.travelFormsDeleted).toBe(0);
    expect(await formsLeft(utcGuest.id)).toBe(1);

    // 16:30 UTC is already 1 February in Bali (UTC+8), still 31 January in London.
    result = await runRetentionSweep(t.app.db, settings, new Date("2026-01-31T16:30:00Z"));
    expect(result.travelFormsDeleted).toBe(1);
    expect(await formsLeft(baliGuest.id)).toBe(0);
    expect(await formsLeft(utcGuest.id)).toBe(1);

    result = await runRetentionSweep(t.app.db, settings, new Date("2026-02-01T00:00:00Z"));
    expect(result.travelFormsDeleted).toBe(1);
    expect(await formsLeft(utcGuest.id)).toBe(0);
    // The application itself stays: only the travel details expire.
    const [kept] = await t.app.db.select().from(applications).where(eq(applications.id, utcGuest.id));
    expect(kept?.firstName).toBe(utcGuest.firstName);
  });

  it("skips retreats without an end date and follows the configured number of days", async () => {
    const undated = await makeRetreat(t.app, { endDate: null });
    const dated = await makeRetreat(t.app, { endDate: "2026-01-01" });
    const a = await makeApplication(t.app, undated, { stage: "payment" });
    const b = await makeApplication(t.app, dated, { stage: "payment" });
    await makeTravelForm(t.app, a.id);
    await makeTravelForm(t.app, b.id);
    const now = new Date("2026-01-09T12:00:00Z");
    expect((await runRetentionSweep(t.app.db, { ...settings, travelDataDays: 8 }, now)).travelFormsDeleted).toBe(0);
    expect(
      (await runRetentionSweep(t.app.db, { ...settings, travelDataDays: 7 }, new Date("2030-01-01T00:00:00Z")))
        .travelFormsDeleted,
    ).toBe(1);
    expect(await formsLeft(a.id)).toBe(1);
    expect(await formsLeft(b.id)).toBe(0);
  });
});

describe("declined application retention", () => {
  const now = new Date("2027-06-01T12:00:00Z");

  it("anonymises applications declined longer ago than the period, unless kept on the priority list", async () => {
    const retreat = await makeRetreat(t.app, { endDate: null });
    const old = await makeApplication(t.app, retreat, {
      stage: "declined",
      declinedAt: new Date(now.getTime() - 365 * day - 60_000),
      partnerFirstName: "Pat",
      partnerEmail: "pat@example.com",
      instagramHandle: "@old",
    });
    const recent = await makeApplication(t.app, retreat, {
      stage: "declined",
      declinedAt: new Date(now.getTime() - 365 * day + 60_000),
    });
    const priority = await makeApplication(t.app, retreat, {
      stage: "declined",
      declinedAt: new Date(now.getTime() - 900 * day),
      keepOnPriorityList: true,
    });
    const waitlisted = await makeApplication(t.app, retreat, {
      stage: "waitlist",
      declinedAt: new Date(now.getTime() - 900 * day),
    });
    await t.app.db
      .insert(interviews)
      .values({ applicationId: old.id, scheduledAt: now, notes: "Talked about family", feedback: "Kind" });
    await makeTravelForm(t.app, old.id);
    await makeEmailLog(t.app, old.email.toUpperCase(), "Sorry");
    await makeEmailLog(t.app, recent.email, "Sorry too");
    const [guest] = await t.app.db
      .insert(users)
      .values({ email: "guest-old@example.com", role: "guest", applicationId: old.id })
      .returning();

    const result = await runRetentionSweep(t.app.db, settings, now);
    expect(result.applicationsAnonymised).toBe(1);
    expect(result.related).toMatchObject({ emailLogs: 1, interviews: 1, travelForms: 1, users: 1 });

    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, old.id));
    expect(row).toMatchObject({
      firstName: null,
      lastName: null,
      email: `erased+${old.id}@invalid.example`,
      phone: null,
      city: null,
      country: null,
      partnerFirstName: null,
      partnerEmail: null,
      instagramHandle: null,
      motivations: null,
      advocacyInvolvement: null,
      internalNotes: null,
      interviewNotes: null,
      dietaryNotes: null,
      medicalNotes: null,
      // Kept for the statistics.
      stage: "declined",
      score: 70,
      retreatId: retreat,
      applicationType: "individual",
    });
    expect(row?.anonymisedAt?.toISOString()).toBe(now.toISOString());
    expect(row?.submittedAt.toISOString()).toBe(old.submittedAt.toISOString());
    const [interview] = await t.app.db.select().from(interviews).where(eq(interviews.applicationId, old.id));
    expect(interview).toMatchObject({ notes: null, feedback: null });
    expect(await t.app.db.select().from(users).where(eq(users.id, guest!.id))).toEqual([]);
    expect(await formsLeft(old.id)).toBe(0);
    const logs = await t.app.db.select({ to: emailLogs.recipientEmail }).from(emailLogs);
    expect(logs.map((l) => l.to)).toEqual([recent.email]);

    for (const untouched of [recent, priority, waitlisted]) {
      const [r] = await t.app.db.select().from(applications).where(eq(applications.id, untouched.id));
      expect(r).toMatchObject({ firstName: untouched.firstName, email: untouched.email, anonymisedAt: null });
    }
  });

  it("is idempotent and writes one audit row per run with counts and no personal data", async () => {
    const retreat = await makeRetreat(t.app, { endDate: null });
    const old = await makeApplication(t.app, retreat, {
      stage: "declined",
      declinedAt: new Date(now.getTime() - 400 * day),
    });
    const before = await t.app.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(eq(auditLogs.action, "retention_sweep"));
    const first = await runRetentionSweep(t.app.db, settings, now);
    const second = await runRetentionSweep(t.app.db, settings, new Date(now.getTime() + day));
    expect(first.applicationsAnonymised).toBe(1);
    expect(second).toEqual({ travelFormsDeleted: 0, applicationsAnonymised: 0, related: {} });
    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, old.id));
    expect(row?.anonymisedAt?.toISOString()).toBe(now.toISOString());

    const runs = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "retention_sweep"), eq(auditLogs.entityType, "privacy")))
      .orderBy(auditLogs.createdAt);
    expect(runs.length - before.length).toBe(2);
    const last = runs.slice(-2);
    expect(last[0]?.newValues).toMatchObject({ applicationsAnonymised: 1, declinedApplicationDays: 365 });
    expect(last[1]?.newValues).toMatchObject({ applicationsAnonymised: 0, travelFormsDeleted: 0 });
    expect(JSON.stringify(last)).not.toContain("@example.com");
    expect(JSON.stringify(last)).not.toContain(old.firstName!);
  });
});

describe("declined_at and the priority list", () => {
  it("stamps declinedAt on entering declined, clears it on leaving, and audits the priority-list flag", async () => {
    const { cookie } = await signedInAs(t.app, "staff");
    const retreat = await makeRetreat(t.app, { endDate: null });
    const a = await makeApplication(t.app, retreat, { stage: "screening" });
    const declinedAt = async () =>
      (await t.app.db.select().from(applications).where(eq(applications.id, a.id)))[0]?.declinedAt ?? null;

    let res = await t.app.inject({
      method: "POST",
      url: `/api/admin/applications/${a.id}/escalate/declined`,
      headers: { cookie },
      payload: { notify: false },
    });
    expect(res.statusCode).toBe(200);
    const stamped = await declinedAt();
    expect(stamped).toBeInstanceOf(Date);

    // Saving the same stage again from the detail modal keeps the first stamp.
    res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${a.id}`,
      headers: { cookie },
      payload: { stage: "declined", keepOnPriorityList: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().keepOnPriorityList).toBe(true);
    expect((await declinedAt())?.toISOString()).toBe(stamped?.toISOString());
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, a.id), eq(auditLogs.action, "update")));
    expect(audit?.oldValues).toEqual({ keepOnPriorityList: false });
    expect(audit?.newValues).toEqual({ keepOnPriorityList: true });

    res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${a.id}`,
      headers: { cookie },
      payload: { stage: "waitlist" },
    });
    expect(res.statusCode).toBe(200);
    expect(await declinedAt()).toBeNull();

    const get = await t.app.inject({ method: "GET", url: `/api/admin/applications/${a.id}`, headers: { cookie } });
    expect(get.json().keepOnPriorityList).toBe(true);

    res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${a.id}`,
      headers: { cookie },
      payload: { keepOnPriorityList: "yes" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the daily job", () => {
  it("is scheduled once a day on pg-boss and runs the sweep with the configured periods", async () => {
    const worker = await createTestApp({
      runWorker: true,
      retention: { travelDataDays: 5, declinedApplicationDays: 9 },
    });
    try {
      const schedules = await worker.app.queue!.boss.getSchedules();
      expect(schedules.find((s) => s.name === retentionSweepJob)?.cron).toBe(retentionSweepCron);
      await worker.app.queue!.send(retentionSweepJob, {});
      const deadline = Date.now() + 60_000;
      let rows: (typeof auditLogs.$inferSelect)[] = [];
      while (Date.now() < deadline && rows.length === 0) {
        rows = await worker.app.db.select().from(auditLogs).where(eq(auditLogs.action, "retention_sweep"));
        if (rows.length === 0) await new Promise((r) => setTimeout(r, 250));
      }
      expect(rows[0]?.newValues).toMatchObject({ travelDataDays: 5, declinedApplicationDays: 9 });
    } finally {
      await worker.close();
    }
  }, 120_000);
});
