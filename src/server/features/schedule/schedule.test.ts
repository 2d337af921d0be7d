import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { zonedToUtc } from "../../../shared/schemas/schedule";
import { auditLogs, retreatSessions } from "../../db/schema";
import { insertRetreat, type StaffDesk, staffDesk } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let { app, staff, retreatId } = {} as StaffDesk;

withTestApp(async (built) => {
  ({ app, staff, retreatId } = await staffDesk(built, { startDate: "2026-05-10", endDate: "2026-05-19" }));
});

const valid = {
  title: "Sunrise yoga",
  description: "Bring a mat",
  date: "2026-05-11",
  startTime: "07:00",
  endTime: "08:15",
  location: "Shala",
  type: "workshop",
  isPublic: true,
};

function post(body: unknown, cookie = staff.cookie) {
  return app.inject({ method: "POST", url: "/api/admin/sessions", headers: { cookie }, payload: body as object });
}

describe("zonedToUtc", () => {
  it("reads wall-clock times in Bali (UTC+8) and in a zone with daylight saving", () => {
    expect(zonedToUtc("2026-05-11", "07:00", "Asia/Makassar").toISOString()).toBe("2026-05-10T23:00:00.000Z");
    expect(zonedToUtc("2026-07-01", "09:30", "Europe/London").toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(zonedToUtc("2026-01-15", "09:30", "Europe/London").toISOString()).toBe("2026-01-15T09:30:00.000Z");
  });
});

describe("POST /api/admin/sessions", () => {
  it("stores the local date and times in the retreat's zone as instants and audits the write", async () => {
    const res = await post({ ...valid, retreatId });
    expect(res.statusCode).toBe(201);
    const session = res.json();
    expect(session).toMatchObject({
      title: "Sunrise yoga",
      date: "2026-05-11",
      startTime: "2026-05-10T23:00:00.000Z",
      endTime: "2026-05-11T00:15:00.000Z",
      localStartTime: "07:00",
      localEndTime: "08:15",
      location: "Shala",
      type: "workshop",
      isPublic: true,
    });
    const [row] = await app.db.select().from(retreatSessions).where(eq(retreatSessions.id, session.id));
    expect(row!.startTime.toISOString()).toBe("2026-05-10T23:00:00.000Z");
    const audit = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "retreat_session"), eq(auditLogs.entityId, session.id)));
    expect(audit.map((a) => a.action)).toEqual(["create"]);
  });

  it("refuses a missing title, a bad date, an unknown type and an end before the start with clear messages", async () => {
    const noTitle = await post({ ...valid, title: "  ", retreatId });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe("Title is required.");

    const badDate = await post({ ...valid, date: "2026-02-30", retreatId });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe("Please choose a date (YYYY-MM-DD).");

    const badType = await post({ ...valid, type: "party", retreatId });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/^Type must be one of: Workshop, Talk/);

    const backwards = await post({ ...valid, startTime: "09:00", endTime: "08:00", retreatId });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe("End time must be after the start time.");
  });

  it("refuses a day outside the retreat's dates", async () => {
    const res = await post({ ...valid, date: "2026-05-20", retreatId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Sessions must fall within the retreat dates (10 May 2026 to 19 May 2026).");
    const first = await post({ ...valid, date: "2026-05-10", retreatId });
    expect(first.statusCode).toBe(201);
  });

  it("uses the current retreat when no retreatId is given, and 404s an unknown retreat", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const current = await app.inject({ method: "GET", url: "/api/admin/sessions", headers: { cookie: staff.cookie } });
    expect(current.json().sessions.map((s: { id: string }) => s.id)).toContain(res.json().id);
    const unknown = await post({ ...valid, retreatId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("GET, PATCH and DELETE /api/admin/sessions", () => {
  it("lists a retreat's sessions by start, edits a session's times and deletes it", async () => {
    const other = await insertRetreat(app, { startDate: "2026-06-01", endDate: "2026-06-03" });
    const late = (
      await post({
        ...valid,
        title: "Dinner",
        type: "meal",
        date: "2026-06-02",
        startTime: "19:00",
        endTime: "20:30",
        retreatId: other.id,
      })
    ).json();
    const early = (
      await post({
        ...valid,
        title: "Breakfast",
        type: "meal",
        date: "2026-06-02",
        startTime: "08:00",
        endTime: "09:00",
        retreatId: other.id,
      })
    ).json();

    const list = await app.inject({
      method: "GET",
      url: `/api/admin/sessions?retreatId=${other.id}`,
      headers: { cookie: staff.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().retreat).toMatchObject({ id: other.id, timeZone: "Asia/Makassar" });
    expect(list.json().sessions.map((s: { title: string }) => s.title)).toEqual(["Breakfast", "Dinner"]);

    const moved = await app.inject({
      method: "PATCH",
      url: `/api/admin/sessions/${late.id}`,
      headers: { cookie: staff.cookie },
      payload: { date: "2026-06-01", startTime: "06:00" },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ date: "2026-06-01", localStartTime: "06:00", localEndTime: "20:30" });

    const backwards = await app.inject({
      method: "PATCH",
      url: `/api/admin/sessions/${early.id}`,
      headers: { cookie: staff.cookie },
      payload: { endTime: "07:00" },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe("End time must be after the start time.");

    const outside = await app.inject({
      method: "PATCH",
      url: `/api/admin/sessions/${early.id}`,
      headers: { cookie: staff.cookie },
      payload: { date: "2026-06-04" },
    });
    expect(outside.statusCode).toBe(400);

    const removed = await app.inject({
      method: "DELETE",
      url: `/api/admin/sessions/${early.id}`,
      headers: { cookie: staff.cookie },
    });
    expect(removed.statusCode).toBe(200);
    const again = await app.inject({
      method: "DELETE",
      url: `/api/admin/sessions/${early.id}`,
      headers: { cookie: staff.cookie },
    });
    expect(again.statusCode).toBe(404);
    const after = await app.inject({
      method: "GET",
      url: `/api/admin/sessions?retreatId=${other.id}`,
      headers: { cookie: staff.cookie },
    });
    expect(after.json().sessions.map((s: { title: string }) => s.title)).toEqual(["Dinner"]);
  });

  it("is closed to vendors and guests", async () => {
    for (const role of ["vendor", "guest"] as const) {
      const { cookie } = await signedInAs(app, role);
      expect((await app.inject({ method: "GET", url: "/api/admin/sessions", headers: { cookie } })).statusCode).toBe(
        403,
      );
      expect((await post({ ...valid, retreatId }, cookie)).statusCode).toBe(403);
    }
  });
});
