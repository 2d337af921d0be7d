import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailWebhookSignatureHeader } from "../../../shared/schemas/email-outbox";
import { type EmailSend, type EmailSubscriber, emailCampaigns, emailSends, emailSubscribers } from "../../db/schema";
import { signWebhook } from "../../http/webhook-signature";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { invalidJsonMessage, invalidSignatureMessage, notConfiguredMessage, webhookPath } from "./email-events.routes";

const secret = "whsec-test-0123456789abcdef";
let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp({ emailWebhookSecret: secret });
});
afterAll(async () => t?.close());

type Post = { body: string; signature?: string | null; contentType?: string };
function post(app: TestApp["app"], { body, signature, contentType = "application/json" }: Post) {
  const headers: Record<string, string> = { "content-type": contentType };
  if (signature) headers[emailWebhookSignatureHeader] = signature;
  return app.inject({ method: "POST", url: webhookPath, payload: body, headers, remoteAddress: nextIp() });
}
/** Signed the way a provider would: over the exact bytes sent. */
function postSigned(events: unknown[], options: { at?: number; key?: string } = {}) {
  const body = JSON.stringify({ events });
  return post(t.app, { body, signature: signWebhook(options.key ?? secret, body, options.at) });
}

let ada: EmailSubscriber;
let send: EmailSend;
const messageId = "<send-1@retreat.example.com>";

beforeEach(async () => {
  await t.app.db.delete(emailCampaigns);
  await t.app.db.delete(emailSubscribers);
  [ada] = (await t.app.db.insert(emailSubscribers).values({ email: "Ada@Example.com" }).returning()) as [
    EmailSubscriber,
  ];
  const [campaign] = await t.app.db.insert(emailCampaigns).values({ name: "News", subject: "News" }).returning();
  [send] = (await t.app.db
    .insert(emailSends)
    .values({
      campaignId: campaign!.id,
      subscriberId: ada.id,
      email: ada.email,
      status: "sent",
      sentAt: new Date("2025-05-01T10:00:00Z"),
      sendgridMessageId: messageId,
    })
    .returning()) as [EmailSend];
});

const reloadSubscriber = async () =>
  (await t.app.db.select().from(emailSubscribers).where(eq(emailSubscribers.id, ada.id)))[0]!;
const reloadSend = async (id = send.id) => (await t.app.db.select().from(emailSends).where(eq(emailSends.id, id)))[0]!;

describe("signature", () => {
  const events = [{ type: "delivered", email: "ada@example.com", messageId }];

  it("accepts a correctly signed batch", async () => {
    const res = await postSigned(events);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ processed: 1, ignored: 0 });
    expect((await reloadSend()).deliveredAt).toBeInstanceOf(Date);
  });

  it("refuses a missing, wrong, tampered or stale signature with 401 and changes nothing", async () => {
    const body = JSON.stringify({ events });
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      null,
      "nonsense",
      signWebhook("another-secret-0123456789", body),
      signWebhook(secret, body.replace("delivered", "complaint")),
      signWebhook(secret, body, now - 6 * 60),
      signWebhook(secret, body, now + 6 * 60),
      `t=${now}`,
      `v1=${"0".repeat(64)}`,
    ];
    for (const signature of attempts) {
      const res = await post(t.app, { body, signature });
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json()).toEqual({ message: invalidSignatureMessage });
    }
    expect((await reloadSend()).deliveredAt).toBeNull();
  });

  it("accepts a signature a few minutes old, and any of several v1 values (secret rotation)", async () => {
    const body = JSON.stringify({ events });
    const old = signWebhook(secret, body, Math.floor(Date.now() / 1000) - 4 * 60);
    expect((await post(t.app, { body, signature: old })).statusCode).toBe(200);
    const rotated = `${signWebhook("old-secret-0123456789abc", body)},v1=${signWebhook(secret, body).split("v1=")[1]}`;
    expect((await post(t.app, { body, signature: rotated })).statusCode).toBe(200);
  });

  it("checks the signature before reporting malformed JSON", async () => {
    const unsigned = await post(t.app, { body: "{not json" });
    expect(unsigned.statusCode).toBe(401);
    const signed = await post(t.app, { body: "{not json", signature: signWebhook(secret, "{not json") });
    expect(signed.statusCode).toBe(400);
    expect(signed.json()).toEqual({ message: invalidJsonMessage });
  });
});

