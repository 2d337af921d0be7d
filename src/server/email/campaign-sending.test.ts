import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Campaign } from "../../shared/schemas/email-campaigns";
import { type EmailSubscriber, emailCampaigns, emailLogs, emailSends, emailSubscribers } from "../db/schema";
import { enqueueCampaignSender } from "../features/email-campaigns/campaign-queue";
import { campaignEngineSettings, interruptedMessage } from "../features/email-campaigns/campaign-sender";
import { interruptedAfterMs, sweepCampaigns } from "../features/email-campaigns/campaign-sweep";
import { insertSubscribers } from "../test/fixtures/email-campaigns";
import { headerOf, parseMessage, type SmtpSink, startSmtpSink } from "../test/smtp-sink";
import { createTestApp, type TestApp } from "../test/test-app";
import { signedInAs } from "../test/test-sessions";
import { waitFor } from "../test/wait-for";

const publicUrl = "https://retreat.example.com";
let sink: SmtpSink;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  campaignEngineSettings.retryBaseMs = 300;
  sink = await startSmtpSink();
  t = await createTestApp({ smtpUrl: sink.url, runWorker: true, publicUrl, emailRatePerSecond: 20 });
  cookie = (await signedInAs(t.app, "staff")).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const base = "/api/admin/email-campaigns";
