import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { applicationSubmissionSchema } from "../../../shared/schemas/applications";
import { applications, emailLogs, emailSubscribers, retreats } from "../../db/schema";
import { withFailingInserts } from "../../test/failing-inserts";
import { settleFormJobs } from "../../test/form-jobs";
import { onlyQueuedEmail } from "../../test/sent-mail";
import { withTestApp } from "../../test/test-app";
import { submitApplication } from "./applications.service";

let app: FastifyInstance;
let retreatId: string;
let ipCounter = 0;
/** The form's POST, and what it left to jobs (a known address's merge) done, as a worker would. */
async function post(payload: unknown, ip = `10.2.0.${++ipCounter % 250}`) {
  const res = await app.inject({
    method: "POST",
    url: "/api/application",
    payload: payload as object,
    remoteAddress: ip,
  });
  await settleFormJobs(app);
  return res;
}

/** What the public form sends for an individual (public-site.md section 3). */
const individual = () => ({
  retreatId,
  firstName: "Ada",
  lastName: "King Lovelace",
  email: "ada@example.com",
  phone: "+44 7700 900123",
  city: "London",
  country: "United Kingdom",
  instagramHandle: "ada.vegan",
  linkedinUrl: "https://linkedin.com/in/ada",
  websiteUrl: "https://ada.example.com",
  motivations: "I want to learn effective advocacy with people who care about animals as much as I do.",
  advocacyInvolvement: "Street outreach every month for three years.",
  roomPreference: "private",
  dietaryNotes: "No nuts",
  consentGdpr: true,
  consentMarketing: true,
});

const couple = () => ({
  ...individual(),
  roomPreference: "shared_bed",
  applicationType: "couple",
  partnerFirstName: "Charles",
  partnerLastName: "Babbage",
  partnerEmail: "charles@example.com",
  partnerPhone: "+44 7700 900456",
  partnerCity: "Cambridge",
  partnerCountry: "United Kingdom",
  wantsVipUpgrade: true,
  additionalInfo: "We'd love a room with a view.",
});

withTestApp(async (built) => {
  app = built;
  const [retreat] = await app.db.select({ id: retreats.id }).from(retreats);
  retreatId = retreat!.id;
});
beforeEach(async () => {
  await app.db.delete(emailLogs);
  await app.db.delete(emailSubscribers);
  await app.db.delete(applications);
  await app.db.update(retreats).set({ status: "open" });
});