describe("validation", () => {
  it.each([
    ["unknown fields", { events: [{ type: "bounce", email: "ada@example.com", extra: 1 }] }],
    ["an unknown top-level field", { events: [{ type: "bounce", email: "ada@example.com" }], id: 1 }],
    ["an unknown event type", { events: [{ type: "open", email: "ada@example.com" }] }],
    ["an invalid address", { events: [{ type: "bounce", email: "not-an-email" }] }],
    ["no events", { events: [] }],
    ["a bad bounce type", { events: [{ type: "bounce", email: "ada@example.com", bounceType: "medium" }] }],
    ["not an object", [1, 2]],
  ])("answers 400 with errors for %s", async (_label, payload) => {
    const body = JSON.stringify(payload);
    const res = await post(t.app, { body, signature: signWebhook(secret, body) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), errors: expect.any(Array) });
    expect((await reloadSubscriber()).status).toBe("active");
  });

  it("answers 400 for an empty body and 415 for a non-JSON content type", async () => {
    expect((await post(t.app, { body: "", signature: signWebhook(secret, "") })).statusCode).toBe(400);
    const form = await post(t.app, { body: "a=1", signature: signWebhook(secret, "a=1"), contentType: "text/plain" });
    expect(form.statusCode).toBe(415);
  });
});

