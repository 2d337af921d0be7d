import type { FastifyInstance } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { emailLogs, emailSubscribers } from "../../db/schema";
import { withFailingInserts } from "../../test/failing-inserts";
import { settleFormJobs } from "../../test/form-jobs";
import { onlyQueuedEmail } from "../../test/sent-mail";
import { withTestApp } from "../../test/test-app";

let app: FastifyInstance;
let ipCounter = 0;
/** Each call comes from its own address unless one is given, so only the rate-limit test hits the limit. */
/** The form's POST, and what it left to jobs (a known address's merge) done, as a worker would. */
async function post(payload: unknown, ip = `10.1.0.${++ipCounter % 250}`) {
  const res = await app.inject({ method: "POST", url: "/api/waitlist", payload: payload as object, remoteAddress: ip });
  await settleFormJobs(app);
  return res;
}

withTestApp(async (built) => {
  app = built;
});
beforeEach(async () => {
  await app.db.delete(emailLogs);
  await app.db.delete(emailSubscribers);
});

const success = { success: true, message: "You're now on our priority waitlist for Bali 2026 updates." };

describe("POST /api/waitlist", () => {
  it("adds a waitlist subscriber with proof of consent and queues one welcome email", async () => {
    const res = await post({ name: "Ada Lovelace", email: "ada@example.com" }, "203.0.113.7");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(success);

    const [subscriber, ...others] = await app.db.select().from(emailSubscribers);
    expect(others).toHaveLength(0);
    expect(subscriber).toMatchObject({
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      segment: "waitlist",
      source: "waitlist_form",
      status: "active",
      globallyUnsubscribed: false,
      marketingEmails: true,
      tags: ["waitlist"],
      consentIp: "203.0.113.7",
    });
    expect(subscriber!.consentAt).toBeInstanceOf(Date);
    expect(subscriber!.unsubscribeToken).toMatch(/^[0-9a-f]{64}$/);

    const mail = await onlyQueuedEmail(app, {
      recipientEmail: "ada@example.com",
      recipientName: "Ada Lovelace",
      subject: "You're on the waitlist for our Bali retreat",
    });
    expect(mail.body).toContain(`http://localhost:3000/email/preferences/${subscriber!.unsubscribeToken}`);
  });

  it("joining twice (in any letter case) answers the same, keeps one subscriber and sends one email", async () => {
    const first = await post({ name: "Ada Lovelace", email: "ada@example.com" });
    const second = await post({ name: "Someone Else", email: "ADA@Example.COM" });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    const subscribers = await app.db.select().from(emailSubscribers);
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]).toMatchObject({ email: "ada@example.com", firstName: "Ada", tags: ["waitlist"] });
    expect(await app.db.select().from(emailLogs)).toHaveLength(1);
  });

  it("two simultaneous joins of one address make one subscriber and one email", async () => {
    const results = await Promise.all([
      post({ name: "Ada Lovelace", email: "ada@example.com" }),
      post({ name: "Ada Lovelace", email: "Ada@example.com" }),
      post({ name: "Ada Lovelace", email: "ada@EXAMPLE.com" }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(1);
    expect(await app.db.select().from(emailLogs)).toHaveLength(1);
  });

  it("never moves an applicant back to the waitlist segment, but welcomes them once", async () => {
    await app.db
      .insert(emailSubscribers)
      .values({ email: "bo@example.com", firstName: "Bo", segment: "applicant", source: "application_form" });
    const res = await post({ name: "Bo Peep", email: "bo@example.com" });
    expect(res.json()).toEqual(success);
    const [subscriber] = await app.db.select().from(emailSubscribers);
    expect(subscriber).toMatchObject({
      segment: "applicant",
      source: "application_form",
      firstName: "Bo",
      lastName: "Peep",
      tags: ["waitlist"],
    });
    expect(await app.db.select().from(emailLogs)).toHaveLength(1);
    await post({ name: "Bo Peep", email: "bo@example.com" });
    expect(await app.db.select().from(emailLogs)).toHaveLength(1);
  });

  it("keeps the first proof of consent when someone joins again with the same address", async () => {
    const firstConsentAt = new Date("2020-01-02T03:04:05Z");
    await app.db.insert(emailSubscribers).values({
      email: "dee@example.com",
      segment: "waitlist",
      consentAt: firstConsentAt,
      consentIp: "198.51.100.9",
    });
    const res = await post({ name: "Dee Dee", email: "dee@example.com" });
    expect(res.statusCode).toBe(200);
    const [subscriber] = await app.db.select().from(emailSubscribers);
    expect(subscriber!.consentAt).toEqual(firstConsentAt);
    expect(subscriber!.consentIp).toBe("198.51.100.9");
  });

  it("keeps an unsubscribed person's choices, sends them nothing and answers exactly as for anyone", async () => {
    await app.db.insert(emailSubscribers).values({
      email: "cy@example.com",
      status: "unsubscribed",
      globallyUnsubscribed: true,
      marketingEmails: false,
      segment: "waitlist",
      consentIp: "198.51.100.1",
    });
    const res = await post({ name: "Cy Young", email: "cy@example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(success);
    const [subscriber] = await app.db.select().from(emailSubscribers);
    expect(subscriber).toMatchObject({
      status: "unsubscribed",
      globallyUnsubscribed: true,
      marketingEmails: false,
      consentIp: "198.51.100.1",
    });
    expect(await app.db.select().from(emailLogs)).toHaveLength(0);
  });

  it.each([
    [{ name: "A", email: "ada@example.com" }, "name", "Please enter your full name"],
    [{ name: "  A  ", email: "ada@example.com" }, "name", "Please enter your full name"],
    [{ email: "ada@example.com" }, "name", "Please enter your full name"],
    [{ name: "Ada Lovelace", email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ name: "Ada Lovelace" }, "email", "Please enter a valid email address"],
  ])("rejects %j with the spec's message", async (payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: `body.${field}`, message });
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(0);
  });

  it("rejects a filled honeypot as spam and stores nothing", async () => {
    const res = await post({ name: "Ada Lovelace", email: "ada@example.com", website: "http://spam.example" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Spam detected. Please try again." });
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(0);
    expect(await app.db.select().from(emailLogs)).toHaveLength(0);
  });

  it("accepts an empty honeypot", async () => {
    const res = await post({ name: "Ada Lovelace", email: "ada@example.com", website: "" });
    expect(res.statusCode).toBe(200);
  });

  it("rejects unknown fields", async () => {
    const res = await post({ name: "Ada Lovelace", email: "ada@example.com", segment: "approved" });
    expect(res.statusCode).toBe(400);
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(0);
  });

  it("stores nothing when the welcome email cannot be queued (one transaction)", async () => {
    // On PostgreSQL the request stores the sealed entry (intake) and the worker files it: the
    // filing is the all-or-nothing transaction, retried until the outbox takes the welcome.
    const viaIntake = app.database.driver === "postgres";
    await withFailingInserts(
      app.db,
      "email_logs",
      async () => {
        const res = await app.inject({
          method: "POST",
          url: "/api/waitlist",
          payload: { name: "Ada Lovelace", email: "ada@example.com" },
          remoteAddress: "10.1.1.1",
        });
        if (viaIntake) {
          expect(res.statusCode).toBe(200);
          await expect(settleFormJobs(app)).rejects.toThrow(/outbox unavailable/);
        } else {
          expect(res.statusCode).toBe(500);
          expect(res.json().message).not.toContain("outbox");
        }
        expect(await app.db.select().from(emailSubscribers)).toHaveLength(0);
      },
      { message: "outbox unavailable" },
    );
    await settleFormJobs(app);
    // The answered entry is filed whole once the outbox works again; a refused one left nothing.
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(viaIntake ? 1 : 0);
    expect(await app.db.select().from(emailLogs)).toHaveLength(viaIntake ? 1 : 0);
  });

  it("answers 429 with the error shape after 20 requests a minute from one address", async () => {
    const ip = "192.0.2.99";
    for (let i = 0; i < 20; i++) {
      expect((await post({ name: "x" }, ip)).statusCode).toBe(400);
    }
    const limited = await post({ name: "Ada Lovelace", email: "ada@example.com" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: "Too many requests. Please wait and try again." });
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(await app.db.select().from(emailSubscribers)).toHaveLength(0);
    // Other visitors are not affected.
    expect((await post({ name: "Ada Lovelace", email: "ada@example.com" }, "192.0.2.100")).statusCode).toBe(200);
  });
});
