import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Campaign } from "../../../shared/schemas/email-campaigns";
import {
  auditLogs,
  emailCampaigns,
  emailLogs,
  emailMarketingTemplates,
  emailSends,
  emailSubscribers,
} from "../../db/schema";
import { insertSubscribers } from "../../test/fixtures/email-campaigns";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let t: TestApp;
let staff: { user: { id: string }; cookie: string };
let vendorCookie: string;

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: "https://retreat.example.com",
    emailFrom: "Retreat HQ <news@retreat.example.com>",
  });
  staff = await signedInAs(t.app, "staff");
  vendorCookie = (await signedInAs(t.app, "vendor")).cookie;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(emailCampaigns);
  await t.app.db.delete(emailSubscribers);
});

const base = "/api/admin/email-campaigns";
const draftInput = {
  name: "May news",
  subject: "Hello {{ firstName }}",
  content: "# News\n\nDear {{ firstName }}, [apply]({{ applyUrl }}).",
};

function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, cookie = staff.cookie) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function createDraft(overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const res = await api("POST", base, { ...draftInput, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function auditFor(entityId: string) {
  return t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "email_campaign"), eq(auditLogs.entityId, entityId)))
    .orderBy(desc(auditLogs.createdAt));
}

describe("campaign drafts", () => {
  it("creates a draft with the defaults filled in, by the signed-in user, audited", async () => {
    const campaign = await createDraft();
    expect(campaign).toMatchObject({
      name: "May news",
      status: "draft",
      campaignType: "marketing",
      targetSegments: [],
      targetTags: [],
      fromName: "Retreat HQ",
      fromEmail: "news@retreat.example.com",
      replyTo: null,
      templateId: null,
      scheduledAt: null,
      totalRecipients: 0,
      pending: 0,
    });
    const [row] = await t.app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
    expect(row!.createdBy).toBe(staff.user.id);
    const [entry] = await auditFor(campaign.id);
    expect(entry).toMatchObject({ action: "create", userId: staff.user.id });
  });

  it("refuses unknown variables with a 400 naming them, and nothing is saved", async () => {
    const res = await api("POST", base, { ...draftInput, content: "Hi {{ firstname }} and {{ coupon }}" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("{{ firstname }}");
    expect(res.json().message).toContain("{{ coupon }}");
    expect(await t.app.db.select().from(emailCampaigns)).toHaveLength(0);

    const subject = await api("POST", base, { ...draftInput, subject: "Hi {{ nickname }}" });
    expect(subject.statusCode).toBe(400);
    expect(subject.json().message).toContain("{{ nickname }}");
  });

  it("counts a template's use once per campaign made from it; an unknown template is a 400", async () => {
    const [template] = await t.app.db
      .insert(emailMarketingTemplates)
      .values({ name: "Monthly", subject: "s", content: "c" })
      .returning();
    const campaign = await createDraft({ templateId: template!.id });
    expect(campaign.templateId).toBe(template!.id);
    await api("PUT", `${base}/${campaign.id}`, { ...draftInput, name: "Renamed", templateId: template!.id });
    await api("POST", `${base}/${campaign.id}/duplicate`);
    const [after] = await t.app.db
      .select()
      .from(emailMarketingTemplates)
      .where(eq(emailMarketingTemplates.id, template!.id));
    expect(after!.usageCount).toBe(2);

    const unknown = await api("POST", base, { ...draftInput, templateId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Template not found");
  });

  it("lowers a template's count when a draft switches away from it or is deleted, and counts simultaneous drafts", async () => {
    const [first, second] = await t.app.db
      .insert(emailMarketingTemplates)
      .values([
        { name: "First", subject: "s", content: "c" },
        { name: "Second", subject: "s", content: "c" },
      ])
      .returning();
    const usedBy = async () =>
      Object.fromEntries(
        (await t.app.db.select().from(emailMarketingTemplates))
          .filter((row) => row.id === first!.id || row.id === second!.id)
          .map((row) => [row.name, row.usageCount]),
      );
    const campaign = await createDraft({ templateId: first!.id });
    const other = await createDraft({ templateId: first!.id });
    expect(await usedBy()).toEqual({ First: 2, Second: 0 });

    const switched = await api("PUT", `${base}/${campaign.id}`, { ...draftInput, templateId: second!.id });
    expect(switched.statusCode).toBe(200);
    expect(await usedBy()).toEqual({ First: 1, Second: 1 });

    expect((await api("DELETE", `${base}/${other.id}`)).statusCode).toBe(204);
    expect(await usedBy()).toEqual({ First: 0, Second: 1 });

    const unlinked = await api("PUT", `${base}/${campaign.id}`, { ...draftInput, templateId: null });
    expect(unlinked.statusCode).toBe(200);
    expect(await usedBy()).toEqual({ First: 0, Second: 0 });

    // As many at once as the template sandbox checks without a 429 (one running, three waiting).
    const made = await Promise.all(Array.from({ length: 4 }, () => createDraft({ templateId: first!.id })));
    expect(made).toHaveLength(4);
    expect(await usedBy()).toEqual({ First: 4, Second: 0 });
  });

  it("edits drafts only", async () => {
    const campaign = await createDraft();
    const res = await api("PUT", `${base}/${campaign.id}`, {
      ...draftInput,
      name: "June news",
      replyTo: "team@retreat.example.com",
      targetTags: ["Vip", "vip"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "June news", replyTo: "team@retreat.example.com", targetTags: ["vip"] });
    expect((await auditFor(campaign.id))[0]).toMatchObject({ action: "update" });

    await t.app.db.update(emailCampaigns).set({ status: "sent" }).where(eq(emailCampaigns.id, campaign.id));
    const refused = await api("PUT", `${base}/${campaign.id}`, draftInput);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Only draft campaigns can be edited.");
  });

  it("deletes drafts only, and duplicates any campaign as a new draft", async () => {
    const campaign = await createDraft();
    await t.app.db
      .update(emailCampaigns)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(emailCampaigns.id, campaign.id));
    expect((await api("DELETE", `${base}/${campaign.id}`)).statusCode).toBe(409);

    const copyRes = await api("POST", `${base}/${campaign.id}/duplicate`);
    expect(copyRes.statusCode).toBe(201);
    const copy = copyRes.json() as Campaign;
    expect(copy).toMatchObject({ name: "Copy of May news", status: "draft", sentAt: null, content: campaign.content });
    expect(copy.id).not.toBe(campaign.id);

    const deleted = await api("DELETE", `${base}/${copy.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, copy.id))).toHaveLength(0);
    expect((await auditFor(copy.id)).map((a) => a.action)).toEqual(expect.arrayContaining(["delete", "duplicate"]));
    expect((await api("GET", `${base}/${copy.id}`)).statusCode).toBe(404);
  });

  it("lists newest first with counters computed from the sends", async () => {
    const older = await createDraft({ name: "Older" });
    const newer = await createDraft({ name: "Newer" });
    const subscribers = await insertSubscribers(t.app.db, "count", 7);
    const statuses = ["sent", "sent", "bounced", "failed", "pending", "sending", "cancelled"];
    await t.app.db.insert(emailSends).values(
      subscribers.map((s, i) => ({
        campaignId: older.id,
        subscriberId: s.id,
        email: s.email,
        status: statuses[i]!,
        bouncedAt: statuses[i] === "bounced" ? new Date() : null,
        unsubscribedAt: i === 1 ? new Date() : null,
      })),
    );
    const res = await api("GET", base);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Campaign[];
    expect(items.map((c) => c.name)).toEqual(["Newer", "Older"]);
    expect(items[1]).toMatchObject({
      totalRecipients: 7,
      delivered: 2,
      bounced: 1,
      unsubscribed: 1,
      failed: 1,
      pending: 2,
    });
    expect(items[0]).toMatchObject({ id: newer.id, totalRecipients: 0 });
    const one = await api("GET", `${base}/${older.id}`);
    expect(one.json()).toMatchObject({ totalRecipients: 7, delivered: 2 });
  });

  it("previews with the sample subscriber, the real retreat and the footer", async () => {
    const campaign = await createDraft();
    const res = await api("POST", `${base}/${campaign.id}/preview`);
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.subject).toBe("Hello Alex");
    expect(preview.html).toContain("Dear Alex");
    expect(preview.html).toContain("<h1");
    expect(preview.html).toContain("news about Bali Vegan Activism Retreat 2026 at https://retreat.example.com");
    expect(preview.text).toContain("Unsubscribe: https://example.com/email/unsubscribe/sample");
  });
});

describe("audience", () => {
  it("counts exactly the eligible subscribers for the type, segments and tags", async () => {
    const db = t.app.db;
    await insertSubscribers(db, "ok", 3, { segment: "waitlist", tags: ["vip"] });
    await insertSubscribers(db, "ok-applicant", 2, { segment: "applicant" });
    await insertSubscribers(db, "no-marketing", 2, { segment: "waitlist", marketingEmails: false, tags: ["vip"] });
    await insertSubscribers(db, "global", 1, { segment: "waitlist", globallyUnsubscribed: true });
    await insertSubscribers(db, "bounced", 1, { segment: "waitlist", status: "bounced" });
    await insertSubscribers(db, "complained", 1, { segment: "waitlist", status: "complained" });
    await insertSubscribers(db, "unsubscribed", 1, { segment: "waitlist", status: "unsubscribed" });
    await insertSubscribers(db, "no-system", 1, { segment: "waitlist", systemNotifications: false });

    const count = async (body: object) => {
      const res = await api("POST", `${base}/audience`, body);
      expect(res.statusCode).toBe(200);
      return res.json().count as number;
    };
    expect(await count({})).toBe(6); // 3 + 2 + no-system
    expect(await count({ targetSegments: ["waitlist"] })).toBe(4);
    expect(await count({ targetSegments: ["waitlist"], targetTags: ["VIP"] })).toBe(3);
    expect(await count({ targetTags: ["vip", "other"] })).toBe(3);
    expect(await count({ campaignType: "application" })).toBe(8); // marketing off does not matter
    expect(await count({ campaignType: "system" })).toBe(7);
    expect(await count({ targetSegments: ["approved"] })).toBe(0);

    const bad = await api("POST", `${base}/audience`, { targetSegments: ["nobody"] });
    expect(bad.statusCode).toBe(400);
  });
});

describe("sending and cancelling (no worker in this process)", () => {
  it("refuses a campaign nobody would receive", async () => {
    await insertSubscribers(t.app.db, "wrong-segment", 2, { segment: "approved" });
    const campaign = await createDraft({ targetSegments: ["waitlist"] });
    const res = await api("POST", `${base}/${campaign.id}/send`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("No subscribers match this campaign's audience.");
  });

  it("refuses a time in the past and anything but a draft", async () => {
    await insertSubscribers(t.app.db, "someone", 1);
    const campaign = await createDraft();
    const past = await api("POST", `${base}/${campaign.id}/send`, { scheduledAt: "2020-01-01T00:00:00Z" });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("scheduledAt must be in the future");

    const sent = await api("POST", `${base}/${campaign.id}/send`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: "sending", scheduledAt: null });
    expect(sent.json().startedAt).not.toBeNull();
    const again = await api("POST", `${base}/${campaign.id}/send`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Only draft campaigns can be sent.");
    expect((await auditFor(campaign.id))[0]).toMatchObject({ action: "send" });
  });

  it("schedules, and cancels scheduled or sending campaigns only (pending sends cancelled with them)", async () => {
    const [someone] = await insertSubscribers(t.app.db, "sched", 1);
    const campaign = await createDraft();
    const draftCancel = await api("POST", `${base}/${campaign.id}/cancel`);
    expect(draftCancel.statusCode).toBe(409);

    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await api("POST", `${base}/${campaign.id}/send`, { scheduledAt: at });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: "scheduled", scheduledAt: at, startedAt: null });

    await t.app.db
      .insert(emailSends)
      .values({ campaignId: campaign.id, subscriberId: someone!.id, email: someone!.email });
    const cancelled = await api("POST", `${base}/${campaign.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", pending: 0, totalRecipients: 1 });
    expect(cancelled.json().cancelledAt).not.toBeNull();
    const [send] = await t.app.db.select().from(emailSends).where(eq(emailSends.campaignId, campaign.id));
    expect(send!.status).toBe("cancelled");
    expect((await api("POST", `${base}/${campaign.id}/cancel`)).statusCode).toBe(409);
    expect((await auditFor(campaign.id))[0]).toMatchObject({ action: "cancel" });
  });

  it("lists a campaign's sends by status, paginated", async () => {
    const campaign = await createDraft();
    const subscribers = await insertSubscribers(t.app.db, "sends", 5);
    await t.app.db.insert(emailSends).values(
      subscribers.map((s, i) => ({
        campaignId: campaign.id,
        subscriberId: s.id,
        email: s.email,
        status: i < 3 ? "sent" : "failed",
        errorMessage: i < 3 ? null : "550 no such user",
        attempts: 1,
      })),
    );
    const page = await api("GET", `${base}/${campaign.id}/sends?status=sent&pageSize=2&page=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.json().items).toHaveLength(1);
    const failed = await api("GET", `${base}/${campaign.id}/sends?status=failed`);
    expect(failed.json().items[0]).toMatchObject({ status: "failed", errorMessage: "550 no such user", attempts: 1 });
    expect((await api("GET", `${base}/${campaign.id}/sends?status=nope`)).statusCode).toBe(400);
  });

  it("records a test send in the outbox, tagged with the campaign, with the [Test] subject", async () => {
    const campaign = await createDraft();
    const res = await api("POST", `${base}/${campaign.id}/test`, { email: "editor@example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Test email sent to editor@example.com" });
    const [row] = await t.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, campaign.id));
    expect(row).toMatchObject({
      kind: "campaign_test",
      status: "queued",
      subject: "[Test] Hello Alex",
      recipientEmail: "editor@example.com",
    });
    expect((await api("POST", `${base}/${campaign.id}/test`, { email: "not an email" })).statusCode).toBe(400);
  });
});

describe("roles", () => {
  it("refuses vendors and anonymous callers", async () => {
    const campaign = await createDraft();
    expect((await api("GET", base, undefined, vendorCookie)).statusCode).toBe(403);
    expect((await api("POST", base, draftInput, vendorCookie)).statusCode).toBe(403);
    expect((await api("POST", `${base}/${campaign.id}/send`, {}, vendorCookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: base })).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
    expect(row!.status).toBe("draft");
  });
});
