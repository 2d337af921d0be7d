import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { applications, auditLogs, emailLogs, interviewBookingLinks, interviews } from "../../db/schema";
import { insertApplication } from "../../test/builders";
import { hiddenLinkAt } from "../../test/hidden-link-at";
import { sendOutboxRow } from "../../test/sent-mail";
import { withTestApp } from "../../test/test-app";
import { createTestUser, type Signed, signedInAs } from "../../test/test-sessions";
import { bookingMessages, getBookingPage, noInterviewAheadMessage } from "./booking-links.service";

let app: FastifyInstance;
let staff: Signed;

withTestApp(async (built) => {
  app = built;
  staff = await signedInAs(app, "staff");
});

let ip = 0;
/** Each public call from its own address, so the per-address rate limits never trip mid-test. */
const freshIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

function call(method: "GET" | "POST" | "PUT", url: string, cookie: string | null, payload?: object) {
  return app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}
const page = (token: string) => app.inject({ url: `/api/interview-booking/${token}`, remoteAddress: freshIp() });
const bookAt = (token: string, scheduledAt: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: `/api/interview-booking/${token}`,
    payload: { scheduledAt },
    headers,
    remoteAddress: freshIp(),
  });

/** Stages after the decision: nothing left to book. */
const decidedStages = ["accepted", "payment", "waitlist", "declined"];
const setStage = (id: string, stage: string) =>
  app.db.update(applications).set({ stage }).where(eq(applications.id, id));

let counter = 0;
async function application(firstName = "Ada") {
  counter += 1;
  return insertApplication(app, {
    retreatId: null,
    firstName,
    lastName: "Lovelace",
    email: `booker${counter}@example.com`,
    stage: "screening",
  });
}

function interviewer() {
  return signedInAs(app, "staff", { firstName: "Ivy", lastName: "Interviewer" });
}

/** Sends a link and reads the token back from the email as sent, as the applicant would. */
async function sendLink(cookie: string, body: { applicationId: string; interviewerId?: string; duration?: number }) {
  const res = await call("POST", "/api/admin/interviews/booking-links", cookie, body);
  expect(res.statusCode).toBe(201);
  const [application] = await app.db.select().from(applications).where(eq(applications.id, body.applicationId));
  const [mail] = await app.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, application!.email), eq(emailLogs.kind, "interview_booking_link")))
    .orderBy(desc(emailLogs.createdAt))
    .limit(1);
  const sent = await sendOutboxRow(app, mail!.id);
  const token = /\/interview\/book\/([A-Za-z0-9_-]{43})/.exec(sent.text)?.[1];
  expect(token).toBeDefined();
  return { res, token: token!, mail: mail!, sent };
}

describe("POST /api/admin/interviews/booking-links", () => {
  it("emails the applicant a link, stores only the token's hash, audits, and returns the link", async () => {
    const who = await interviewer();
    const a = await application("<b>Ada</b>");
    const { res, token, mail, sent } = await sendLink(staff.cookie, {
      applicationId: a.id,
      interviewerId: who.user.id,
      duration: 45,
    });
    const body = res.json();
    expect(body).toMatchObject({ applicationId: a.id, emailedTo: a.email });
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    expect(mail.subject).toBe("Choose a time for your Quick Chat with Retreat HQ");
    // The outbox shows where the link went; only the message handed to SMTP carries it.
    expect(mail.body).toMatch(hiddenLinkAt("http://localhost:3000/interview/book/"));
    expect(`${mail.body} ${mail.textBody}`).not.toContain(token);
    expect(sent.html).toContain(`http://localhost:3000/interview/book/${token}`);
    expect(mail.body).toContain("&lt;b&gt;Ada&lt;/b&gt;");
    expect(mail.body).not.toContain("<b>Ada</b>");
    expect(mail.textBody).toContain("45 minutes");
    expect(mail.textBody).toContain("Ivy Interviewer");

    const [row] = await app.db.select().from(interviewBookingLinks).where(eq(interviewBookingLinks.id, body.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(row).toMatchObject({ interviewerUserId: who.user.id, duration: 45, createdBy: staff.user.id });
    const [audit] = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, body.id));
    expect(audit).toMatchObject({ action: "create", entityType: "interview_booking_link", userId: staff.user.id });
    expect(JSON.stringify(audit!.newValues)).not.toContain(token);
  });

  it("defaults the interviewer to the signed-in user, and refuses unknown applications and non-interviewers", async () => {
    const who = await interviewer();
    const a = await application();
    const { res } = await sendLink(who.cookie, { applicationId: a.id });
    const [row] = await app.db.select().from(interviewBookingLinks).where(eq(interviewBookingLinks.id, res.json().id));
    expect(row).toMatchObject({ interviewerUserId: who.user.id, duration: 30 });

    const missing = await call("POST", "/api/admin/interviews/booking-links", staff.cookie, {
      applicationId: crypto.randomUUID(),
    });
    expect(missing.statusCode).toBe(404);
    const vendor = await createTestUser(app, "vendor");
    const notStaff = await call("POST", "/api/admin/interviews/booking-links", staff.cookie, {
      applicationId: a.id,
      interviewerId: vendor.id,
    });
    expect(notStaff.statusCode).toBe(400);
    const tooShort = await call("POST", "/api/admin/interviews/booking-links", staff.cookie, {
      applicationId: a.id,
      duration: 5,
    });
    expect(tooShort.statusCode).toBe(400);
  });

  it.each(decidedStages)("refuses a link for an application in %s with 409: no link, no email", async (stage) => {
    const a = await application();
    await setStage(a.id, stage);
    const res = await call("POST", "/api/admin/interviews/booking-links", staff.cookie, { applicationId: a.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: noInterviewAheadMessage(stage) });
    expect(
      await app.db.select().from(interviewBookingLinks).where(eq(interviewBookingLinks.applicationId, a.id)),
    ).toHaveLength(0);
    expect(await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email))).toHaveLength(0);
  });

  it("retires the application's earlier unused link when a new one is sent", async () => {
    const a = await application();
    const first = await sendLink(staff.cookie, { applicationId: a.id });
    const second = await sendLink(staff.cookie, { applicationId: a.id });
    expect((await page(first.token)).statusCode).toBe(410);
    expect((await page(second.token)).statusCode).toBe(200);
  });
});

