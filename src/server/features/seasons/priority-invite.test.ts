import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Campaign } from "../../../shared/schemas/email-campaigns";
import type { PriorityInviteResult } from "../../../shared/schemas/retreats-admin";
import { applications, auditLogs, emailLogs, emailSends, emailSubscribers, type Retreat } from "../../db/schema";
import { insertApplication, insertRetreat } from "../../test/builders";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { waitFor } from "../../test/wait-for";

let sink: SmtpSink;
let t: TestApp;
const cookie = {} as Record<"owner" | "staff" | "vendor" | "guest", string>;
let oldSeason: Retreat;
let newSeason: Retreat;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ smtpUrl: sink.url, runWorker: true, publicUrl: "https://retreat.example.com" });
  for (const role of ["owner", "staff", "vendor", "guest"] as const)
    cookie[role] = (await signedInAs(t.app, role)).cookie;
  oldSeason = await insertRetreat(t.app, { name: "Bali Retreat 2026", status: "completed", startDate: "2026-05-10" });
  newSeason = await insertRetreat(t.app, {
    name: "Bali Retreat 2027",
    startDate: "2027-06-12",
    endDate: "2027-06-21",
    capacity: 15,
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

function call(method: "GET" | "POST" | "PUT", url: string, who: string | null, payload?: object) {
  return t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });
}
const invite = (retreatId: string, who: string | null = cookie.staff) =>
  call("POST", `/api/admin/retreats/${retreatId}/priority-invite`, who);

type SubscriberValues = Partial<typeof emailSubscribers.$inferInsert>;
async function subscriber(email: string, values: SubscriberValues = {}) {
  const [row] = await t.app.db
    .insert(emailSubscribers)
    .values({ email, firstName: email.split("@")[0], segment: "applicant", ...values })
    .returning();
  return row!;
}
async function declined(email: string, keepOnPriorityList: boolean, retreatId = oldSeason.id) {
  return insertApplication(t.app, { retreatId, email, stage: "declined", keepOnPriorityList, declinedAt: new Date() });
}

/** Who is on the list, who is not, and why. */
async function seedPeople() {
  // On the list.
  await subscriber("waitlist-form@example.com", { segment: "waitlist", tags: ["waitlist"] });
  await subscriber("waitlist-then-applied@example.com", { segment: "applicant", tags: ["waitlist", "vip"] });
  await subscriber("waitlisted-applicant@example.com");
  await insertApplication(t.app, {
    retreatId: oldSeason.id,
    email: "waitlisted-applicant@example.com",
    stage: "waitlist",
  });
  // Declined, asked to stay on the list; no marketing consent given, application emails on.
  await subscriber("declined-priority@example.com", { marketingEmails: false });
  await declined("declined-priority@example.com", true);
  // The same person on the waitlist and declined-with-priority (another case): reached once.
  await subscriber("both@example.com", { segment: "waitlist", tags: ["waitlist"] });
  await declined("BOTH@example.com", true);
  // Declined with priority in two seasons: reached once.
  await subscriber("twice@example.com");
  await declined("twice@example.com", true);
  await declined("twice@example.com", true, (await insertRetreat(t.app, { name: "Bali Retreat 2025" })).id);

  // Not on the list, or not to be written to.
  await subscriber("declined-plain@example.com");
  await declined("declined-plain@example.com", false);
  await subscriber("unsubscribed@example.com", {
    segment: "waitlist",
    tags: ["waitlist"],
    status: "unsubscribed",
    globallyUnsubscribed: true,
  });
  await subscriber("declined-unsubscribed@example.com", { globallyUnsubscribed: true });
  await declined("declined-unsubscribed@example.com", true);
  await subscriber("bounced@example.com", { segment: "waitlist", tags: ["waitlist"], status: "bounced" });
  await subscriber("no-application-emails@example.com", { applicationEmails: false });
  await declined("no-application-emails@example.com", true);
  await subscriber("guest@example.com", { segment: "approved" });
  await insertApplication(t.app, { retreatId: oldSeason.id, email: "guest@example.com", stage: "accepted" });
  await subscriber("newsletter@example.com", { segment: "general" });
  // Declined with priority but erased since: nothing of them is kept.
  await subscriber("erased@example.com");
  await insertApplication(t.app, {
    retreatId: oldSeason.id,
    email: "erased@example.com",
    stage: "declined",
    keepOnPriorityList: true,
    anonymisedAt: new Date(),
  });
  // On the list but never subscribed (added by staff): counted apart, not reached.
  await declined("staff-added@example.com", true);
}

