import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { type EmailSubscriber, emailCampaigns, emailSends, emailSubscribers } from "../../db/schema";
import { withTestApp } from "../../test/test-app";

let app: FastifyInstance;
let subscriber: EmailSubscriber;
let ipCounter = 0;
const nextIp = () => `10.3.0.${++ipCounter % 250}`;
const get = (token: string, ip = nextIp()) =>
  app.inject({ method: "GET", url: `/api/email/preferences/${token}`, remoteAddress: ip });
const post = (path: string, token: string, payload: unknown, ip = nextIp()) =>
  app.inject({ method: "POST", url: `/api/email/${path}/${token}`, payload: payload as object, remoteAddress: ip });
const reload = async () =>
  (await app.db.select().from(emailSubscribers).where(eq(emailSubscribers.id, subscriber.id)))[0]!;

const subscribedAt = new Date("2025-01-02T03:04:05.000Z");

withTestApp(async (built) => {
  app = built;
});
beforeEach(async () => {
  await app.db.delete(emailSubscribers);
  [subscriber] = (await app.db
    .insert(emailSubscribers)
    .values({ email: "ada@example.com", firstName: "Ada", subscribedAt })
    .returning()) as [EmailSubscriber];
});

const allOn = { applicationEmails: true, marketingEmails: true, systemNotifications: true };

describe("GET /api/email/preferences/{token}", () => {
  it("returns only the subscriber fields the pages need", async () => {
    const res = await get(subscriber.unsubscribeToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      subscriber: {
        email: "ada@example.com",
        firstName: "Ada",
        status: "active",
        globallyUnsubscribed: false,
        ...allOn,
      },
    });
  });

  it("tokens are 256 random bits, unique per subscriber", async () => {
    const [other] = await app.db.insert(emailSubscribers).values({ email: "bo@example.com" }).returning();
    expect(subscriber.unsubscribeToken).toMatch(/^[0-9a-f]{64}$/);
    expect(other!.unsubscribeToken).not.toBe(subscriber.unsubscribeToken);
  });
});

describe("bad tokens", () => {
  const unknown = "f".repeat(64);
  it.each([
    ["an unknown token", unknown],
    ["a malformed token", "abc"],
    ["a token with odd characters", "%27%20or%201%3D1--aaaaaaaaaaaaaaaa"],
  ])("%s gets 404 on every endpoint", async (_label, token) => {
    const calls = [
      get(token),
      post("preferences", token, allOn),
      post("unsubscribe", token, { emailType: "all" }),
      post("resubscribe", token, allOn),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "This link is invalid or expired." });
    }
    expect(await reload()).toEqual(subscriber);
  });
});

describe("POST /api/email/unsubscribe/{token}", () => {
  it("type all unsubscribes globally, with the trimmed reason and the time", async () => {
    const res = await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "all", reason: "  Too many  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      subscriber: expect.objectContaining({ status: "unsubscribed", globallyUnsubscribed: true }),
    });
    const row = await reload();
    expect(row).toMatchObject({ status: "unsubscribed", globallyUnsubscribed: true, unsubscribeReason: "Too many" });
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
    expect(row.preferencesUpdatedAt).toBeInstanceOf(Date);
  });

  it("defaults to all and records no reason when it is blank", async () => {
    const res = await post("unsubscribe", subscriber.unsubscribeToken, { reason: "   " });
    expect(res.statusCode).toBe(200);
    expect(await reload()).toMatchObject({ globallyUnsubscribed: true, unsubscribeReason: null });
  });

  it.each([
    ["marketing", "marketingEmails"],
    ["application", "applicationEmails"],
    ["system", "systemNotifications"],
  ] as const)("type %s switches off only %s", async (emailType, flag) => {
    const res = await post("unsubscribe", subscriber.unsubscribeToken, { emailType, reason: "Not for me" });
    expect(res.statusCode).toBe(200);
    const row = await reload();
    expect({
      applicationEmails: row.applicationEmails,
      marketingEmails: row.marketingEmails,
      systemNotifications: row.systemNotifications,
    }).toEqual({ ...allOn, [flag]: false });
    expect(row).toMatchObject({ status: "active", globallyUnsubscribed: false, unsubscribeReason: "Not for me" });
    expect(row.unsubscribedAt).toBeNull();
    expect(row.preferencesUpdatedAt).toBeInstanceOf(Date);
    expect(res.json().subscriber[flag]).toBe(false);
  });

  it("unsubscribing again keeps the first time", async () => {
    await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "all" });
    const first = (await reload()).unsubscribedAt!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "all" })).statusCode).toBe(200);
    expect((await reload()).unsubscribedAt!.getTime()).toBe(first.getTime());
  });

  it("leaves a complained address complained, with its complaint reason and time", async () => {
    const complainedAt = new Date("2026-01-05T10:00:00.000Z");
    await app.db
      .update(emailSubscribers)
      .set({
        status: "complained",
        complainedAt,
        globallyUnsubscribed: true,
        marketingEmails: false,
        unsubscribedAt: complainedAt,
        unsubscribeReason: "Marked as spam",
      })
      .where(eq(emailSubscribers.id, subscriber.id));
    for (const emailType of ["all", "marketing"] as const) {
      const res = await post("unsubscribe", subscriber.unsubscribeToken, { emailType, reason: "Changed my mind" });
      expect(res.statusCode).toBe(200);
      expect(res.json().subscriber).toMatchObject({ status: "complained", globallyUnsubscribed: true });
    }
    expect(await reload()).toMatchObject({
      status: "complained",
      complainedAt,
      unsubscribedAt: complainedAt,
      unsubscribeReason: "Marked as spam",
    });
  });

  it("leaves a bounced address bounced while unsubscribing it from everything", async () => {
    const bouncedAt = new Date("2026-01-06T10:00:00.000Z");
    await app.db
      .update(emailSubscribers)
      .set({ status: "bounced", bouncedAt, marketingEmails: false })
      .where(eq(emailSubscribers.id, subscriber.id));
    const res = await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "all", reason: "Old address" });
    expect(res.statusCode).toBe(200);
    const row = await reload();
    expect(row).toMatchObject({
      status: "bounced",
      bouncedAt,
      globallyUnsubscribed: true,
      unsubscribeReason: "Old address",
    });
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
  });

  describe("from a campaign's link", () => {
    async function sendOfCampaign() {
      const [campaign] = await app.db.insert(emailCampaigns).values({ name: "News", subject: "News" }).returning();
      const [send] = await app.db
        .insert(emailSends)
        .values({ campaignId: campaign!.id, subscriberId: subscriber.id, email: subscriber.email, status: "sent" })
        .returning();
      const reloadSend = async () => (await app.db.select().from(emailSends).where(eq(emailSends.id, send!.id)))[0]!;
      return { campaignId: campaign!.id, reloadSend };
    }

    it.each(["marketing", "all"] as const)("type %s is credited to the campaign's send", async (emailType) => {
      const { campaignId, reloadSend } = await sendOfCampaign();
      const res = await post("unsubscribe", subscriber.unsubscribeToken, { emailType, campaignId });
      expect(res.statusCode, res.body).toBe(200);
      expect((await reloadSend()).unsubscribedAt).toBeInstanceOf(Date);
    });

    it("leaving application or system emails is not a campaign unsubscribe", async () => {
      const { campaignId, reloadSend } = await sendOfCampaign();
      for (const emailType of ["application", "system"]) {
        expect((await post("unsubscribe", subscriber.unsubscribeToken, { emailType, campaignId })).statusCode).toBe(
          200,
        );
      }
      expect((await reloadSend()).unsubscribedAt).toBeNull();
    });

    it("rejects a campaign id that is not a uuid", async () => {
      const res = await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "all", campaignId: "x" });
      expect(res.statusCode).toBe(400);
      expect((await reload()).globallyUnsubscribed).toBe(false);
    });
  });

  it("rejects an unknown type and unknown fields", async () => {
    expect((await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "sms" })).statusCode).toBe(400);
    expect((await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "all", x: 1 })).statusCode).toBe(400);
    expect((await reload()).globallyUnsubscribed).toBe(false);
  });
});

