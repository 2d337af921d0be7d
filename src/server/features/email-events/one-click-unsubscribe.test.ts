import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import {
  type EmailCampaign,
  type EmailSend,
  type EmailSubscriber,
  emailCampaigns,
  emailSends,
  emailSubscribers,
} from "../../db/schema";
import { oneClickUnsubscribeUrl } from "../../email/subscriber-links";
import { withTestApp } from "../../test/test-app";

let app: FastifyInstance;
let ipCounter = 0;
const nextIp = () => `10.8.0.${++ipCounter % 250}`;

withTestApp(
  async (built) => {
    app = built;
  },
  { publicUrl: "https://retreat.example.com" },
);

let ada: EmailSubscriber;
let campaign: EmailCampaign;
let send: EmailSend;

beforeEach(async () => {
  await app.db.delete(emailCampaigns);
  await app.db.delete(emailSubscribers);
  [ada] = (await app.db.insert(emailSubscribers).values({ email: "ada@example.com" }).returning()) as [EmailSubscriber];
  [campaign] = (await app.db.insert(emailCampaigns).values({ name: "News", subject: "News" }).returning()) as [
    EmailCampaign,
  ];
  [send] = (await app.db
    .insert(emailSends)
    .values({ campaignId: campaign.id, subscriberId: ada.id, email: ada.email, status: "sent", sentAt: new Date() })
    .returning()) as [EmailSend];
});

/** The path part of the address put in the List-Unsubscribe header. */
function headerPath(token: string, campaignId?: string): string {
  return oneClickUnsubscribeUrl("", token, campaignId);
}

/** What Gmail's servers or a webmail page send: a form POST from another site, no cookie. */
function oneClick(url: string, payload: string | undefined = "List-Unsubscribe=One-Click", contentType?: string) {
  const headers: Record<string, string> = {
    origin: "https://mail.google.com",
    "sec-fetch-site": "cross-site",
  };
  if (payload !== undefined) headers["content-type"] = contentType ?? "application/x-www-form-urlencoded";
  return app.inject({ method: "POST", url, payload, headers, remoteAddress: nextIp() });
}

const reloadSubscriber = async () =>
  (await app.db.select().from(emailSubscribers).where(eq(emailSubscribers.id, ada.id)))[0]!;
const reloadSend = async () => (await app.db.select().from(emailSends).where(eq(emailSends.id, send.id)))[0]!;

describe("POST /api/email/one-click-unsubscribe/{token}", () => {
  it("a cross-site form POST without a cookie switches off marketing only and credits the campaign", async () => {
    const res = await oneClick(headerPath(ada.unsubscribeToken, campaign.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = await reloadSubscriber();
    expect(row).toMatchObject({
      marketingEmails: false,
      applicationEmails: true,
      systemNotifications: true,
      status: "active",
      globallyUnsubscribed: false,
    });
    expect(row.preferencesUpdatedAt).toBeInstanceOf(Date);
    expect((await reloadSend()).unsubscribedAt).toBeInstanceOf(Date);
    const [stored] = await app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
    expect(stored).toMatchObject({ totalRecipients: 1, delivered: 1, unsubscribed: 1 });
  });

  it("is idempotent: a second request succeeds and writes nothing", async () => {
    const url = headerPath(ada.unsubscribeToken, campaign.id);
    expect((await oneClick(url)).statusCode).toBe(200);
    const subscriberAfter = await reloadSubscriber();
    const sendAfter = await reloadSend();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await oneClick(url)).statusCode).toBe(200);
    expect(await reloadSubscriber()).toEqual(subscriberAfter);
    expect(await reloadSend()).toEqual(sendAfter);
  });

  it("accepts an empty body, text/plain and multipart, as mail apps vary", async () => {
    const boundary = "----x";
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const bodies: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ["List-Unsubscribe=One-Click", "text/plain"],
      [multipart, `multipart/form-data; boundary=${boundary}`],
    ];
    for (const [payload, contentType] of bodies) {
      await app.db.update(emailSubscribers).set({ marketingEmails: true }).where(eq(emailSubscribers.id, ada.id));
      const res = await oneClick(headerPath(ada.unsubscribeToken), payload, contentType);
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(200);
      expect((await reloadSubscriber()).marketingEmails).toBe(false);
    }
  });

  it("without a campaign (or with a malformed one) no send is credited", async () => {
    expect((await oneClick(headerPath(ada.unsubscribeToken))).statusCode).toBe(200);
    expect((await oneClick(`${headerPath(ada.unsubscribeToken)}?campaign=not-a-uuid`)).statusCode).toBe(200);
    expect((await reloadSubscriber()).marketingEmails).toBe(false);
    expect((await reloadSend()).unsubscribedAt).toBeNull();
  });

  it("another campaign's id does not credit this send", async () => {
    const [other] = await app.db.insert(emailCampaigns).values({ name: "Other", subject: "Other" }).returning();
    expect((await oneClick(headerPath(ada.unsubscribeToken, other!.id))).statusCode).toBe(200);
    expect((await reloadSend()).unsubscribedAt).toBeNull();
  });

  it.each([
    ["an unknown token", "f".repeat(64)],
    ["a malformed token", "abc"],
  ])("answers 404 JSON for %s", async (_label, token) => {
    const res = await oneClick(headerPath(token, campaign.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "This link is invalid or expired." });
    expect((await reloadSubscriber()).marketingEmails).toBe(true);
  });

  it("refuses an oversized body with 413", async () => {
    const res = await oneClick(headerPath(ada.unsubscribeToken), `List-Unsubscribe=One-Click&x=${"a".repeat(5000)}`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Request body is too large" });
    expect((await reloadSubscriber()).marketingEmails).toBe(true);
  });
});

describe("GET /api/email/one-click-unsubscribe/{token}", () => {
  it("redirects to the unsubscribe page, keeping the campaign, and changes nothing", async () => {
    const res = await app.inject({ method: "GET", url: headerPath(ada.unsubscribeToken, campaign.id) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/email/unsubscribe/${ada.unsubscribeToken}?campaign=${campaign.id}`);
    const plain = await app.inject({ method: "GET", url: headerPath(ada.unsubscribeToken) });
    expect(plain.headers.location).toBe(`/email/unsubscribe/${ada.unsubscribeToken}`);
    expect(await reloadSubscriber()).toEqual(ada);
    expect((await reloadSend()).unsubscribedAt).toBeNull();
  });

  it("drops a campaign value that is not an id and encodes odd tokens", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/email/one-click-unsubscribe/a%2F..%2Fadmin?campaign=https://evil.example",
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/email/unsubscribe/a%2F..%2Fadmin");
  });
});
