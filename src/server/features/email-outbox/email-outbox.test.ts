import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmailLog, EmailLogListResponse } from "../../../shared/schemas/email-outbox";
import { auditLogs, emailCampaigns, emailLogs, type NewEmailLog } from "../../db/schema";
import { parseMessage, type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { retryCampaignMessage, retryOnlyFailedMessage } from "./email-outbox.service";

let t: TestApp;
let staffCookie: string;
let vendorCookie: string;
let campaignId: string;

beforeAll(async () => {
  t = await createTestApp();
  staffCookie = (await signedInAs(t.app, "staff")).cookie;
  vendorCookie = (await signedInAs(t.app, "vendor")).cookie;
});
afterAll(async () => t?.close());

const base = new Date("2025-03-01T10:00:00.000Z").getTime();
let minute = 0;
async function insertLog(values: Partial<NewEmailLog> = {}) {
  minute += 1;
  const [row] = await t.app.db
    .insert(emailLogs)
    .values({
      recipientEmail: `person${minute}@example.com`,
      subject: `Message ${minute}`,
      body: `<p>Hello ${minute}</p>`,
      textBody: `Hello ${minute}`,
      status: "sent",
      createdAt: new Date(base + minute * 60_000),
      ...values,
    })
    .returning();
  return row!;
}

function list(query = "", cookie = staffCookie) {
  return t.app.inject({ method: "GET", url: `/api/admin/email-logs${query}`, headers: { cookie } });
}
async function listOk(query = ""): Promise<EmailLogListResponse> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const subjects = (body: EmailLogListResponse) => body.items.map((item) => item.subject);

describe("GET /api/admin/email-logs", () => {
  beforeEach(async () => {
    await t.app.db.delete(emailLogs);
    await t.app.db.delete(emailCampaigns);
    const [campaign] = await t.app.db
      .insert(emailCampaigns)
      .values({ name: "Spring news", subject: "Spring" })
      .returning();
    campaignId = campaign!.id;
    await insertLog({ recipientEmail: "Ada.Lovelace@Example.com", subject: "Your application was received" });
    await insertLog({ recipientEmail: "bob@example.com", subject: "Welcome to the waitlist", status: "queued" });
    await insertLog({
      recipientEmail: "carol@example.com",
      subject: "Spring news: 50% off_now",
      status: "failed",
      errorMessage: "451 try later",
      kind: "campaign",
      campaignId,
    });
    await insertLog({ recipientEmail: "dan@example.com", subject: "Spring news", status: "logged", campaignId });
    await insertLog({ recipientEmail: "ada@other.org", subject: "Interview booked", status: "failed" });
  });

  it("lists newest first with whole-outbox counts by status", async () => {
    const body = await listOk();
    expect(subjects(body)).toEqual([
      "Interview booked",
      "Spring news",
      "Spring news: 50% off_now",
      "Welcome to the waitlist",
      "Your application was received",
    ]);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(body.counts).toEqual({ all: 5, queued: 1, sending: 0, sent: 1, logged: 1, failed: 2 });
    expect(body.items[2]).toEqual({
      id: expect.any(String),
      recipientEmail: "carol@example.com",
      recipientName: null,
      subject: "Spring news: 50% off_now",
      kind: "campaign",
      status: "failed",
      campaignId,
      sentAt: null,
      errorMessage: "451 try later",
      createdAt: new Date(base + 3 * 60_000).toISOString(),
    } satisfies EmailLog);
    expect(body.items[0]).not.toHaveProperty("html");
  });

  it("filters by status and campaign; the counts still cover the whole outbox", async () => {
    const failed = await listOk("?status=failed");
    expect(subjects(failed)).toEqual(["Interview booked", "Spring news: 50% off_now"]);
    expect(failed.total).toBe(2);
    expect(failed.counts.all).toBe(5);

    const campaign = await listOk(`?campaignId=${campaignId}`);
    expect(subjects(campaign)).toEqual(["Spring news", "Spring news: 50% off_now"]);
    const both = await listOk(`?campaignId=${campaignId}&status=logged`);
    expect(subjects(both)).toEqual(["Spring news"]);
  });

  it("searches the start of the recipient address, case-insensitively, or words in the subject", async () => {
    expect(subjects(await listOk("?search=ADA"))).toEqual(["Interview booked", "Your application was received"]);
    expect(subjects(await listOk("?search=ada.l"))).toEqual(["Your application was received"]);
    // Not a prefix of any address, and not in any subject.
    expect((await listOk("?search=example.com")).total).toBe(0);
    expect(subjects(await listOk("?search=WAITLIST"))).toEqual(["Welcome to the waitlist"]);
    expect(subjects(await listOk("?search=spring%20news"))).toEqual(["Spring news", "Spring news: 50% off_now"]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect(subjects(await listOk(`?search=${encodeURIComponent("50%")}`))).toEqual(["Spring news: 50% off_now"]);
    expect(subjects(await listOk(`?search=${encodeURIComponent("off_now")}`))).toEqual(["Spring news: 50% off_now"]);
    expect((await listOk(`?search=${encodeURIComponent("%")}`)).total).toBe(1);
    expect((await listOk(`?search=${encodeURIComponent("_")}`)).total).toBe(1);
  });

  it("pages through the results", async () => {
    const first = await listOk("?pageSize=2");
    const second = await listOk("?pageSize=2&page=2");
    const third = await listOk("?pageSize=2&page=3");
    expect(subjects(first)).toEqual(["Interview booked", "Spring news"]);
    expect(subjects(second)).toEqual(["Spring news: 50% off_now", "Welcome to the waitlist"]);
    expect(subjects(third)).toEqual(["Your application was received"]);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect(third).toMatchObject({ page: 3, pageSize: 2 });
  });

  it("rejects unknown filters with 400", async () => {
    for (const query of ["?status=bounced", "?campaignId=nope", "?pageSize=101", "?page=0", "?sort=subject"]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe("GET /api/admin/email-logs/{id}", () => {
  it("returns the message with its HTML and text parts", async () => {
    const log = await insertLog({ recipientName: "Eve", kind: "waitlist_welcome" });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/email-logs/${log.id}`,
      headers: { cookie: staffCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: log.id,
      recipientName: "Eve",
      kind: "waitlist_welcome",
      html: log.body,
      text: log.textBody,
    });
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/admin/email-logs/00000000-0000-4000-8000-000000000000",
      headers: { cookie: staffCookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Message not found" });
    const bad = await t.app.inject({ method: "GET", url: "/api/admin/email-logs/1", headers: { cookie: staffCookie } });
    expect(bad.statusCode).toBe(400);
  });
});

const retry = (id: string, cookie = staffCookie) =>
  t.app.inject({ method: "POST", url: `/api/admin/email-logs/${id}/retry`, headers: { cookie } });

describe("POST /api/admin/email-logs/{id}/retry", () => {
  it("queues a failed message again, clears its error and records who did it", async () => {
    const log = await insertLog({ status: "failed", errorMessage: "550 mailbox full", kind: "application_received" });
    const res = await retry(log.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: log.id, status: "queued", errorMessage: null });
    const [row] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.id, log.id));
    expect(row).toMatchObject({ status: "queued", errorMessage: null });
    const audits = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, log.id), eq(auditLogs.action, "retry")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      entityType: "email_log",
      oldValues: { status: "failed", errorMessage: "550 mailbox full" },
      newValues: expect.objectContaining({ status: "queued" }),
    });
  });

  it("refuses messages that did not fail, and campaign messages, with 409", async () => {
    for (const status of ["sent", "queued", "sending", "logged"]) {
      const log = await insertLog({ status });
      const res = await retry(log.id);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ message: retryOnlyFailedMessage });
    }
    const campaignLog = await insertLog({ status: "failed", kind: "campaign" });
    const res = await retry(campaignLog.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: retryCampaignMessage });
    const [row] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.id, campaignLog.id));
    expect(row!.status).toBe("failed");
  });

  it("answers 404 for an unknown message", async () => {
    const res = await retry("00000000-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(404);
  });
});

describe("who may use the outbox", () => {
  it("staff and owners only: vendors get 403, anonymous callers 401", async () => {
    const log = await insertLog({ status: "failed" });
    const owner = await signedInAs(t.app, "owner");
    expect((await list("", owner.cookie)).statusCode).toBe(200);
    for (const [cookie, status] of [
      [vendorCookie, 403],
      ["", 401],
    ] as const) {
      expect((await list("", cookie)).statusCode).toBe(status);
      const detail = await t.app.inject({ method: "GET", url: `/api/admin/email-logs/${log.id}`, headers: { cookie } });
      expect(detail.statusCode).toBe(status);
      expect((await retry(log.id, cookie)).statusCode).toBe(status);
    }
    const [row] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.id, log.id));
    expect(row!.status).toBe("failed");
  });
});

describe("retry with a worker and SMTP", () => {
  let sink: SmtpSink;
  let w: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    w = await createTestApp({ smtpUrl: sink.url, runWorker: true });
  });
  afterAll(async () => {
    await w?.close();
    await sink?.close();
  });

  it("a retried message is actually delivered and marked sent", async () => {
    const [log] = await w.app.db
      .insert(emailLogs)
      .values({
        recipientEmail: "retry@example.com",
        subject: "Your interview",
        body: "<p>See you soon</p>",
        textBody: "See you soon",
        kind: "interview_booked",
        status: "failed",
        errorMessage: "connection refused",
      })
      .returning();
    const { cookie } = await signedInAs(w.app, "staff");
    const res = await w.app.inject({
      method: "POST",
      url: `/api/admin/email-logs/${log!.id}/retry`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);

    await sink.waitForCount(1);
    const mail = await parseMessage(sink.to("retry@example.com")[0]!);
    expect(mail.subject).toBe("Your interview");
    expect(mail.text?.trim()).toBe("See you soon");

    // The worker marks the row after the SMTP server accepted it.
    const deadline = Date.now() + 10_000;
    let row = (await w.app.db.select().from(emailLogs).where(eq(emailLogs.id, log!.id)))[0]!;
    while (row.status !== "sent" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = (await w.app.db.select().from(emailLogs).where(eq(emailLogs.id, log!.id)))[0]!;
    }
    expect(row).toMatchObject({ status: "sent", errorMessage: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});