describe("POST /api/email/resubscribe/{token}", () => {
  it("restores the chosen categories, lifts the global unsubscribe and keeps subscribedAt", async () => {
    await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "all" });
    const choice = { applicationEmails: true, marketingEmails: false, systemNotifications: true };
    const res = await post("resubscribe", subscriber.unsubscribeToken, choice, "203.0.113.5");
    expect(res.statusCode).toBe(200);
    expect(res.json().subscriber).toEqual({
      email: "ada@example.com",
      firstName: "Ada",
      status: "active",
      globallyUnsubscribed: false,
      ...choice,
    });
    const row = await reload();
    expect(row.subscribedAt).toEqual(subscribedAt);
    expect(row.unsubscribedAt).toBeNull();
    expect(row.consentIp).toBe("203.0.113.5");
    expect(row.consentAt).toBeInstanceOf(Date);
  });

  it("requires all three booleans and nothing else", async () => {
    const token = subscriber.unsubscribeToken;
    expect((await post("resubscribe", token, { applicationEmails: true })).statusCode).toBe(400);
    expect((await post("resubscribe", token, { ...allOn, status: "active" })).statusCode).toBe(400);
    expect((await post("resubscribe", token, { ...allOn, marketingEmails: "yes" })).statusCode).toBe(400);
  });
});

describe("POST /api/email/preferences/{token}", () => {
  it("saves the switches as given, even all off, and leaves a global unsubscribe alone", async () => {
    const allOff = { applicationEmails: false, marketingEmails: false, systemNotifications: false };
    const res = await post("preferences", subscriber.unsubscribeToken, allOff);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscriber).toMatchObject({ ...allOff, status: "active", globallyUnsubscribed: false });
    expect((await reload()).preferencesUpdatedAt).toBeInstanceOf(Date);

    await post("unsubscribe", subscriber.unsubscribeToken, { emailType: "all" });
    const again = await post("preferences", subscriber.unsubscribeToken, allOn);
    expect(again.json().subscriber).toMatchObject({ ...allOn, status: "unsubscribed", globallyUnsubscribed: true });
    const read = await get(subscriber.unsubscribeToken);
    expect(read.json().subscriber).toMatchObject({ ...allOn, globallyUnsubscribed: true });
  });

  it("rejects unknown fields", async () => {
    const res = await post("preferences", subscriber.unsubscribeToken, { ...allOn, globallyUnsubscribed: false });
    expect(res.statusCode).toBe(400);
  });
});

it("token endpoints answer 429 after 20 requests a minute from one address", async () => {
  const ip = "192.0.2.77";
  const token = subscriber.unsubscribeToken;
  for (let i = 0; i < 20; i++) expect((await post("unsubscribe", token, { emailType: "x" }, ip)).statusCode).toBe(400);
  const limited = await post("unsubscribe", token, { emailType: "all" }, ip);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ message: "Too many requests. Please wait and try again." });
  expect((await reload()).globallyUnsubscribed).toBe(false);
  for (let i = 0; i < 20; i++) expect((await get(token, ip)).statusCode).toBe(200);
  expect((await get(token, ip)).statusCode).toBe(429);
});
