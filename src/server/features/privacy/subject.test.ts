import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseMismatchMessage, subjectSections } from "../../../shared/schemas/privacy";
import {
  applications,
  auditLogs,
  emailCampaigns,
  emailLogs,
  emailSends,
  emailSubscribers,
  interviews,
  paymentPlans,
  payments,
  placeOffers,
  receipts,
  sessions,
  siteContent,
  travelComplianceForms,
  users,
} from "../../db/schema";
import { type JobQueue, startJobQueue } from "../../jobs/queue";
import { makeApplication, makeEmailLog, makeRetreat, makeTravelForm } from "../../test/fixtures/privacy";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { defaultSiteContent } from "../site-content/default-content";
import { emailHash } from "./email-hash";

let t: TestApp;
let queue: JobQueue;
let owner: string;
let staff: string;

/** Ada: an application with payments, a waitlisted one, a subscription, a guest account, and she is Bob's partner. */
type Seed = Awaited<ReturnType<typeof seed>>;
let s: Seed;

async function seed() {
  const app = t.app;
  const retreat = await makeRetreat(app, { endDate: "2030-06-10" });
  const paid = await makeApplication(app, retreat, {
    email: "Ada.Lovelace@Example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    stage: "payment",
    phone: '=HYPERLINK("http://evil.example")',
  });
  const waiting = await makeApplication(app, retreat, { email: "ada.lovelace@example.com", stage: "waitlist" });
  const bobs = await makeApplication(app, retreat, {
    email: "bob@example.com",
    firstName: "Bob",
    applicationType: "couple",
    partnerFirstName: "Ada",
    partnerLastName: "Lovelace",
    partnerEmail: "ADA.LOVELACE@example.com",
    stage: "accepted",
  });
  const form = await makeTravelForm(app, paid.id, "P-ADA-42");
  const bobForm = await makeTravelForm(app, bobs.id, "P-BOB-77");
  const [plan] = await app.db
    .insert(paymentPlans)
    .values({
      applicationId: paid.id,
      planType: "full",
      totalAmount: "1997.00",
      remainingAmount: "0.00",
      notes: "Ada asked to pay late",
    })
    .returning();
  const [deposit] = await app.db
    .insert(payments)
    .values({
      applicationId: paid.id,
      paymentPlanId: plan!.id,
      type: "deposit",
      amount: "500.00",
      status: "completed",
      paidAt: new Date("2030-01-02T10:00:00Z"),
      dueDate: "2030-01-01",
    })
    .returning();
  const [receipt] = await app.db
    .insert(receipts)
    .values({
      paymentId: deposit!.id,
      retreatId: retreat,
      kind: "receipt",
      sequence: 1,
      number: "R-2030-0001",
      amount: "500.00",
      paymentMethod: "bank_transfer",
      paidAt: new Date("2030-01-02T10:00:00Z"),
      items: [{ label: "Deposit", amount: "500.00" }],
      paidToDate: "500.00",
    })
    .returning();
  const [refund] = await app.db
    .insert(payments)
    .values({
      applicationId: paid.id,
      type: "refund",
      amount: "100.00",
      status: "pending",
      metadata: { reason: "Ada's surgery", rule: "full" },
    })
    .returning();
  const [bobPayment] = await app.db
    .insert(payments)
    .values({ applicationId: bobs.id, type: "deposit", amount: "500.00", status: "completed" })
    .returning();
  const [interview] = await app.db
    .insert(interviews)
    .values({ applicationId: paid.id, scheduledAt: new Date("2029-12-01T10:00:00Z"), notes: "Ada: great" })
    .returning();
  const [offer] = await app.db
    .insert(placeOffers)
    .values({
      retreatId: retreat,
      applicationId: waiting.id,
      tokenHash: `hash-${waiting.id}`,
      expiresAt: new Date("2030-01-01"),
    })
    .returning();
  const [subscriber] = await app.db
    .insert(emailSubscribers)
    .values({ email: "ada.lovelace@example.com", segment: "waitlist", firstName: "Ada" })
    .returning();
  const [bobSubscriber] = await app.db.insert(emailSubscribers).values({ email: "bob@example.com" }).returning();
  const [campaign] = await app.db.insert(emailCampaigns).values({ name: "News", subject: "News" }).returning();
  await app.db.insert(emailSends).values([
    { campaignId: campaign!.id, subscriberId: subscriber!.id, email: subscriber!.email, status: "sent" },
    { campaignId: campaign!.id, subscriberId: bobSubscriber!.id, email: bobSubscriber!.email, status: "sent" },
  ]);
  const adaLog = await makeEmailLog(app, "ada.lovelace@example.com", "Welcome Ada");
  const adaQueued = await makeEmailLog(app, "Ada.Lovelace@example.com", "Your deposit");
  const bobLog = await makeEmailLog(app, "bob@example.com", "Welcome Bob");
  const [guest] = await app.db
    .insert(users)
    .values({ email: "ada.lovelace@example.com", role: "guest", applicationId: paid.id })
    .returning();
  await app.db
    .insert(sessions)
    .values({ sid: `sid-${guest!.id}`, sess: {}, expire: new Date("2099-01-01"), userId: guest!.id });

  const queuedForAda = await queue.send("email.send", { emailLogId: adaQueued.id });
  const mentionsAda = await queue.send("test.privacy", { to: "ada.lovelace@example.com" });
  const queuedForBob = await queue.send("email.send", { emailLogId: bobLog.id });
  // The public forms' merge jobs name a subscriber or an application by id; their personal data is sealed.
  const sealedJob = (ref: Record<string, string>) => ({
    ...ref,
    sealed: "enc:v1:sealed",
    at: new Date().toISOString(),
  });
  const mergeForAda = await queue.send("waitlist.known-address", sealedJob({ subscriberId: subscriber!.id }));
  const confirmForAda = await queue.send("application.known-address", sealedJob({ applicationId: paid.id }));
  const mergeForBob = await queue.send("waitlist.known-address", sealedJob({ subscriberId: bobSubscriber!.id }));
  // Ada is also a host on the public site: a profile in the published copy and in the draft.
  const profile = { ...defaultSiteContent.team[0]!, name: "Ada Lovelace", email: "ADA.Lovelace@example.com" };
  const content = { ...defaultSiteContent, team: [profile, defaultSiteContent.team[1]!] };
  await app.db.insert(siteContent).values({ retreatId: retreat, draft: content, published: content });
  return {
    retreat,
    paid,
    waiting,
    bobs,
    form,
    bobForm,
    plan: plan!,
    deposit: deposit!,
    receipt: receipt!,
    refund: refund!,
    bobPayment: bobPayment!,
    interview: interview!,
    offer: offer!,
    subscriber: subscriber!,
    bobSubscriber: bobSubscriber!,
    adaLog,
    adaQueued,
    bobLog,
    guest: guest!,
    jobs: {
      queuedForAda: queuedForAda!,
      mentionsAda: mentionsAda!,
      mergeForAda: mergeForAda!,
      confirmForAda: confirmForAda!,
      queuedForBob: queuedForBob!,
      mergeForBob: mergeForBob!,
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  // No worker in tests: a queue of our own creates pg-boss's tables and holds jobs nobody runs.
  queue = await startJobQueue(t.app.database);
  owner = (await signedInAs(t.app, "owner")).cookie;
  staff = (await signedInAs(t.app, "staff")).cookie;
  s = await seed();
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const subject = (email: string, cookie = owner, format = "") =>
  t.app.inject({
    method: "GET",
    url: `/api/admin/privacy/subject${format}?email=${encodeURIComponent(email)}`,
    headers: { cookie },
  });

const erase = (payload: { email: string; confirmEmail: string; force?: boolean }, cookie = owner) =>
  t.app.inject({ method: "POST", url: "/api/admin/privacy/erase", headers: { cookie }, payload });
const retention = (cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/admin/privacy/retention", headers: { cookie } });

describe("data subject requests: roles and validation", () => {
  it("lets only the owner read, export or erase, and refuses bad input", async () => {
    expect((await subject("ada.lovelace@example.com", staff)).statusCode).toBe(403);
    expect((await subject("ada.lovelace@example.com", staff, ".csv")).statusCode).toBe(403);
    const refused = await erase({ email: "ada.lovelace@example.com", confirmEmail: "ada.lovelace@example.com" }, staff);
    expect(refused.statusCode).toBe(403);
    expect((await retention(staff)).statusCode).toBe(403);
    expect((await subject("not-an-email")).statusCode).toBe(400);

    expect((await retention(owner)).json()).toEqual({ travelDataDays: 30, declinedApplicationDays: 365 });

    const mismatch = await erase({ email: "ada.lovelace@example.com", confirmEmail: "ada@example.com" });
    expect(mismatch.statusCode).toBe(400);
    expect(JSON.stringify(mismatch.json())).toContain(eraseMismatchMessage);
    const extra = await erase({
      email: "ada.lovelace@example.com",
      confirmEmail: "ada.lovelace@example.com",
      force: true,
    });
    expect(extra.statusCode).toBe(400);
    // Nothing was erased by the refused calls.
    expect(await t.app.db.select().from(applications).where(eq(applications.id, s.waiting.id))).toHaveLength(1);
  });
});

describe("export", () => {
  it("returns every section for the address in any letter case, decrypted, without our secrets, and audits a hash", async () => {
    const res = await subject("  ADA.lovelace@EXAMPLE.com ");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("attachment");
    const data = res.json();
    expect(Object.keys(data.sections).sort()).toEqual([...subjectSections].sort());
    const ids = (section: string) => data.sections[section].map((r: { id: string }) => r.id).sort();
    expect(ids("applications")).toEqual([s.paid.id, s.waiting.id, s.bobs.id].sort());
    const asPartner = data.sections.applications.find((a: { id: string }) => a.id === s.bobs.id);
    // Bob's own details are not Ada's data: only the partner fields come with his application.
    expect(asPartner).toMatchObject({ role: "partner", partnerFirstName: "Ada" });
    expect(asPartner.firstName).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain("bob@example.com");
    const own = data.sections.applications.find((a: { id: string }) => a.id === s.paid.id);
    expect(own).toMatchObject({ role: "applicant", firstName: "Ada", medicalNotes: "Asthma" });
    expect(ids("travelForms")).toEqual([s.form.id]);
    expect(data.sections.travelForms[0]).toMatchObject({ passportNumber: "P-ADA-42", allergies: "Peanuts" });
    expect(ids("subscribers")).toEqual([s.subscriber.id]);
    expect(data.sections.subscribers[0].unsubscribeToken).toBeUndefined();
    expect(ids("emailLogs")).toEqual([s.adaLog.id, s.adaQueued.id].sort());
    expect(data.sections.emailSends).toHaveLength(1);
    expect(ids("interviews")).toEqual([s.interview.id]);
    expect(ids("placeOffers")).toEqual([s.offer.id]);
    expect(data.sections.placeOffers[0].tokenHash).toBeUndefined();
    expect(ids("paymentPlans")).toEqual([s.plan.id]);
    expect(ids("payments")).toEqual([s.deposit.id]);
    expect(ids("refunds")).toEqual([s.refund.id]);
    expect(ids("receipts")).toEqual([s.receipt.id]);
    expect(data.sections.receipts[0]).toMatchObject({ number: "R-2030-0001", amount: "500.00" });
    expect(ids("users")).toEqual([s.guest.id]);
    expect(data.sections.users[0].passwordHash).toBeUndefined();
    expect(data.sections.teamProfiles).toEqual([
      expect.objectContaining({ retreatId: s.retreat, copy: "draft", name: "Ada Lovelace" }),
      expect.objectContaining({ retreatId: s.retreat, copy: "published", name: "Ada Lovelace" }),
    ]);

    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityType, "data_subject"))
      .orderBy(sql`${auditLogs.createdAt} desc`)
      .limit(1);
    expect(audit?.action).toBe("export");
    expect(audit?.newValues).toMatchObject({
      emailHash: emailHash("ada.lovelace@example.com", t.app.config.dataEncryptionKey),
      format: "json",
    });
    expect(JSON.stringify(audit)).not.toContain("ada.lovelace");
  });

  it("gives the same data as CSV, one row per field, with formula-looking cells neutralised", async () => {
    const res = await subject("ada.lovelace@example.com", owner, ".csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const body = res.body.replace(/^\uFEFF/, "");
    const lines = body.split("\r\n");
    expect(lines[0]).toBe('"section","record_id","field","value"');
    expect(lines).toContain(`"applications","${s.paid.id}","firstName","Ada"`);
    expect(lines).toContain(`"travelForms","${s.form.id}","passportNumber","P-ADA-42"`);
    expect(body).toContain(`"applications","${s.paid.id}","phone","'=HYPERLINK(""http://evil.example"")"`);
    expect(body).not.toContain(",=HYPERLINK");
    for (const section of ["subscribers", "emailLogs", "interviews", "refunds", "paymentPlans"]) {
      expect(lines.some((l) => l.startsWith(`"${section}",`))).toBe(true);
    }
  });
});

describe("erasure", () => {
  it("keeps the money anonymised, deletes everything else, removes the jobs, and leaves Bob alone", async () => {
    const bobBefore = (await t.app.db.select().from(applications).where(eq(applications.id, s.bobs.id)))[0]!;
    const res = await erase({ email: "Ada.Lovelace@example.com", confirmEmail: "ada.lovelace@EXAMPLE.com" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.deleted).toMatchObject({
      applications: 1,
      travelForms: 1,
      interviews: 1,
      placeOffers: 1,
      subscribers: 1,
      emailSends: 1,
      emailLogs: 2,
      users: 1,
      jobs: 4,
    });
    expect(body.anonymised).toMatchObject({ applications: 1, partnerDetails: 1, payments: 2, paymentPlans: 1 });
    expect(body.accountsKept).toBe(0);

    // Money: kept with amounts and dates; the application they hang on is anonymised, not deleted.
    const [paid] = await t.app.db.select().from(applications).where(eq(applications.id, s.paid.id));
    expect(paid).toMatchObject({
      firstName: null,
      lastName: null,
      phone: null,
      medicalNotes: null,
      email: `erased+${s.paid.id}@invalid.example`,
      stage: "payment",
    });
    expect(paid?.anonymisedAt).toBeInstanceOf(Date);
    const money = await t.app.db.select().from(payments).where(eq(payments.applicationId, s.paid.id));
    expect(money.map((p) => [p.id, p.amount, p.status]).sort()).toEqual(
      [
        [s.deposit.id, "500.00", "completed"],
        [s.refund.id, "100.00", "pending"],
      ].sort(),
    );
    expect(money.find((p) => p.id === s.deposit.id)?.paidAt?.toISOString()).toBe("2030-01-02T10:00:00.000Z");
    expect(money.find((p) => p.id === s.refund.id)?.metadata).toEqual({ rule: "full" });
    const [plan] = await t.app.db.select().from(paymentPlans).where(eq(paymentPlans.id, s.plan.id));
    expect(plan).toMatchObject({ totalAmount: "1997.00", notes: null });

    // Everything else of Ada's is gone.
    expect(await t.app.db.select().from(applications).where(eq(applications.id, s.waiting.id))).toEqual([]);
    expect(await t.app.db.select().from(travelComplianceForms).where(eq(travelComplianceForms.id, s.form.id))).toEqual(
      [],
    );
    expect(await t.app.db.select().from(interviews).where(eq(interviews.id, s.interview.id))).toEqual([]);
    expect(await t.app.db.select().from(placeOffers).where(eq(placeOffers.id, s.offer.id))).toEqual([]);
    expect(await t.app.db.select().from(emailSubscribers).where(eq(emailSubscribers.id, s.subscriber.id))).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(emailLogs)
        .where(inArray(emailLogs.id, [s.adaLog.id, s.adaQueued.id])),
    ).toEqual([]);
    expect(await t.app.db.select().from(users).where(eq(users.id, s.guest.id))).toEqual([]);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, s.guest.id))).toEqual([]);
    // Her host profile left the public site (the page re-renders: the publication number moved on); Kadek's stayed.
    const [site] = await t.app.db.select().from(siteContent).where(eq(siteContent.retreatId, s.retreat));
    for (const copy of [site!.draft, site!.published] as { team: { name: string }[] }[]) {
      expect(copy.team.map((m) => m.name)).toEqual(["Kadek Ayu Pratiwi"]);
    }
    expect(site!.publishedVersion).toBe(1);
    const jobs = await t.app.db.execute(sql`select id::text as id from pgboss.job`);
    const jobIds = (jobs.rows as { id: string }[]).map((r) => r.id);
    expect(jobIds).not.toContain(s.jobs.queuedForAda);
    expect(jobIds).not.toContain(s.jobs.mentionsAda);
    expect(jobIds).not.toContain(s.jobs.mergeForAda);
    expect(jobIds).not.toContain(s.jobs.confirmForAda);
    expect(jobIds).toContain(s.jobs.queuedForBob);
    expect(jobIds).toContain(s.jobs.mergeForBob);

    // Bob: his application loses only Ada's partner details; his form, payment, emails, subscription and job stay.
    const [bob] = await t.app.db.select().from(applications).where(eq(applications.id, s.bobs.id));
    expect(bob).toEqual({
      ...bobBefore,
      partnerFirstName: null,
      partnerLastName: null,
      partnerEmail: null,
      updatedAt: bob!.updatedAt,
    });
    expect(
      await t.app.db.select().from(travelComplianceForms).where(eq(travelComplianceForms.id, s.bobForm.id)),
    ).toHaveLength(1);
    expect(await t.app.db.select().from(payments).where(eq(payments.id, s.bobPayment.id))).toHaveLength(1);
    expect(await t.app.db.select().from(emailLogs).where(eq(emailLogs.id, s.bobLog.id))).toHaveLength(1);
    expect(
      await t.app.db.select().from(emailSubscribers).where(eq(emailSubscribers.id, s.bobSubscriber.id)),
    ).toHaveLength(1);
    expect(
      await t.app.db.select().from(emailSends).where(eq(emailSends.subscriberId, s.bobSubscriber.id)),
    ).toHaveLength(1);

    // A second look finds nothing personal left, and the erasure is on the trail without the address.
    const after = (await subject("ada.lovelace@example.com")).json();
    for (const section of subjectSections) {
      if (section !== "auditLogs") expect(after.sections[section], section).toEqual([]);
    }
    const [audit] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.action, "erase")).limit(1);
    expect(audit?.newValues).toMatchObject({
      emailHash: emailHash("ada.lovelace@example.com", t.app.config.dataEncryptionKey),
      deleted: body.deleted,
    });
    expect(JSON.stringify(audit)).not.toMatch(/lovelace/i);
  });
});