describe("the booking page's slots (fixed clock)", () => {
  // Sunday 2 June 2030, 21:00 in London: the first offered time is Monday 09:00 London (08:00 UTC).
  const now = new Date("2030-06-02T20:00:00Z");

  async function linkFor(interviewerId: string, duration = 30) {
    const a = await application("Grace");
    const { res, token } = await sendLink(staff.cookie, { applicationId: a.id, interviewerId, duration });
    // Created today; moved so the link is still valid on the test's clock.
    await app.db
      .update(interviewBookingLinks)
      .set({ expiresAt: new Date("2030-06-20T00:00:00Z") })
      .where(eq(interviewBookingLinks.id, res.json().id));
    return { token, application: a };
  }

  it("offers office hours in 30-minute steps from 12 hours ahead for 14 days when the interviewer set no windows", async () => {
    const who = await interviewer();
    const { token } = await linkFor(who.user.id);
    const result = await getBookingPage(app.db, token, now);
    expect(result).toMatchObject({
      firstName: "Grace",
      interviewerName: "Ivy Interviewer",
      duration: 30,
      booked: null,
    });
    expect(JSON.stringify(result)).not.toContain("@example.com");
    // Weekdays 3-7 and 10-14 June, 16 half-hours each (09:00-16:30 London starts).
    expect(result.slots).toHaveLength(160);
    expect(result.slots[0]).toBe("2030-06-03T08:00:00.000Z");
    expect(result.slots[15]).toBe("2030-06-03T15:30:00.000Z");
    expect(result.slots[16]).toBe("2030-06-04T08:00:00.000Z");
    expect(result.slots.at(-1)).toBe("2030-06-14T15:30:00.000Z");
    // A later clock: nothing earlier than 12 hours ahead.
    const later = await getBookingPage(app.db, token, new Date("2030-06-03T01:00:00Z"));
    expect(later.slots[0]).toBe("2030-06-03T13:00:00.000Z");
  });

  it("leaves out times taken by interviews and by one-off and repeating blocks", async () => {
    const who = await interviewer();
    const { token } = await linkFor(who.user.id);
    const other = await application();
    await app.db.insert(interviews).values([
      { applicationId: other.id, interviewerUserId: who.user.id, scheduledAt: new Date("2030-06-03T09:00:00Z") },
      {
        applicationId: other.id,
        interviewerUserId: who.user.id,
        scheduledAt: new Date("2030-06-03T10:15:00Z"),
        duration: 45,
      },
      // Cancelled interviews free their time.
      {
        applicationId: other.id,
        interviewerUserId: who.user.id,
        scheduledAt: new Date("2030-06-03T13:00:00Z"),
        status: "cancelled",
      },
    ]);
    // 12:00-13:00 London every day from Tuesday 4 June.
    const daily = await call("POST", "/api/admin/interviews/blocks", who.cookie, {
      startTime: "2030-06-04T11:00:00Z",
      endTime: "2030-06-04T12:00:00Z",
      recurringPattern: "daily",
    });
    expect(daily.statusCode).toBe(201);
    const oneOff = await call("POST", "/api/admin/interviews/blocks", who.cookie, {
      startTime: "2030-06-05T08:00:00Z",
      endTime: "2030-06-05T16:00:00Z",
      reason: "Day off",
    });
    expect(oneOff.statusCode).toBe(201);

    const { slots } = await getBookingPage(app.db, token, now);
    const monday = slots.filter((s) => s.startsWith("2030-06-03")).map((s) => s.slice(11, 16));
    expect(monday).toEqual([
      "08:00",
      "08:30",
      "09:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
    ]);
    const tuesday = slots.filter((s) => s.startsWith("2030-06-04")).map((s) => s.slice(11, 16));
    expect(tuesday).not.toContain("11:00");
    expect(tuesday).not.toContain("11:30");
    expect(tuesday).toContain("10:30");
    expect(tuesday).toContain("12:00");
    expect(slots.filter((s) => s.startsWith("2030-06-05"))).toEqual([]);
    expect(slots.filter((s) => s.startsWith("2030-06-14")).map((s) => s.slice(11, 16))).not.toContain("11:30");
  });

  it("uses the interviewer's own windows when they have some, with the slot length fitting inside", async () => {
    const who = await interviewer();
    await call("PUT", "/api/admin/interviews/availability", who.cookie, {
      windows: [{ dayOfWeek: 2, startTime: "10:00", endTime: "12:00", timezone: "Europe/London" }],
    });
    const { token } = await linkFor(who.user.id, 60);
    const { slots, duration } = await getBookingPage(app.db, token, now);
    expect(duration).toBe(60);
    expect(slots).toEqual([
      "2030-06-04T09:00:00.000Z",
      "2030-06-04T09:30:00.000Z",
      "2030-06-04T10:00:00.000Z",
      "2030-06-11T09:00:00.000Z",
      "2030-06-11T09:30:00.000Z",
      "2030-06-11T10:00:00.000Z",
    ]);
  });
});