describe("POST /api/application", () => {
  it("stores an individual application as new, links a subscriber and queues the confirmation", async () => {
    const before = Date.now();
    const res = await post(individual(), "203.0.113.9");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      id: expect.any(String),
      message: "We'll review your application and get back to you within 2-3 days.",
    });

    const [row] = await app.db.select().from(applications).where(eq(applications.id, body.id));
    // Every field the form sent, as sent.
    expect(row).toMatchObject({
      ...individual(),
      applicationType: "individual",
      stage: "new",
      wantsVipUpgrade: false,
      partnerEmail: null,
      additionalInfo: null,
    });
    expect(row!.submittedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const subscribers = await app.db.select().from(emailSubscribers);
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]).toMatchObject({
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "King Lovelace",
      segment: "applicant",
      source: "application_form",
      applicationId: body.id,
      marketingEmails: true,
      consentIp: "203.0.113.9",
    });
    expect(subscribers[0]!.consentAt).toBeInstanceOf(Date);

    const mail = await onlyQueuedEmail(app, {
      recipientEmail: "ada@example.com",
      recipientName: "Ada King Lovelace",
      subject: "We've received your application",
    });
    expect(mail.body).toContain(`/email/preferences/${subscribers[0]!.unsubscribeToken}`);
  });

  it("keeps everything a couple sends and confirms to both partners with their own links", async () => {
    const res = await post(couple());
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(applications);
    // Every field the form sent, as sent.
    expect(row).toMatchObject(couple());

    const subscribers = await app.db.select().from(emailSubscribers).orderBy(emailSubscribers.email);
    expect(subscribers.map((s) => s.email)).toEqual(["ada@example.com", "charles@example.com"]);
    const partner = subscribers[1]!;
    // The partner did not tick the consent boxes themselves.
    expect(partner).toMatchObject({ segment: "applicant", applicationId: row!.id, marketingEmails: false });
    expect(partner.consentAt).toBeNull();

    const logs = await app.db.select().from(emailLogs).orderBy(emailLogs.recipientEmail);
    expect(logs.map((l) => l.recipientEmail)).toEqual(["ada@example.com", "charles@example.com"]);
    expect(logs[1]!.body).toContain(`/email/preferences/${partner.unsubscribeToken}`);
    expect(logs[1]!.body).not.toContain(subscribers[0]!.unsubscribeToken);
    expect(logs[1]!.body).toContain("Thank you for applying, Charles!");
    expect(logs[1]!.body).toContain("from Ada King Lovelace and Charles Babbage");
  });

  it("ignores partner details on an individual application", async () => {
    const res = await post({ ...individual(), partnerFirstName: "Stray", partnerEmail: "stray@example.com" });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(applications);
    expect(row).toMatchObject({ partnerFirstName: null, partnerEmail: null });
    expect(await app.db.select().from(emailLogs)).toHaveLength(1);
  });

  it("consent flags default to false, and without marketing consent no opt-in is recorded", async () => {
    const { consentGdpr: _g, consentMarketing: _m, ...payload } = individual();
    expect((await post(payload)).statusCode).toBe(201);
    const [row] = await app.db.select().from(applications);
    expect(row).toMatchObject({ consentGdpr: false, consentMarketing: false });
    const [subscriber] = await app.db.select().from(emailSubscribers);
    expect(subscriber).toMatchObject({ marketingEmails: false, consentAt: null, consentIp: null });
  });

  it("accepts a resubmission as a new application and keeps one subscriber, linked to the latest", async () => {
    const first = (await post(individual())).json();
    const second = (await post({ ...individual(), email: "ADA@example.com" })).json();
    expect(second.id).not.toBe(first.id);
    expect(await app.db.select().from(applications)).toHaveLength(2);
    const subscribers = await app.db.select().from(emailSubscribers);
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]!.applicationId).toBe(second.id);
  });

  it("moves a waitlist subscriber to applicant without re-subscribing anyone who unsubscribed", async () => {
    await app.db.insert(emailSubscribers).values({
      email: "Ada@Example.com",
      segment: "waitlist",
      source: "waitlist_form",
      status: "unsubscribed",
      globallyUnsubscribed: true,
      marketingEmails: false,
      tags: ["waitlist"],
    });
    const res = await post(individual());
    expect(res.statusCode).toBe(201);
    const subscribers = await app.db.select().from(emailSubscribers);
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]).toMatchObject({
      email: "Ada@Example.com",
      segment: "applicant",
      source: "application_form",
      applicationId: res.json().id,
      status: "unsubscribed",
      globallyUnsubscribed: true,
      marketingEmails: false,
      consentAt: null,
      tags: ["waitlist"],
    });
    // The confirmation answers what they just did, so it is still sent.
    expect(await app.db.select().from(emailLogs)).toHaveLength(1);
  });

  it("does not move an approved subscriber back to applicant", async () => {
    await app.db.insert(emailSubscribers).values({ email: "ada@example.com", segment: "approved" });
    await post(individual());
    const [subscriber] = await app.db.select().from(emailSubscribers);
    expect(subscriber!.segment).toBe("approved");
  });

  it.each([
    ["an unknown retreat", () => ({ ...individual(), retreatId: "00000000-0000-4000-8000-000000000000" })],
    ["a closed retreat", () => individual()],
  ])("answers 404 for %s and stores nothing", async (label, payload) => {
    if (label === "a closed retreat") await app.db.update(retreats).set({ status: "completed" });
    const res = await post(payload());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No active retreat found at this time." });
    expect(await app.db.select().from(applications)).toHaveLength(0);
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(0);
  });

  it.each([
    ["retreatId", "", "No active retreat found. Please try refreshing the page or contact us directly."],
    ["firstName", "", "Please enter your full name."],
    ["email", "ada@", "Please enter a valid email address."],
    ["motivations", "Too short.", "Please provide at least 50 characters about your motivations"],
    [
      "motivations",
      `${" ".repeat(10)}${"x".repeat(49)}${" ".repeat(10)}`,
      "Please provide at least 50 characters about your motivations",
    ],
    ["advocacyInvolvement", "Some.", "Please describe your advocacy involvement"],
  ])("rejects %s = %j with the spec's message", async (field, value, message) => {
    const res = await post({ ...individual(), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: `body.${field}`, message });
    expect(await app.db.select().from(applications)).toHaveLength(0);
  });

  it("rejects a missing retreat id with the spec's message", async () => {
    const { retreatId: _r, ...payload } = individual();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe("body.retreatId");
  });

  it("rejects a filled honeypot as spam and stores nothing", async () => {
    const res = await post({ ...individual(), website: "http://bot.example" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Spam detected. Please try again." });
    expect(await app.db.select().from(applications)).toHaveLength(0);
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(0);
    expect(await app.db.select().from(emailLogs)).toHaveLength(0);
  });

  it("rejects unknown fields and invalid room preferences", async () => {
    expect((await post({ ...individual(), stage: "accepted" })).statusCode).toBe(400);
    expect((await post({ ...individual(), roomPreference: "either" })).statusCode).toBe(400);
    expect(await app.db.select().from(applications)).toHaveLength(0);
  });

  it("answers 429 after 10 submissions a minute from one address", async () => {
    const ip = "192.0.2.50";
    for (let i = 0; i < 10; i++) expect((await post({}, ip)).statusCode).toBe(400);
    const limited = await post(individual(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: "Too many requests. Please wait and try again." });
    expect(await app.db.select().from(applications)).toHaveLength(0);
  });
});

