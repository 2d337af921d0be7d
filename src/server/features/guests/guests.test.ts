import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailLogs, passwordTokens, paymentPlans, payments, retreatSessions, users } from "../../db/schema";
import { insertApplication, insertRetreat, type StaffDesk, staffDesk } from "../../test/builders";
import { hiddenLinkAt } from "../../test/hidden-link-at";
import { withTestApp } from "../../test/test-app";
import { createTestUser, sessionCookieFor, signedInAs } from "../../test/test-sessions";
import { getGuestSchedule } from "./guests.service";

let { app, staff, retreatId } = {} as StaffDesk;
let otherRetreatId: string;

withTestApp(async (built) => {
  ({ app, staff, retreatId } = await staffDesk(built, {
    name: "Bali 2026",
    startDate: "2026-05-10",
    endDate: "2026-05-19",
  }));
  otherRetreatId = (await insertRetreat(app, { name: "Portugal 2027" })).id;
  const at = (iso: string) => new Date(iso);
  await app.db.insert(retreatSessions).values([
    { retreatId, title: "Welcome circle", startTime: at("2026-05-10T10:00:00Z"), endTime: at("2026-05-10T11:00:00Z") },
    {
      retreatId,
      title: "Staff briefing",
      isPublic: false,
      startTime: at("2026-05-10T12:00:00Z"),
      endTime: at("2026-05-10T13:00:00Z"),
    },
    {
      retreatId,
      title: "Rice terraces",
      location: "Jatiluwih",
      startTime: at("2026-05-11T01:00:00Z"),
      endTime: at("2026-05-11T06:00:00Z"),
    },
    {
      retreatId: otherRetreatId,
      title: "Other retreat talk",
      startTime: at("2026-05-10T10:00:00Z"),
      endTime: at("2026-05-10T11:00:00Z"),
    },
  ]);
});

function invite(applicationId: string, cookie = staff.cookie) {
  return app.inject({ method: "POST", url: "/api/admin/guests", headers: { cookie }, payload: { applicationId } });
}

async function invitedGuest(overrides: Parameters<typeof insertApplication>[1] = { retreatId }) {
  const application = await insertApplication(app, overrides);
  const res = await invite(application.id);
  expect(res.statusCode).toBe(201);
  const userId = res.json().userId as string;
  return { application, userId, cookie: await sessionCookieFor(app, userId) };
}

function get(url: string, cookie: string) {
  return app.inject({ method: "GET", url, headers: { cookie } });
}

describe("POST /api/admin/guests", () => {
  it("creates a guest linked to the application with a calendar token and emails a set-password link", async () => {
    const application = await insertApplication(app, { retreatId, firstName: "Gia", email: "Gia.Guest@Example.com" });
    const res = await invite(application.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: "gia.guest@example.com", linked: false, setPasswordLinkSent: true });
    const [user] = await app.db.select().from(users).where(eq(users.id, res.json().userId));
    expect(user).toMatchObject({ role: "guest", firstName: "Gia", applicationId: application.id, passwordHash: null });
    expect(user!.calendarToken).toMatch(/^[0-9a-f]{64}$/);
    expect(await app.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user!.id))).toHaveLength(1);
    const mail = await app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, "gia.guest@example.com"));
    expect(mail.length).toBe(1);
    expect(mail[0]!.body).toMatch(hiddenLinkAt("/set-password/"));

    expect((await invite(application.id)).statusCode).toBe(409);
  });

  it("refuses applications without a place, and emails that belong to staff", async () => {
    const pending = await insertApplication(app, { retreatId, stage: "screening" });
    const res = await invite(pending.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Only accepted applications (accepted or payment stage) can be invited.");

    const staffUser = await createTestUser(app, "staff");
    const clash = await insertApplication(app, { retreatId, email: staffUser.email });
    expect((await invite(clash.id)).statusCode).toBe(409);
  });

  it("links an existing guest account that has no application instead of creating one", async () => {
    const loose = await createTestUser(app, "guest");
    const application = await insertApplication(app, { retreatId, email: loose.email, stage: "payment" });
    const res = await invite(application.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: loose.id, linked: true });
    const [user] = await app.db.select().from(users).where(eq(users.id, loose.id));
    expect(user!.applicationId).toBe(application.id);
  });

  it("is closed to vendors and guests", async () => {
    const application = await insertApplication(app, { retreatId });
    for (const role of ["vendor", "guest"] as const) {
      expect((await invite(application.id, (await signedInAs(app, role)).cookie)).statusCode).toBe(403);
    }
  });
});