const api = (method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function createCampaign(tag: string, overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const res = await api("POST", base, {
    name: `Campaign ${tag}`,
    subject: "Hi {{ firstName }}",
    content: "Dear {{ firstName }},\n\nWe open applications soon: [apply]({{ applyUrl }}).",
    targetTags: [tag],
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function send(campaign: Campaign, body: object = {}) {
  const res = await api("POST", `${base}/${campaign.id}/send`, body);
  expect(res.statusCode).toBe(200);
  return res.json() as Campaign;
}

async function campaignRow(id: string) {
  const [row] = await t.app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
  return row!;
}

const untilStatus = (id: string, status: string, ms = 20_000) =>
  waitFor(async () => ((await campaignRow(id)).status === status ? true : undefined), `campaign ${status}`, ms);

const sendsOf = (campaignId: string) => t.app.db.select().from(emailSends).where(eq(emailSends.campaignId, campaignId));

describe("campaign messages over SMTP", () => {
  it("carries one-click unsubscribe headers, its own Message-ID, From and Reply-To, both parts, escaped values", async () => {
    const [subscriber] = await insertSubscribers(t.app.db, "headers", 1, {
      firstName: "<img src=x onerror=alert(1)>",
      tags: ["t-headers"],
    });
    const campaign = await createCampaign("t-headers", {
      fromName: "Retreat Team",
      fromEmail: "news@retreat.example.com",
      replyTo: "reply@retreat.example.com",
    });
    await send(campaign);
    await untilStatus(campaign.id, "sent");

    const received = sink.to(subscriber!.email);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("news@retreat.example.com");
    const mail = await parseMessage(received[0]!);
    const token = subscriber!.unsubscribeToken;
    const [row] = await sendsOf(campaign.id);

    expect(headerOf(mail, "List-Unsubscribe")).toBe(
      `<${publicUrl}/api/email/one-click-unsubscribe/${token}?campaign=${campaign.id}>`,
    );
    expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.messageId).toBe(`<send-${row!.id}@retreat.example.com>`);
    expect(row!.sendgridMessageId).toBe(mail.messageId);
    expect(mail.from).toMatchObject({ name: "Retreat Team", address: "news@retreat.example.com" });
    expect(mail.replyTo?.[0]).toMatchObject({ address: "reply@retreat.example.com" });
    expect(mail.to?.[0]?.address).toBe(subscriber!.email);
    expect(mail.subject).toBe("Hi <img src=x onerror=alert(1)>");

    expect(mail.html).toContain("Dear &lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.text).toContain("Dear <img src=x onerror=alert(1)>");
    for (const part of [mail.html!, mail.text!]) {
      expect(part).toContain(`${publicUrl}/email/unsubscribe/${token}`);
      expect(part).toContain(`${publicUrl}/email/preferences/${token}`);
    }

    expect(row).toMatchObject({ status: "sent", attempts: 1, errorMessage: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    const [log] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, campaign.id));
    expect(log).toMatchObject({
      kind: "campaign",
      status: "sent",
      recipientEmail: subscriber!.email,
      subject: mail.subject,
      errorMessage: null,
    });
    expect(log!.body).toContain("Dear &lt;img");
    expect(log!.textBody).toContain("Unsubscribe");
    expect(log!.sentAt).toBeInstanceOf(Date);
    const [after] = await t.app.db.select().from(emailSubscribers).where(eq(emailSubscribers.id, subscriber!.id));
    expect(after!.lastEmailSent).toBeInstanceOf(Date);

    const done = await campaignRow(campaign.id);
    expect(done).toMatchObject({ totalRecipients: 1, delivered: 1, failed: 0 });
    expect(done.sentAt).toBeInstanceOf(Date);
    expect((await api("GET", `${base}/${campaign.id}`)).json()).toMatchObject({
      status: "sent",
      delivered: 1,
      pending: 0,
    });
  });

  it("retries a temporary SMTP failure after a backoff and delivers the message once", async () => {
    const [subscriber] = await insertSubscribers(t.app.db, "retry", 1, { tags: ["t-retry"] });
    const campaign = await createCampaign("t-retry");
    sink.failNext(1);
    await send(campaign);
    await untilStatus(campaign.id, "sent");
    expect(sink.to(subscriber!.email)).toHaveLength(1);
    const [row] = await sendsOf(campaign.id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, errorMessage: null });
    const logs = await t.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, campaign.id));
    expect(logs.map((l) => l.status)).toEqual(["sent"]);
  });

  it("gives up after three attempts: the send and its email_logs row are failed with the error", async () => {
    const [subscriber] = await insertSubscribers(t.app.db, "fail", 1, { tags: ["t-fail"] });
    const campaign = await createCampaign("t-fail");
    sink.failNext(3);
    await send(campaign);
    await untilStatus(campaign.id, "sent");
    expect(sink.to(subscriber!.email)).toHaveLength(0);
    const [row] = await sendsOf(campaign.id);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row!.errorMessage).toContain("Temporary failure");
    const [log] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, campaign.id));
    expect(log).toMatchObject({ status: "failed", kind: "campaign", sentAt: null });
    expect(log!.errorMessage).toContain("Temporary failure");
    expect(await campaignRow(campaign.id)).toMatchObject({ failed: 1, delivered: 0, totalRecipients: 1 });
  });

  it("a cancel during sending stops the rest", async () => {
    const subscribers = await insertSubscribers(t.app.db, "cancel", 60, { tags: ["t-cancel"] });
    const addresses = new Set(subscribers.map((s) => s.email));
    const arrived = () => sink.received.filter((m) => addresses.has(m.to[0]!)).length;
    const campaign = await createCampaign("t-cancel");
    await send(campaign);
    await waitFor(() => arrived() >= 5, "the first messages");
    const res = await api("POST", `${base}/${campaign.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("cancelled");

    // The sender notices within about a second; nothing is left in its hands.
    await waitFor(async () => {
      const rows = await sendsOf(campaign.id);
      return rows.every((r) => r.status !== "sending" && r.status !== "pending");
    }, "the sender to let go");
    const afterCancel = arrived();
    await new Promise((r) => setTimeout(r, 1500));
    expect(arrived()).toBe(afterCancel);
    expect(afterCancel).toBeLessThan(60);

    const rows = await sendsOf(campaign.id);
    const sent = rows.filter((r) => r.status === "sent").length;
    const cancelled = rows.filter((r) => r.status === "cancelled").length;
    expect(sent).toBe(afterCancel);
    expect(cancelled).toBe(60 - afterCancel);
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "cancelled", delivered: sent });
  });

  it("a scheduled campaign starts at its time, not before", async () => {
    const [subscriber] = await insertSubscribers(t.app.db, "scheduled", 1, { tags: ["t-scheduled"] });
    const campaign = await createCampaign("t-scheduled");
    const at = new Date(Date.now() + 2_500);
    const scheduled = await send(campaign, { scheduledAt: at.toISOString() });
    expect(scheduled.status).toBe("scheduled");
    await new Promise((r) => setTimeout(r, 1000));
    expect(sink.to(subscriber!.email)).toHaveLength(0);
    expect((await campaignRow(campaign.id)).status).toBe("scheduled");

    await waitFor(() => sink.to(subscriber!.email).length === 1, "the scheduled message");
    const row = await untilStatus(campaign.id, "sent").then(() => campaignRow(campaign.id));
    expect(row.startedAt!.getTime()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  });

  it("skips a recipient who opted out between fan-out and their turn", async () => {
    const [keep, leave] = await insertSubscribers(t.app.db, "optout", 2, { tags: ["t-optout"] });
    const campaign = await createCampaign("t-optout");
    // Fixed recipients first (status "sending" without a job), then one opts out, then the sender runs.
    await t.app.db
      .update(emailCampaigns)
      .set({ status: "sending", startedAt: new Date() })
      .where(eq(emailCampaigns.id, campaign.id));
    await t.app.db
      .insert(emailSends)
      .values([keep!, leave!].map((s) => ({ campaignId: campaign.id, subscriberId: s.id, email: s.email })));
    await t.app.db.update(emailSubscribers).set({ marketingEmails: false }).where(eq(emailSubscribers.id, leave!.id));
    await enqueueCampaignSender(t.app.queue!, campaign.id);
    await untilStatus(campaign.id, "sent");
    expect(sink.to(keep!.email)).toHaveLength(1);
    expect(sink.to(leave!.email)).toHaveLength(0);
    const [skipped] = await t.app.db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.campaignId, campaign.id), eq(emailSends.subscriberId, leave!.id)));
    expect(skipped).toMatchObject({ status: "cancelled", attempts: 0 });
  });

  it("ends a campaign that no longer renders with every message failed and logged, instead of retrying forever", async () => {
    const [subscriber] = await insertSubscribers(t.app.db, "unrenderable", 1, { tags: ["t-unrenderable"] });
    // As if a deploy withdrew a variable after the campaign was checked and sent.
    const [campaign] = await t.app.db
      .insert(emailCampaigns)
      .values({
        name: "Old",
        subject: "Hello",
        content: "Your code: {{ coupon }}",
        status: "sending",
        startedAt: new Date(),
        targetTags: ["t-unrenderable"],
      })
      .returning();
    await enqueueCampaignSender(t.app.queue!, campaign!.id);
    await untilStatus(campaign!.id, "sent");
    const [row] = await sendsOf(campaign!.id);
    expect(row!.status).toBe("failed");
    expect(row!.errorMessage).toContain("{{ coupon }}");
    const [log] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, campaign!.id));
    expect(log).toMatchObject({ status: "failed", recipientEmail: subscriber!.email, kind: "campaign" });
    expect(await campaignRow(campaign!.id)).toMatchObject({ failed: 1, totalRecipients: 1 });
    expect(sink.to(subscriber!.email)).toHaveLength(0);
  });

  it("the sweep fails a message interrupted mid-send instead of sending it again, then finishes the campaign", async () => {
    const [subscriber] = await insertSubscribers(t.app.db, "interrupted", 1, { tags: ["t-interrupted"] });
    const campaign = await createCampaign("t-interrupted");
    await t.app.db
      .update(emailCampaigns)
      .set({ status: "sending", startedAt: new Date() })
      .where(eq(emailCampaigns.id, campaign.id));
    // What a kill -9 between the claim and the result leaves behind.
    await t.app.db.insert(emailSends).values({
      campaignId: campaign.id,
      subscriberId: subscriber!.id,
      email: subscriber!.email,
      status: "sending",
      attempts: 1,
    });
    const longAgo = new Date(Date.now() - interruptedAfterMs - 60_000);
    await t.app.db.update(emailSends).set({ updatedAt: longAgo }).where(eq(emailSends.campaignId, campaign.id));

    const result = await sweepCampaigns({ db: t.app.db, queue: t.app.queue!, log: t.app.log, publicUrl });
    expect(result.interrupted).toBe(1);
    await untilStatus(campaign.id, "sent");
    const [row] = await sendsOf(campaign.id);
    expect(row).toMatchObject({ status: "failed", errorMessage: interruptedMessage });
    const [log] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, campaign.id));
    expect(log).toMatchObject({ status: "failed", errorMessage: interruptedMessage, subject: "Hi First0" });
    expect(sink.to(subscriber!.email)).toHaveLength(0);
    expect(await campaignRow(campaign.id)).toMatchObject({ failed: 1 });
  });
});

describe("test sends", () => {
  it("sends a [Test] copy with the subscriber's data and unsubscribe headers when the address is a subscriber's", async () => {
    const [subscriber] = (await insertSubscribers(t.app.db, "tester", 1, { firstName: "Tess" })) as [EmailSubscriber];
    const campaign = await createCampaign("t-test", { fromName: "Retreat Team", replyTo: "reply@retreat.example.com" });
    const res = await api("POST", `${base}/${campaign.id}/test`, { email: subscriber.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Test email sent to ${subscriber.email.toUpperCase()}`);
    await waitFor(() => sink.to(subscriber.email).length === 1, "the test message");
    const mail = await parseMessage(sink.to(subscriber.email)[0]!);
    expect(mail.subject).toBe("[Test] Hi Tess");
    expect(mail.from).toMatchObject({ name: "Retreat Team", address: "hello@localhost" });
    expect(mail.replyTo?.[0]).toMatchObject({ address: "reply@retreat.example.com" });
    expect(headerOf(mail, "List-Unsubscribe")).toContain(subscriber.unsubscribeToken);
    expect(mail.text).toContain(`${publicUrl}/email/unsubscribe/${subscriber.unsubscribeToken}`);
    const [log] = await waitFor(async () => {
      const rows = await t.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, campaign.id));
      return rows[0]?.status === "sent" ? rows : undefined;
    }, "the outbox row to be sent");
    expect(log).toMatchObject({ kind: "campaign_test", subject: "[Test] Hi Tess" });
    // A test send is not a campaign send.
    expect((await campaignRow(campaign.id)).status).toBe("draft");
  });

  it("uses the sample data and no unsubscribe headers for an address that is not a subscriber", async () => {
    const campaign = await createCampaign("t-test2", { content: "Sent to {{ email }} for {{ firstName }}" });
    const res = await api("POST", `${base}/${campaign.id}/test`, { email: "outsider@example.com" });
    expect(res.statusCode).toBe(200);
    await waitFor(() => sink.to("outsider@example.com").length === 1, "the test message");
    const mail = await parseMessage(sink.to("outsider@example.com")[0]!);
    expect(mail.subject).toBe("[Test] Hi Alex");
    expect(mail.text).toContain("Sent to outsider@example.com for Alex");
    expect(headerOf(mail, "List-Unsubscribe")).toBeUndefined();
  });
});

describe("without SMTP", () => {
  it("records each message as logged and still completes the campaign", async () => {
    const noSmtp = await createTestApp({ runWorker: true, publicUrl });
    try {
      const staff = await signedInAs(noSmtp.app, "staff");
      await insertSubscribers(noSmtp.app.db, "nosmtp", 3);
      const created = await noSmtp.app.inject({
        method: "POST",
        url: base,
        headers: { cookie: staff.cookie },
        payload: { name: "Logged", subject: "Hello", content: "Hi {{ firstName }}" },
      });
      const id = created.json().id as string;
      const sent = await noSmtp.app.inject({
        method: "POST",
        url: `${base}/${id}/send`,
        headers: { cookie: staff.cookie },
      });
      expect(sent.statusCode).toBe(200);
      await waitFor(async () => {
        const [row] = await noSmtp.app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
        return row?.status === "sent";
      }, "the campaign to complete");
      const logs = await noSmtp.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, id));
      expect(logs.map((l) => l.status)).toEqual(["logged", "logged", "logged"]);
      const [row] = await noSmtp.app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      expect(row).toMatchObject({ totalRecipients: 3, delivered: 3 });
    } finally {
      await noSmtp.close();
    }
  });
});