describe("booking through the link", () => {
  async function freshLink(interviewerId?: string) {
    const a = await application();
    const who = interviewerId ? null : await interviewer();
    const { token } = await sendLink(staff.cookie, {
      applicationId: a.id,
      interviewerId: interviewerId ?? who!.user.id,
    });
    return { token, application: a, interviewerId: interviewerId ?? who!.user.id };
  }

  it("books an offered time: interview, room, stage, emails; the link then shows the booking and refuses a second", async () => {
    const { token, application: a, interviewerId } = await freshLink();
    const before = await page(token);
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toBe("no-store");
    const { slots } = before.json() as { slots: string[] };
    expect(slots.length).toBeGreaterThan(0);
    expect(Date.parse(slots[0]!)).toBeGreaterThanOrEqual(Date.now() + 12 * 3_600_000 - 60_000);
    expect(Date.parse(slots.at(-1)!)).toBeLessThanOrEqual(Date.now() + 14 * 86_400_000);

    const res = await bookAt(token, slots[0]!, { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" });
    expect(res.statusCode).toBe(201);
    const booked = res.json();
    expect(booked).toMatchObject({ scheduledAt: slots[0], duration: 30, interviewerName: "Ivy Interviewer" });
    expect(booked.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/RetreatHQ-[0-9a-f]{24}$/);

    const [row] = await app.db.select().from(interviews).where(eq(interviews.applicationId, a.id));
    expect(row).toMatchObject({
      interviewerUserId: interviewerId,
      status: "scheduled",
      jitsiMeetingUrl: booked.meetingUrl,
    });
    const [link] = await app.db
      .select()
      .from(interviewBookingLinks)
      .where(eq(interviewBookingLinks.applicationId, a.id));
    expect(link!.interviewId).toBe(row!.id);
    const [moved] = await app.db.select().from(applications).where(eq(applications.id, a.id));
    expect(moved!.stage).toBe("interview");
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, row!.id), eq(auditLogs.action, "create")));
    expect(audit!.userId).toBeNull();
    const mails = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email));
    const confirmation = mails.find((m) => m.kind === "interview_scheduled");
    expect(confirmation!.attachments.map((x) => x.filename)).toEqual(["invite.ics"]);

    const after = await page(token);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      booked: { scheduledAt: slots[0], meetingUrl: booked.meetingUrl },
      slots: [],
    });
    const again = await bookAt(token, slots[1]!);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(bookingMessages.alreadyBooked);
  });

  it("lets a link book again once its interview is cancelled", async () => {
    const { token, application: a } = await freshLink();
    const { slots } = (await page(token)).json() as { slots: string[] };
    expect((await bookAt(token, slots[0]!)).statusCode).toBe(201);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.applicationId, a.id));
    expect((await call("POST", `/api/admin/interviews/${row!.id}/cancel`, staff.cookie)).statusCode).toBe(200);
    const reopened = (await page(token)).json();
    expect(reopened.booked).toBeNull();
    expect(reopened.slots).toContain(slots[0]);
    expect((await bookAt(token, slots[2]!)).statusCode).toBe(201);
  });

  it.each(decidedStages)(
    "a link whose application has moved to %s no longer books: 410 on the page and on booking, stage untouched",
    async (stage) => {
      const { token, application: a } = await freshLink();
      const { slots } = (await page(token)).json() as { slots: string[] };
      await setStage(a.id, stage);

      const closed = await page(token);
      expect(closed.statusCode).toBe(410);
      expect(closed.json()).toEqual({ message: bookingMessages.closed });
      const refused = await bookAt(token, slots[0]!);
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toEqual({ message: bookingMessages.closed });
      expect(await app.db.select().from(interviews).where(eq(interviews.applicationId, a.id))).toHaveLength(0);
      const [after] = await app.db.select().from(applications).where(eq(applications.id, a.id));
      expect(after!.stage).toBe(stage);
      expect(
        (await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email))).map((m) => m.kind),
      ).toEqual(["interview_booking_link"]);
    },
  );

  it("still shows an interview booked before the decision", async () => {
    const { token, application: a } = await freshLink();
    const { slots } = (await page(token)).json() as { slots: string[] };
    expect((await bookAt(token, slots[0]!)).statusCode).toBe(201);
    await setStage(a.id, "declined");
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().booked).toMatchObject({ scheduledAt: slots[0] });
  });

  it("answers 404 for an unknown token, 410 for an expired link, 400 for a malformed one", async () => {
    const unknown = "x".repeat(43);
    expect((await page(unknown)).statusCode).toBe(404);
    expect((await page(unknown)).json().message).toBe(bookingMessages.notFound);
    expect((await bookAt(unknown, "2030-06-03T08:00:00Z")).statusCode).toBe(404);
    expect((await page("short")).statusCode).toBe(400);

    const { token, application: a } = await freshLink();
    const { slots } = (await page(token)).json() as { slots: string[] };
    await app.db
      .update(interviewBookingLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(interviewBookingLinks.applicationId, a.id));
    const expired = await page(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(bookingMessages.expired);
    expect((await bookAt(token, slots[0]!)).statusCode).toBe(410);
  });

  it("refuses a time that is not offered (off the grid, too soon, outside hours) with 400", async () => {
    const { token } = await freshLink();
    const { slots } = (await page(token)).json() as { slots: string[] };
    const offGrid = new Date(Date.parse(slots[0]!) + 10 * 60_000).toISOString();
    const soon = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const farAway = "2031-06-02T09:00:00.000Z";
    for (const at of [offGrid, soon, farAway]) {
      const res = await bookAt(token, at);
      expect(res.statusCode, at).toBe(400);
      expect(res.json().message).toBe(bookingMessages.notOffered);
    }
    expect((await bookAt(token, "tomorrow")).statusCode).toBe(400);
  });

  it("answers 409 when the time was taken between viewing and booking", async () => {
    const { token, interviewerId } = await freshLink();
    const { slots } = (await page(token)).json() as { slots: string[] };
    const other = await application();
    const taken = await call("POST", "/api/admin/interviews", staff.cookie, {
      applicationId: other.id,
      interviewerId,
      scheduledAt: slots[0],
    });
    expect(taken.statusCode).toBe(201);
    const res = await bookAt(token, slots[0]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(bookingMessages.taken);
    expect((await page(token)).json().slots).not.toContain(slots[0]);
  });

  it("lets exactly one of two applicants racing for the same time book it", async () => {
    const who = await interviewer();
    const one = await freshLink(who.user.id);
    const two = await freshLink(who.user.id);
    const { slots } = (await page(one.token)).json() as { slots: string[] };
    const results = await Promise.all([bookAt(one.token, slots[0]!), bookAt(two.token, slots[0]!)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await app.db.select().from(interviews).where(eq(interviews.interviewerUserId, who.user.id));
    expect(rows).toHaveLength(1);
  });

  it("books one interview when the same link is submitted twice at once", async () => {
    const { token, application: a } = await freshLink();
    const { slots } = (await page(token)).json() as { slots: string[] };
    const results = await Promise.all([bookAt(token, slots[0]!), bookAt(token, slots[3]!)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await app.db.select().from(interviews).where(eq(interviews.applicationId, a.id))).toHaveLength(1);
  });

  it("refuses a booking posted from another site", async () => {
    const { token } = await freshLink();
    const { slots } = (await page(token)).json() as { slots: string[] };
    const res = await bookAt(token, slots[0]!, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(res.statusCode).toBe(403);
    expect((await page(token)).json().booked).toBeNull();
  });

  it("rate limits the booking page per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await app.inject({ url: `/api/interview-booking/${"y".repeat(43)}`, remoteAddress: "10.99.0.1" });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