describe("event effects", () => {
  it("a hard bounce marks the send bounced and the subscriber bounced, with marketing off", async () => {
    const at = "2025-05-01T10:05:00.000Z";
    const res = await postSigned([
      {
        type: "bounce",
        email: "ADA@example.com",
        messageId,
        bounceType: "hard",
        reason: "550 no such user",
        occurredAt: at,
      },
    ]);
    expect(res.json()).toEqual({ processed: 1, ignored: 0 });
    expect(await reloadSend()).toMatchObject({ status: "bounced", bouncedAt: new Date(at) });
    const subscriber = await reloadSubscriber();
    expect(subscriber).toMatchObject({
      status: "bounced",
      bouncedAt: new Date(at),
      marketingEmails: false,
      // Application and system switches stay as chosen; the status keeps campaigns away.
      applicationEmails: true,
      systemNotifications: true,
      globallyUnsubscribed: false,
    });
    // The campaign's stored figures follow in the same commit (reports read them, not a recount).
    const [campaign] = await t.app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, send.campaignId));
    expect(campaign).toMatchObject({ totalRecipients: 1, delivered: 0, bounced: 1 });
  });

  it("a bounce without a type counts as hard; without a Message-ID the address's latest send is used", async () => {
    const [campaign] = await t.app.db.insert(emailCampaigns).values({ name: "Later", subject: "Later" }).returning();
    const [latest] = await t.app.db
      .insert(emailSends)
      .values({
        campaignId: campaign!.id,
        subscriberId: ada.id,
        email: ada.email,
        status: "sent",
        sentAt: new Date("2025-06-01T10:00:00Z"),
      })
      .returning();
    const res = await postSigned([{ type: "bounce", email: "ada@example.com" }]);
    expect(res.json()).toEqual({ processed: 1, ignored: 0 });
    expect(await reloadSend(latest!.id)).toMatchObject({ status: "bounced", bouncedAt: expect.any(Date) });
    expect(await reloadSend()).toMatchObject({ status: "sent", bouncedAt: null });
    expect((await reloadSubscriber()).status).toBe("bounced");
  });

  it("a soft bounce is noted on the send only; the subscriber stays active", async () => {
    const res = await postSigned([
      {
        type: "bounce",
        email: "ada@example.com",
        messageId: "send-1@retreat.example.com",
        bounceType: "soft",
        reason: "Mailbox full",
      },
    ]);
    expect(res.json()).toEqual({ processed: 1, ignored: 0 });
    expect(await reloadSend()).toMatchObject({
      status: "sent",
      bouncedAt: null,
      errorMessage: "Soft bounce: Mailbox full",
    });
    expect(await reloadSubscriber()).toMatchObject({ status: "active", marketingEmails: true, bouncedAt: null });
  });

  it("a complaint unsubscribes the address from everything", async () => {
    const res = await postSigned([{ type: "complaint", email: "ada@example.com", messageId }]);
    expect(res.json()).toEqual({ processed: 1, ignored: 0 });
    expect((await reloadSend()).complainedAt).toBeInstanceOf(Date);
    const subscriber = await reloadSubscriber();
    expect(subscriber).toMatchObject({
      status: "complained",
      marketingEmails: false,
      globallyUnsubscribed: true,
      unsubscribeReason: "Marked as spam",
    });
    expect(subscriber.complainedAt).toBeInstanceOf(Date);
    expect(subscriber.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("a later hard bounce does not turn a complaint back into a bounce", async () => {
    await postSigned([{ type: "complaint", email: "ada@example.com" }]);
    await postSigned([{ type: "bounce", email: "ada@example.com", bounceType: "hard" }]);
    expect(await reloadSubscriber()).toMatchObject({ status: "complained", bouncedAt: expect.any(Date) });
  });

  it("replaying the same batch changes nothing further", async () => {
    const batch = [
      { type: "delivered", email: "ada@example.com", messageId },
      { type: "bounce", email: "ada@example.com", messageId, bounceType: "hard" },
      { type: "complaint", email: "ada@example.com", messageId },
    ];
    expect((await postSigned(batch)).json()).toEqual({ processed: 3, ignored: 0 });
    const subscriberAfter = await reloadSubscriber();
    const sendAfter = await reloadSend();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await postSigned(batch)).json()).toEqual({ processed: 3, ignored: 0 });
    // updatedAt included: nothing was written at all.
    expect(await reloadSubscriber()).toEqual(subscriberAfter);
    expect(await reloadSend()).toEqual(sendAfter);
  });

  it("ignores addresses we do not know and a Message-ID of some other message", async () => {
    const res = await postSigned([
      { type: "bounce", email: "stranger@example.com", bounceType: "hard" },
      { type: "delivered", email: "nobody@example.com", messageId: "<x@elsewhere>" },
      { type: "delivered", email: "ada@example.com", messageId: "<transactional@localhost>" },
    ]);
    // The last one is a known subscriber, but delivery of another message changes nothing here.
    expect(res.json()).toEqual({ processed: 1, ignored: 2 });
    expect((await reloadSend()).deliveredAt).toBeNull();
    const strangers = await t.app.db
      .select()
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, "stranger@example.com"));
    expect(strangers).toEqual([]);
  });
});

describe("configuration", () => {
  const body = JSON.stringify({ events: [{ type: "complaint", email: "ada@example.com" }] });

  // Formerly development accepted unsigned events; now the webhook is off without its secret in
  // every mode (see src/server/security/webhooks-and-modes.security.test.ts).
  it("without EMAIL_WEBHOOK_SECRET answers 404 and applies nothing", async () => {
    const off = await createTestApp();
    try {
      await off.app.db.insert(emailSubscribers).values({ email: "ada@example.com" });
      const res = await post(off.app, { body });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: notConfiguredMessage });
      const [row] = await off.app.db.select().from(emailSubscribers);
      expect(row!.status).toBe("active");
    } finally {
      await off.close();
    }
  });
});

it("the webhook and the one-click address are in the API description (staff see the retry too)", async () => {
  const { cookie } = await signedInAs(t.app, "staff");
  const res = await t.app.inject({ url: "/api/docs", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths;
  expect(paths["/api/webhooks/email-events"].post).toBeDefined();
  expect(paths["/api/email/one-click-unsubscribe/{token}"].post).toBeDefined();
  expect(paths["/api/admin/email-logs/{id}/retry"].post).toBeDefined();
});