describe("all or nothing", () => {
  it("leaves no application when the subscriber cannot be written", async () => {
    // On PostgreSQL the request stores the sealed application (intake) and the worker files it:
    // the filing is the all-or-nothing part, retried until the subscriber can be written.
    const viaIntake = app.database.driver === "postgres";
    await withFailingInserts(app.db, "email_subscribers", async () => {
      const res = await app.inject({ method: "POST", url: "/api/application", payload: individual() });
      if (viaIntake) {
        expect(res.statusCode).toBe(201);
        await expect(settleFormJobs(app)).rejects.toThrow();
      } else {
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
      }
      expect(await app.db.select().from(applications)).toHaveLength(0);
      expect(await app.db.select().from(emailLogs)).toHaveLength(0);
    });
    await settleFormJobs(app);
    expect(await app.db.select().from(applications)).toHaveLength(viaIntake ? 1 : 0);
    expect(await app.db.select().from(emailLogs)).toHaveLength(viaIntake ? 1 : 0);
  });

  it("leaves nothing behind when the last statement (the partner's email) fails", async () => {
    const input = applicationSubmissionSchema.parse(couple());
    await withFailingInserts(
      app.db,
      "email_logs",
      async () => {
        await expect(
          submitApplication(app.db, input, { clientIp: "127.0.0.1", publicUrl: "http://x" }),
        ).rejects.toThrow();
      },
      { when: "new.recipient_email = 'charles@example.com'" },
    );
    expect(await app.db.select().from(applications)).toHaveLength(0);
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(0);
    expect(await app.db.select().from(emailLogs)).toHaveLength(0);
    // And the same call succeeds once the fault is gone.
    await submitApplication(app.db, input, { clientIp: "127.0.0.1", publicUrl: "http://x" });
    expect(await app.db.select().from(emailLogs)).toHaveLength(2);
  });
});
