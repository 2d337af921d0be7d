import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { wallClockInZone, zonedToUtc } from "../../../shared/schemas/schedule";
import {
  applications,
  auditLogs,
  emailLogs,
  interviewAvailability,
  interviewBlocks,
  interviews,
  jitsiRooms,
} from "../../db/schema";
import { insertApplication, insertRetreat, retreatWithRates } from "../../test/builders";
import { activePlanOf } from "../../test/fixtures/payments";
import { withTestApp } from "../../test/test-app";
import { createTestUser, type Signed, signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let staff: Signed;
/** A priced retreat: accepting someone takes a place on it and creates their payment plan. */
let retreatId: string;

withTestApp(async (built) => {
  app = built;
  retreatId = (await retreatWithRates(app)).retreat.id;
  staff = await signedInAs(app, "staff");
});

function call(method: "GET" | "POST" | "PATCH", url: string, cookie: string | null, payload?: object) {
  return app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

let counter = 0;
async function application(stage = "new") {
  counter += 1;
  return insertApplication(app, {
    retreatId,
    firstName: `Ada${counter}`,
    lastName: "Lovelace",
    email: `ada${counter}@example.com`,
    stage,
  });
}

/** A fresh interviewer per test, so one test's bookings never collide with another's. */
function interviewer() {
  return signedInAs(app, "staff", { firstName: "Ivy", lastName: "Interviewer" });
}

// 2030-06-03 is a Monday; London is on BST (UTC+1), so 09:00Z is 10:00 in London.
const mondayTen = "2030-06-03T09:00:00.000Z";

async function book(cookie: string, body: object) {
  return call("POST", "/api/admin/interviews", cookie, body);
}

// The list test runs first in this file: its counts cover every interview in the database.
describe("GET /api/admin/interviews", () => {
  it("filters upcoming, today, completed, cancelled and all, with counts and the success rate", async () => {
    const a = await application();
    const who = await interviewer();
    const londonDate = wallClockInZone(new Date(), "Europe/London").date;
    const startOfToday = zonedToUtc(londonDate, "00:00", "Europe/London");
    const past = new Date("2020-01-01T10:00:00Z");
    const [future] = await app.db
      .insert(interviews)
      .values({
        applicationId: a.id,
        scheduledAt: new Date(mondayTen),
        interviewerUserId: who.user.id,
        jitsiMeetingUrl: "https://meet.jit.si/RetreatHQ-abc",
      })
      .returning();
    await app.db.insert(interviews).values([
      { applicationId: a.id, scheduledAt: startOfToday },
      { applicationId: a.id, scheduledAt: past, status: "completed", outcome: "accepted", rating: 5 },
      { applicationId: a.id, scheduledAt: past, status: "completed", outcome: "declined", rating: 2 },
      { applicationId: a.id, scheduledAt: past, status: "completed", outcome: "accepted", rating: 4 },
      { applicationId: a.id, scheduledAt: past, status: "cancelled" },
    ]);

    const res = await call("GET", "/api/admin/interviews", staff.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Today's 00:00 interview is still "scheduled": once its 30 minutes are over it needs an outcome.
    const todayEnded = Date.now() > startOfToday.getTime() + 30 * 60_000 ? 1 : 0;
    expect(body.counts).toEqual({
      upcoming: 1,
      needs_outcome: todayEnded,
      today: 1,
      completed: 3,
      cancelled: 1,
      all: 6,
    });
    expect(body.successRate).toBe(66.7);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      interview: { id: future!.id, status: "scheduled", duration: 30, scheduledAt: mondayTen },
      application: { firstName: a.firstName, lastName: "Lovelace", email: a.email },
      jitsiRoom: { meetingUrl: "https://meet.jit.si/RetreatHQ-abc" },
      interviewer: { id: who.user.id, name: "Ivy Interviewer" },
    });

    const today = (await call("GET", "/api/admin/interviews?filter=today", staff.cookie)).json();
    expect(today.items.map((i: { interview: { scheduledAt: string } }) => i.interview.scheduledAt)).toEqual([
      startOfToday.toISOString(),
    ]);
    const completed = (await call("GET", "/api/admin/interviews?filter=completed", staff.cookie)).json();
    expect(completed.items).toHaveLength(3);
    const cancelled = (await call("GET", "/api/admin/interviews?filter=cancelled", staff.cookie)).json();
    expect(cancelled.items.map((i: { interview: { status: string } }) => i.interview.status)).toEqual(["cancelled"]);
    expect((await call("GET", "/api/admin/interviews?filter=all", staff.cookie)).json().items).toHaveLength(6);
    expect((await call("GET", "/api/admin/interviews?filter=soon", staff.cookie)).statusCode).toBe(400);
  });

  it("is for owner and staff only", async () => {
    expect((await call("GET", "/api/admin/interviews", null)).statusCode).toBe(401);
    for (const role of ["vendor", "guest"] as const) {
      const other = await signedInAs(app, role);
      expect((await call("GET", "/api/admin/interviews", other.cookie)).statusCode).toBe(403);
      const a = await application();
      expect((await book(other.cookie, { applicationId: a.id, scheduledAt: mondayTen })).statusCode).toBe(403);
    }
    const owner = await signedInAs(app, "owner");
    expect((await call("GET", "/api/admin/interviews", owner.cookie)).statusCode).toBe(200);
  });
});

describe("POST /api/admin/interviews", () => {
  it("books the signed-in user, opens an unguessable room, moves the application to interview and emails the applicant", async () => {
    const who = await interviewer();
    const a = await application("screening");
    const res = await book(who.cookie, { applicationId: a.id, scheduledAt: mondayTen });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item.interview).toMatchObject({ status: "scheduled", duration: 30, scheduledAt: mondayTen });
    expect(item.interviewer.id).toBe(who.user.id);
    expect(item.jitsiRoom.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/RetreatHQ-[0-9a-f]{24}$/);

    const [room] = await app.db.select().from(jitsiRooms).where(eq(jitsiRooms.interviewId, item.interview.id));
    expect(room!.maxParticipants).toBe(10);
    expect(item.jitsiRoom.meetingUrl).toBe(`https://meet.jit.si/${room!.roomName}`);

    const [app2] = await app.db.select().from(applications).where(eq(applications.id, a.id));
    expect(app2!.stage).toBe("interview");
    const stageAudit = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, a.id), eq(auditLogs.entityType, "application")));
    expect(stageAudit).toHaveLength(1);
    const interviewAudit = await app.db.select().from(auditLogs).where(eq(auditLogs.entityId, item.interview.id));
    expect(interviewAudit.map((x) => x.action)).toEqual(["create"]);

    const [mail] = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email));
    expect(mail!.status).toBe("queued");
    expect(mail!.textBody).toContain(item.jitsiRoom.meetingUrl);
    expect(mail!.textBody).toContain("Monday 3 June 2030, 10:00 (London time)");
    expect(mail!.textBody).toContain("Monday 3 June 2030, 09:00 UTC");
    expect(mail!.body).toContain("https://calendar.google.com/calendar/render?");
  });

  it("gives every interview its own room name", async () => {
    const who = await interviewer();
    const first = (await book(who.cookie, { applicationId: (await application()).id, scheduledAt: mondayTen })).json();
    const second = (
      await book(who.cookie, { applicationId: (await application()).id, scheduledAt: "2030-06-03T10:00:00Z" })
    ).json();
    expect(first.jitsiRoom.meetingUrl).not.toBe(second.jitsiRoom.meetingUrl);
  });

  it("refuses a double booking for the same interviewer (overlap), but not back-to-back or another interviewer", async () => {
    const who = await interviewer();
    const other = await interviewer();
    expect(
      (await book(who.cookie, { applicationId: (await application()).id, scheduledAt: mondayTen })).statusCode,
    ).toBe(201);
    const overlap = await book(staff.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-03T09:29:00Z",
      interviewerId: who.user.id,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe("The interviewer already has an interview at that time.");
    const earlierLong = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-03T08:00:00Z",
      duration: 61,
    });
    expect(earlierLong.statusCode).toBe(409);
    expect(
      (await book(who.cookie, { applicationId: (await application()).id, scheduledAt: "2030-06-03T09:30:00Z" }))
        .statusCode,
    ).toBe(201);
    expect(
      (await book(other.cookie, { applicationId: (await application()).id, scheduledAt: mondayTen })).statusCode,
    ).toBe(201);
  });

  it("lets only one of two simultaneous bookings of the same slot succeed", async () => {
    const who = await interviewer();
    const [a, b] = [await application(), await application()];
    const results = await Promise.all([
      book(who.cookie, { applicationId: a.id, scheduledAt: mondayTen }),
      book(who.cookie, { applicationId: b.id, scheduledAt: "2030-06-03T09:15:00Z" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await app.db.select().from(interviews).where(eq(interviews.interviewerUserId, who.user.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a time inside the interviewer's blocks", async () => {
    const who = await interviewer();
    await app.db.insert(interviewBlocks).values({
      userId: who.user.id,
      startTime: new Date("2030-06-03T09:20:00Z"),
      endTime: new Date("2030-06-03T12:00:00Z"),
      reason: "Dentist",
    });
    const res = await book(who.cookie, { applicationId: (await application()).id, scheduledAt: mondayTen });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The interviewer has blocked that time.");
  });

  it("keeps bookings inside the interviewer's availability, read in its time zone", async () => {
    const who = await interviewer();
    // Mondays 10:00-12:00 London time (09:00-11:00 UTC in June).
    await app.db
      .insert(interviewAvailability)
      .values({ userId: who.user.id, dayOfWeek: 1, startTime: "10:00", endTime: "12:00" });
    const outside = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-03T08:30:00Z",
    });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().message).toBe("That time is outside the interviewer's availability.");
    const overrunning = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-03T10:45:00Z",
    });
    expect(overrunning.statusCode).toBe(409);
    const tuesday = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-04T09:00:00Z",
    });
    expect(tuesday.statusCode).toBe(409);
    expect(
      (await book(who.cookie, { applicationId: (await application()).id, scheduledAt: mondayTen })).statusCode,
    ).toBe(201);
  });

  it("rejects bad input with 400 and unknown applications with 404", async () => {
    const a = await application();
    expect((await book(staff.cookie, { applicationId: a.id, scheduledAt: "tomorrow" })).statusCode).toBe(400);
    expect((await book(staff.cookie, { applicationId: a.id, scheduledAt: mondayTen, duration: 10 })).statusCode).toBe(
      400,
    );
    expect((await book(staff.cookie, { applicationId: a.id, scheduledAt: "2020-01-01T10:00:00Z" })).statusCode).toBe(
      400,
    );
    const vendor = await createTestUser(app, "vendor");
    expect(
      (await book(staff.cookie, { applicationId: a.id, scheduledAt: mondayTen, interviewerId: vendor.id })).statusCode,
    ).toBe(400);
    const missing = await book(staff.cookie, {
      applicationId: crypto.randomUUID(),
      scheduledAt: "2031-01-01T10:00:00Z",
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("reschedule, complete, cancel", () => {
  async function booked(stage = "new", at = mondayTen) {
    const who = await interviewer();
    const a = await application(stage);
    const item = (await book(who.cookie, { applicationId: a.id, scheduledAt: at })).json();
    return { who, a, id: item.interview.id as string };
  }

  it("reschedules a scheduled interview with the same slot checks (ignoring itself) and emails the new time", async () => {
    const { who, a, id } = await booked();
    const shifted = await call("PATCH", `/api/admin/interviews/${id}/reschedule`, staff.cookie, {
      newScheduledAt: "2030-06-03T09:15:00Z",
    });
    expect(shifted.statusCode).toBe(200);
    expect(shifted.json().interview.scheduledAt).toBe("2030-06-03T09:15:00.000Z");
    await book(who.cookie, { applicationId: (await application()).id, scheduledAt: "2030-06-03T13:00:00Z" });
    const clash = await call("PATCH", `/api/admin/interviews/${id}/reschedule`, staff.cookie, {
      newScheduledAt: "2030-06-03T13:10:00Z",
    });
    expect(clash.statusCode).toBe(409);
    const mails = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email));
    const moved = mails.find((m) => m.subject === "Interview rescheduled");
    expect(moved!.textBody).toContain("Monday 3 June 2030, 10:15 (London time)");
  });

  it("completes with outcome, rating and feedback; refuses a bad rating and a second completion", async () => {
    const { a, id } = await booked("interview");
    for (const rating of [0, 6, 2.5]) {
      const bad = await call("PATCH", `/api/admin/interviews/${id}/complete`, staff.cookie, {
        outcome: "accepted",
        rating,
      });
      expect(bad.statusCode).toBe(400);
    }
    const done = await call("PATCH", `/api/admin/interviews/${id}/complete`, staff.cookie, {
      outcome: "accepted",
      rating: 4,
      feedback: "Lovely chat",
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().interview).toMatchObject({
      status: "completed",
      outcome: "accepted",
      rating: 4,
      feedback: "Lovely chat",
    });
    expect(done.json().interview.completedAt).not.toBeNull();
    const [row] = await app.db.select().from(applications).where(eq(applications.id, a.id));
    expect(row!.stage).toBe("interview");
    expect(row!.score).toBe(0);
    const again = await call("PATCH", `/api/admin/interviews/${id}/complete`, staff.cookie, {
      outcome: "accepted",
      rating: 4,
    });
    expect(again.statusCode).toBe(409);
    const later = await call("PATCH", `/api/admin/interviews/${id}/reschedule`, staff.cookie, {
      newScheduledAt: "2030-07-01T09:00:00Z",
    });
    expect(later.statusCode).toBe(409);
  });

  it("advance moves the application to accepted or declined with the stage rules", async () => {
    const yes = await booked("interview");
    const ok = await call("PATCH", `/api/admin/interviews/${yes.id}/complete`, staff.cookie, {
      outcome: "accepted",
      rating: 5,
      advance: true,
    });
    expect(ok.statusCode).toBe(200);
    expect((await app.db.select().from(applications).where(eq(applications.id, yes.a.id)))[0]!.stage).toBe("accepted");
    // Accepting through the interview takes a place and creates the payment plan, like a stage change.
    expect((await activePlanOf(app, yes.a.id))?.totalAmount).toBe("1997.00");

    const no = await booked("interview");
    await call("PATCH", `/api/admin/interviews/${no.id}/complete`, staff.cookie, {
      outcome: "declined",
      rating: 1,
      advance: true,
    });
    expect((await app.db.select().from(applications).where(eq(applications.id, no.a.id)))[0]!.stage).toBe("declined");

    // An application already past the interview stage cannot jump back: refused, nothing changes.
    const paid = await booked("payment");
    const refused = await call("PATCH", `/api/admin/interviews/${paid.id}/complete`, staff.cookie, {
      outcome: "accepted",
      rating: 5,
      advance: true,
    });
    expect(refused.statusCode).toBe(409);
    const [still] = await app.db.select().from(interviews).where(eq(interviews.id, paid.id));
    expect(still!.status).toBe("scheduled");
  });

  it("cancels a scheduled interview, emails the applicant and frees the slot", async () => {
    const { who, a, id } = await booked();
    const res = await call("POST", `/api/admin/interviews/${id}/cancel`, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().interview.status).toBe("cancelled");
    const mails = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, a.email));
    expect(mails.map((m) => m.subject)).toContain("Interview cancelled");
    expect((await call("POST", `/api/admin/interviews/${id}/cancel`, staff.cookie)).statusCode).toBe(409);
    expect(
      (await book(who.cookie, { applicationId: (await application()).id, scheduledAt: mondayTen })).statusCode,
    ).toBe(201);
    expect((await call("POST", `/api/admin/interviews/${crypto.randomUUID()}/cancel`, staff.cookie)).statusCode).toBe(
      404,
    );
  });
});

describe("interviewer names", () => {
  it("shows an interviewer with a blank name by their email, not as blank", async () => {
    const blank = await createTestUser(app, "staff", { firstName: " ", lastName: null });
    const a = await application();
    const [row] = await app.db
      .insert(interviews)
      .values({ applicationId: a.id, scheduledAt: new Date(mondayTen), interviewerUserId: blank.id })
      .returning();
    const body = (await call("GET", `/api/admin/interviews?filter=all&applicationId=${a.id}`, staff.cookie)).json();
    expect(body.items[0]).toMatchObject({
      interview: { id: row!.id },
      interviewer: { id: blank.id, name: blank.email },
    });
  });
});

describe("interviews that need an outcome", () => {
  it("flags and counts scheduled interviews whose time is over, not those still running or done", async () => {
    const a = await application();
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    const rows = await app.db
      .insert(interviews)
      .values([
        { applicationId: a.id, scheduledAt: new Date("2020-01-01T10:00:00Z") },
        { applicationId: a.id, scheduledAt: minutesAgo(45), duration: 30 },
        { applicationId: a.id, scheduledAt: minutesAgo(10), duration: 30 },
        { applicationId: a.id, scheduledAt: minutesAgo(90), duration: 60, status: "completed", outcome: "accepted" },
        { applicationId: a.id, scheduledAt: minutesAgo(90), status: "cancelled" },
      ])
      .returning();
    const res = await call("GET", `/api/admin/interviews?filter=needs_outcome&applicationId=${a.id}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { interview: { id: string } }) => i.interview.id).sort()).toEqual(
      [rows[0]!.id, rows[1]!.id].sort(),
    );
    expect(body.counts.needs_outcome).toBe(2);
    expect(body.counts.upcoming).toBe(0);
  });
});

describe("applicationId filter, interviewers, recurring blocks", () => {
  it("lists one application's interviews, with counts for that application only", async () => {
    const who = await interviewer();
    const [a, b] = [await application(), await application()];
    await book(who.cookie, { applicationId: a.id, scheduledAt: "2030-09-02T09:00:00Z" });
    await book(who.cookie, { applicationId: b.id, scheduledAt: "2030-09-02T10:00:00Z" });
    const res = await call("GET", `/api/admin/interviews?filter=all&applicationId=${a.id}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { application: { email: string } }) => i.application.email)).toEqual([a.email]);
    expect(body.counts).toEqual({ upcoming: 1, needs_outcome: 0, today: 0, completed: 0, cancelled: 0, all: 1 });
    expect((await call("GET", "/api/admin/interviews?applicationId=nope", staff.cookie)).statusCode).toBe(400);
  });

  it("lists one retreat's interviews (the season switcher's season), with counts for that retreat only", async () => {
    const who = await interviewer();
    const past = await insertRetreat(app, { name: "Past season", status: "completed" });
    const inPast = await insertApplication(app, { retreatId: past.id, email: "past@example.com", stage: "new" });
    const here = await application();
    expect((await book(who.cookie, { applicationId: inPast.id, scheduledAt: "2030-09-09T09:00:00Z" })).statusCode).toBe(
      201,
    );
    await book(who.cookie, { applicationId: here.id, scheduledAt: "2030-09-09T10:00:00Z" });
    const res = await call("GET", `/api/admin/interviews?filter=all&retreatId=${past.id}`, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { application: { email: string } }) => i.application.email)).toEqual([inPast.email]);
    expect(body.counts).toEqual({ upcoming: 1, needs_outcome: 0, today: 0, completed: 0, cancelled: 0, all: 1 });
    const mine = (await call("GET", `/api/admin/interviews?filter=all&retreatId=${retreatId}`, staff.cookie)).json();
    expect(mine.items.map((i: { application: { email: string } }) => i.application.email)).toContain(here.email);
    expect(mine.items.map((i: { application: { email: string } }) => i.application.email)).not.toContain(inPast.email);
    const unknown = await call("GET", `/api/admin/interviews?retreatId=${crypto.randomUUID()}`, staff.cookie);
    expect(unknown.statusCode).toBe(404);
    expect((await call("GET", "/api/admin/interviews?retreatId=nope", staff.cookie)).statusCode).toBe(400);
  });

  it("lists active owner and staff users as interviewers, with name and email", async () => {
    const active = await createTestUser(app, "staff", { firstName: "Quinn", lastName: "Quill" });
    const inactive = await createTestUser(app, "staff", { isActive: false });
    const vendor = await createTestUser(app, "vendor");
    const res = await call("GET", "/api/admin/interviews/interviewers", staff.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; name: string; email: string }[];
    expect(list).toContainEqual({ id: active.id, name: "Quinn Quill", email: active.email });
    const ids = list.map((u) => u.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(vendor.id);
    expect(ids).toContain(staff.user.id);
  });

  it("refuses a time covered by a weekly block in later weeks, but not on other days", async () => {
    const who = await interviewer();
    // Mondays 12:00-13:00 London (11:00-12:00 UTC in summer), first on 3 June 2030.
    const created = await call("POST", "/api/admin/interviews/blocks", who.cookie, {
      startTime: "2030-06-03T11:00:00Z",
      endTime: "2030-06-03T12:00:00Z",
      reason: "Team lunch",
      recurringPattern: "weekly",
    });
    expect(created.statusCode).toBe(201);
    const threeWeeksOn = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-24T11:30:00Z",
    });
    expect(threeWeeksOn.statusCode).toBe(409);
    expect(threeWeeksOn.json().message).toBe("The interviewer has blocked that time.");
    // In winter London is on UTC: the block stays at noon London time, 12:00 UTC.
    const winter = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-12-02T12:15:00Z",
    });
    expect(winter.statusCode).toBe(409);
    const winterBefore = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-12-02T11:00:00Z",
    });
    expect(winterBefore.statusCode).toBe(201);
    const tuesday = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-25T11:30:00Z",
    });
    expect(tuesday.statusCode).toBe(201);
    // Before its first occurrence a repeating block covers nothing.
    const weekBefore = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-05-27T11:30:00Z",
    });
    expect(weekBefore.statusCode).toBe(201);
  });

  it("refuses a time covered by a daily block, including one that reaches back from the day before", async () => {
    const who = await interviewer();
    await call("POST", "/api/admin/interviews/blocks", who.cookie, {
      startTime: "2030-06-03T21:00:00Z",
      endTime: "2030-06-04T07:00:00Z",
      reason: "Night",
      recurringPattern: "daily",
    });
    const earlyMorning = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-10T06:30:00Z",
    });
    expect(earlyMorning.statusCode).toBe(409);
    const daytime = await book(who.cookie, {
      applicationId: (await application()).id,
      scheduledAt: "2030-06-10T07:00:00Z",
    });
    expect(daytime.statusCode).toBe(201);
  });
});