const reached = [
  "waitlist-form@example.com",
  "waitlist-then-applied@example.com",
  "waitlisted-applicant@example.com",
  "declined-priority@example.com",
  "both@example.com",
  "twice@example.com",
];

describe("POST /api/admin/retreats/{id}/priority-invite", () => {
  it("answers 401 to anonymous callers, 403 to vendors and guests, 404 to an unknown retreat", async () => {
    expect((await invite(newSeason.id, null)).statusCode).toBe(401);
    expect((await invite(newSeason.id, cookie.vendor)).statusCode).toBe(403);
    expect((await invite(newSeason.id, cookie.guest)).statusCode).toBe(403);
    const missing = await invite("00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Retreat not found.");
    expect((await call("GET", "/api/admin/email-campaigns", cookie.staff)).json().items).toEqual([]);
  });

  it("writes a draft to the waitlist and the declined who asked to stay, each once, minus the unsubscribed; sends nothing until Send", async () => {
    await seedPeople();
    const res = await invite(newSeason.id);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json() as PriorityInviteResult;
    expect(result).toMatchObject({
      audienceSize: reached.length,
      tag: "priority-2027",
      notSubscribed: 1,
      campaignName: "Priority list: Bali Retreat 2027",
    });

    const tagged = await t.app.db.select().from(emailSubscribers);
    const onList = tagged.filter((s) => s.tags.includes("priority-2027")).map((s) => s.email);
    for (const email of reached) expect(onList).toContain(email);
    for (const email of [
      "declined-plain@example.com",
      "guest@example.com",
      "newsletter@example.com",
      "erased@example.com",
    ])
      expect(onList).not.toContain(email);
    // Other tags are kept.
    expect(tagged.find((s) => s.email === "waitlist-then-applied@example.com")!.tags).toEqual([
      "waitlist",
      "vip",
      "priority-2027",
    ]);

    const campaign = (
      await call("GET", `/api/admin/email-campaigns/${result.campaignId}`, cookie.staff)
    ).json() as Campaign;
    expect(campaign).toMatchObject({
      status: "draft",
      subject: "Applications for Bali Retreat 2027 are open",
      campaignType: "application",
      targetSegments: [],
      targetTags: ["priority-2027"],
    });
    expect(campaign.content).toContain("applications for **Bali Retreat 2027** (12–21 June 2027) are now open");
    const preview = await call("POST", `/api/admin/email-campaigns/${result.campaignId}/preview`, cookie.staff);
    expect(preview.json().text).toContain("Unsubscribe");
    // The campaigns' own audience count agrees.
    const audience = await call("POST", "/api/admin/email-campaigns/audience", cookie.staff, {
      campaignType: "application",
      targetSegments: [],
      targetTags: ["priority-2027"],
    });
    expect(audience.json()).toEqual({ count: reached.length });

    const audits = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "retreat"), eq(auditLogs.entityId, newSeason.id)));
    expect(audits.map((a) => a.action)).toEqual(["priority_invite"]);
    expect(audits[0]!.newValues).toMatchObject({
      campaignId: result.campaignId,
      audienceSize: reached.length,
      tag: "priority-2027",
    });

    // A draft: with the worker running, nothing goes out.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await t.app.db.select().from(emailLogs).where(eq(emailLogs.campaignId, result.campaignId))).toEqual([]);
    expect(await t.app.db.select().from(emailSends).where(eq(emailSends.campaignId, result.campaignId))).toEqual([]);
    expect(sink.received).toEqual([]);

    // Staff press Send: exactly the list receives it, once each.
    const sent = await call("POST", `/api/admin/email-campaigns/${result.campaignId}/send`, cookie.staff, {});
    expect(sent.statusCode, sent.body).toBe(200);
    await waitFor(async () => {
      const [row] = await t.app.db
        .select()
        .from(emailLogs)
        .where(and(eq(emailLogs.campaignId, result.campaignId), eq(emailLogs.status, "sent")));
      return row && (await sink.waitForCount(reached.length, 20_000).then(() => true));
    }, "the campaign to go out");
    const recipients = sink.received.flatMap((m) => m.to.map((to) => to.toLowerCase())).sort();
    expect(recipients).toEqual([...reached].sort());
  });

  it("keeps the list current: a later invitation drops who left it and adds who joined; the owner may send one too", async () => {
    await t.app.db
      .update(applications)
      .set({ keepOnPriorityList: false })
      .where(eq(applications.email, "declined-priority@example.com"));
    await subscriber("joined-later@example.com", { segment: "waitlist", tags: ["waitlist"] });
    const res = await invite(newSeason.id, cookie.owner);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ audienceSize: reached.length, tag: "priority-2027" });
    const [left] = await t.app.db
      .select()
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, "declined-priority@example.com"));
    expect(left!.tags).not.toContain("priority-2027");
    const [joined] = await t.app.db
      .select()
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, "joined-later@example.com"));
    expect(joined!.tags).toContain("priority-2027");
  });

  it("does not count the season's own applicants: they have applied already", async () => {
    await subscriber("declined-in-2027@example.com");
    await declined("declined-in-2027@example.com", true, newSeason.id);
    const res = await invite(newSeason.id);
    const [row] = await t.app.db
      .select()
      .from(emailSubscribers)
      .where(eq(emailSubscribers.email, "declined-in-2027@example.com"));
    expect(row!.tags).not.toContain("priority-2027");
    expect(res.json().audienceSize).toBe(reached.length);
  });

  it("shows a season's name as typed in the draft, never as Markdown or template code", async () => {
    const odd = await insertRetreat(t.app, { name: "Retreat {{ firstName }} *2029* <b>", startDate: "2029-03-01" });
    const res = await invite(odd.id);
    expect(res.statusCode, res.body).toBe(201);
    const preview = await call("POST", `/api/admin/email-campaigns/${res.json().campaignId}/preview`, cookie.staff);
    expect(preview.statusCode, preview.body).toBe(200);
    const rendered = preview.json() as { subject: string; html: string; text: string };
    expect(rendered.subject).toBe("Applications for Retreat {{ firstName }} *2029* <b> are open");
    expect(rendered.text).toContain("Retreat {{ firstName }} *2029* <b>");
    expect(rendered.html).not.toContain("<em>2029</em>");
    expect(rendered.html).not.toContain("<b>");
  });

  it("never runs template code a season's name carries, even one that closes a raw block", async () => {
    const names = [
      // Run, these would print INJECTED; shown as typed, they cannot.
      "Evil {% endraw %}{% capture x %}INJ{% endcapture %}{{ x }}ECTED{% raw %} 2029",
      'Evil {% endraw %}{% assign x = "INJ" | append: "ECTED" %}{{ x }}{% raw %} 2029',
      'Evil {%- endraw -%}{%assign x="INJ"|append:"ECTED"%}{{x}}{%-raw-%} 2029',
      "Evil {{{ firstName }}} }}{{ %}{% 2029",
      // As long as a name may be, all braces: the subject is cut in the name, never inside a literal.
      `${"{%".repeat(100)}`,
    ];
    for (const name of names) {
      const odd = await insertRetreat(t.app, { name, startDate: "2029-03-01" });
      const res = await invite(odd.id);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const preview = await call("POST", `/api/admin/email-campaigns/${res.json().campaignId}/preview`, cookie.staff);
      expect(preview.statusCode, preview.body).toBe(200);
      const rendered = preview.json() as { subject: string; html: string; text: string };
      for (const part of [rendered.subject, rendered.text, rendered.html]) expect(part).not.toContain("INJECTED");
      const subjectName = rendered.subject.replace(/^Applications for /, "").replace(/ are open$/, "");
      expect(name.startsWith(subjectName), `${rendered.subject} shows ${name} as typed`).toBe(true);
      expect(subjectName.length).toBeGreaterThan(0);
      if (name.length < 150) {
        expect(rendered.subject).toBe(`Applications for ${name} are open`);
        expect(rendered.text).toContain(`applications for ${name} are now open`);
      }
    }
  });
});