describe("guest portal", () => {
  it("shows the guest their own retreat, room with roommates' first names, diet, travel form and payments due", async () => {
    const me = await invitedGuest({ retreatId, firstName: "Ana", lastName: "Secret", dietaryNotes: "No nuts" });
    const mate = await insertApplication(app, {
      retreatId,
      firstName: "Ben",
      lastName: "Private",
      email: "ben@example.com",
    });
    const roomRes = await app.inject({
      method: "POST",
      url: "/api/admin/rooms",
      headers: { cookie: staff.cookie },
      payload: { name: "Frangipani", retreatId },
    });
    for (const applicationId of [me.application.id, mate.id]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/admin/room-assignments",
        headers: { cookie: staff.cookie },
        payload: { roomId: roomRes.json().id, applicationId },
      });
      expect(res.statusCode).toBe(201);
    }
    await app.db.insert(payments).values({
      applicationId: me.application.id,
      type: "balance",
      amount: "1497.00",
      dueDate: "2026-04-01",
      description: "Final balance",
    });
    await app.db.insert(paymentPlans).values({
      applicationId: mate.id,
      planType: "installments",
      totalAmount: "1997.00",
      remainingAmount: "1000.00",
    });

    const res = await get("/api/guest/me", me.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      firstName: "Ana",
      retreat: { id: retreatId, name: "Bali 2026", startDate: "2026-05-10", timeZone: "Asia/Makassar" },
      room: { name: "Frangipani", roommates: ["Ben"] },
      dietaryNotes: "No nuts",
      travelForm: { submitted: false, url: `/travel-form/${me.application.id}` },
      paymentsDue: [{ description: "Final balance", amount: "1497.00", dueDate: "2026-04-01" }],
    });
    // Nothing of the roommate beyond a first name, and none of their money.
    expect(JSON.stringify(body)).not.toContain("Private");
    expect(JSON.stringify(body)).not.toContain("ben@example.com");
    expect(JSON.stringify(body)).not.toContain("1000.00");
  });

  it("gives the schedule of the guest's own retreat only, public sessions only, with the next sessions", async () => {
    const me = await invitedGuest();
    const res = await get(`/api/guest/schedule/${retreatId}`, me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().sessions.map((s: { title: string }) => s.title)).toEqual(["Welcome circle", "Rice terraces"]);

    const other = await get(`/api/guest/schedule/${otherRetreatId}`, me.cookie);
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.json())).not.toContain("Other retreat talk");
  });

  it("picks the next session (one still running counts) and at most three after it", async () => {
    const retreat = await insertRetreat(app);
    const start = Date.parse("2026-05-12T00:00:00Z");
    await app.db.insert(retreatSessions).values(
      [0, 1, 2, 3, 4, 5].map((i) => ({
        retreatId: retreat.id,
        title: `Session ${i}`,
        startTime: new Date(start + i * 3_600_000),
        endTime: new Date(start + i * 3_600_000 + 1_800_000),
      })),
    );
    const me = await invitedGuest({ retreatId: retreat.id });
    const schedule = await getGuestSchedule(app.db, me.userId, retreat.id, new Date(start + 3_600_000 + 60_000));
    expect(schedule.nextSession?.title).toBe("Session 1");
    expect(schedule.upcoming.map((s) => s.title)).toEqual(["Session 2", "Session 3", "Session 4"]);
    const after = await getGuestSchedule(app.db, me.userId, retreat.id, new Date(start + 10 * 3_600_000));
    expect(after.nextSession).toBeNull();
    expect(after.upcoming).toEqual([]);
  });

  it("404s the portal for a guest account linked to no application", async () => {
    const { cookie } = await signedInAs(app, "guest");
    expect((await get("/api/guest/me", cookie)).statusCode).toBe(404);
    expect((await get(`/api/guest/schedule/${retreatId}`, cookie)).statusCode).toBe(404);
  });

  it("closes guest routes to staff", async () => {
    expect((await get("/api/guest/me", staff.cookie)).statusCode).toBe(403);
  });
});

describe("calendar feed", () => {
  it("serves the retreat's public sessions as iCalendar with stable UIDs, and rotation kills the old URL", async () => {
    const me = await invitedGuest();
    const urlRes = await get("/api/guest/calendar-url", me.cookie);
    expect(urlRes.statusCode).toBe(200);
    const url = urlRes.json().url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[0-9a-f]{64}\.ics$/);
    const path = new URL(url).pathname;

    const feed = await app.inject({ method: "GET", url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const text = feed.body;
    expect(text.startsWith("BEGIN:VCALENDAR")).toBe(true);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain("SUMMARY:Welcome circle");
    expect(text).not.toContain("Staff briefing");
    expect(text).not.toContain("Other retreat talk");
    expect(text).toContain("DTSTART:20260510T100000Z");
    const uids = [...text.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]!.trim());
    expect(uids).toHaveLength(2);
    expect(uids.every((uid) => uid.endsWith("@localhost"))).toBe(true);
    const again = await app.inject({ method: "GET", url: path });
    expect([...again.body.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]!.trim())).toEqual(uids);

    const rotated = await app.inject({
      method: "POST",
      url: "/api/guest/calendar-url/rotate",
      headers: { cookie: me.cookie },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().url).not.toBe(url);
    expect((await app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: new URL(rotated.json().url).pathname })).statusCode).toBe(200);
  });

  it("404s unknown and malformed tokens", async () => {
    expect((await app.inject({ method: "GET", url: `/api/calendar/${"a".repeat(64)}.ics` })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/calendar/nope.ics" })).statusCode).toBe(404);
  });
});
