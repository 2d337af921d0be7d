import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { applications, auditLogs, interviewAvailability, interviewBlocks } from "../../db/schema";
import { withTestApp } from "../../test/test-app";
import { createTestUser, type Signed, signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let staff: Signed;

withTestApp(async (built) => {
  app = built;
  staff = await signedInAs(app, "staff");
});

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie: string | null, payload?: object) {
  return app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

function interviewer() {
  return signedInAs(app, "staff", { firstName: "Ivy", lastName: "Interviewer" });
}

const base = "/api/admin/interviews";
const mondayMorning = { dayOfWeek: 1, startTime: "09:00", endTime: "12:00", timezone: "Europe/London" };

describe("availability windows", () => {
  it("starts empty, replaces the signed-in user's windows whole, and audits the change", async () => {
    const who = await interviewer();
    const empty = await call("GET", `${base}/availability`, who.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ userId: who.user.id, windows: [], blocks: [] });

    const first = await call("PUT", `${base}/availability`, who.cookie, {
      windows: [{ dayOfWeek: 3, startTime: "14:00", endTime: "17:30" }, mondayMorning],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().windows).toEqual([
      mondayMorning,
      { dayOfWeek: 3, startTime: "14:00", endTime: "17:30", timezone: "Europe/London" },
    ]);

    const second = await call("PUT", `${base}/availability`, who.cookie, {
      windows: [{ dayOfWeek: 5, startTime: "10:00", endTime: "11:00", timezone: "America/New_York" }],
    });
    expect(second.statusCode).toBe(200);
    const rows = await app.db.select().from(interviewAvailability).where(eq(interviewAvailability.userId, who.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dayOfWeek: 5, timezone: "America/New_York" });
    expect((await call("GET", `${base}/availability`, who.cookie)).json().windows).toEqual(second.json().windows);

    const audits = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "interview_availability"), eq(auditLogs.entityId, who.user.id)));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.userId)).toEqual([who.user.id, who.user.id]);
  });

  it("lets staff read and set another interviewer's windows by userId", async () => {
    const who = await interviewer();
    const put = await call("PUT", `${base}/availability`, staff.cookie, {
      userId: who.user.id,
      windows: [mondayMorning],
    });
    expect(put.statusCode).toBe(200);
    const read = await call("GET", `${base}/availability?userId=${who.user.id}`, staff.cookie);
    expect(read.json()).toMatchObject({ userId: who.user.id, windows: [mondayMorning] });
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "interview_availability"), eq(auditLogs.entityId, who.user.id)));
    expect(audit!.userId).toBe(staff.user.id);
  });

  it("rejects bad windows and unknown interviewers", async () => {
    for (const window of [
      { dayOfWeek: 7, startTime: "09:00", endTime: "10:00" },
      { dayOfWeek: 1, startTime: "9am", endTime: "10:00" },
      { dayOfWeek: 1, startTime: "11:00", endTime: "10:00" },
      { dayOfWeek: 1, startTime: "09:00", endTime: "10:00", timezone: "Mars/Olympus" },
    ]) {
      const res = await call("PUT", `${base}/availability`, staff.cookie, { windows: [window] });
      expect(res.statusCode, JSON.stringify(window)).toBe(400);
    }
    const zone = await call("PUT", `${base}/availability`, staff.cookie, {
      windows: [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00", timezone: "Mars/Olympus" }],
    });
    expect(zone.json().errors).toEqual([
      { path: "windows.0.timezone", message: "Use a time zone such as Europe/London." },
    ]);
    const vendor = await createTestUser(app, "vendor");
    expect((await call("GET", `${base}/availability?userId=${vendor.id}`, staff.cookie)).statusCode).toBe(404);
    expect(
      (await call("PUT", `${base}/availability`, staff.cookie, { userId: crypto.randomUUID(), windows: [] }))
        .statusCode,
    ).toBe(404);
  });
});

describe("blocks", () => {
  it("creates one-off and repeating blocks, lists those that still matter, deletes with an audit trail", async () => {
    const who = await interviewer();
    const oneOff = await call("POST", `${base}/blocks`, who.cookie, {
      startTime: "2030-06-03T09:00:00Z",
      endTime: "2030-06-03T10:00:00Z",
      reason: "Dentist",
    });
    expect(oneOff.statusCode).toBe(201);
    expect(oneOff.json()).toMatchObject({
      startTime: "2030-06-03T09:00:00.000Z",
      endTime: "2030-06-03T10:00:00.000Z",
      reason: "Dentist",
      isRecurring: false,
      recurringPattern: null,
    });
    const weekly = await call("POST", `${base}/blocks`, who.cookie, {
      startTime: "2020-01-06T12:00:00Z",
      endTime: "2020-01-06T13:00:00Z",
      recurringPattern: "weekly",
    });
    expect(weekly.json()).toMatchObject({ isRecurring: true, recurringPattern: "weekly", reason: null });
    // A one-off block in the past is over: not listed.
    await app.db.insert(interviewBlocks).values({
      userId: who.user.id,
      startTime: new Date("2020-01-01T09:00:00Z"),
      endTime: new Date("2020-01-01T10:00:00Z"),
    });
    const listed = (await call("GET", `${base}/availability`, who.cookie)).json().blocks as { id: string }[];
    expect(listed.map((b) => b.id)).toEqual([weekly.json().id, oneOff.json().id]);

    const removed = await call("DELETE", `${base}/blocks/${oneOff.json().id}`, staff.cookie);
    expect(removed.statusCode).toBe(204);
    expect((await call("DELETE", `${base}/blocks/${oneOff.json().id}`, staff.cookie)).statusCode).toBe(404);
    const audits = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "interview_block"), eq(auditLogs.entityId, oneOff.json().id)));
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "delete"]);
  });

  it("rejects an end before the start, and a repeating block as long as its repeat", async () => {
    const backwards = await call("POST", `${base}/blocks`, staff.cookie, {
      startTime: "2030-06-03T10:00:00Z",
      endTime: "2030-06-03T09:00:00Z",
    });
    expect(backwards.statusCode).toBe(400);
    const allDay = await call("POST", `${base}/blocks`, staff.cookie, {
      startTime: "2030-06-03T00:00:00Z",
      endTime: "2030-06-04T00:00:00Z",
      recurringPattern: "daily",
    });
    expect(allDay.statusCode).toBe(400);
    expect(
      (
        await call("POST", `${base}/blocks`, staff.cookie, {
          startTime: "2030-06-03T00:00:00Z",
          endTime: "2030-06-04T00:00:00Z",
          recurringPattern: "monthly",
        })
      ).statusCode,
    ).toBe(400);
  });

  it("makes the booking checks refuse a time a block covers", async () => {
    const who = await interviewer();
    const [application] = await app.db
      .insert(applications)
      .values({ firstName: "Bo", email: `bo-${Date.now()}@example.com` })
      .returning();
    await call("POST", `${base}/blocks`, who.cookie, {
      startTime: "2030-06-03T08:00:00Z",
      endTime: "2030-06-03T09:00:00Z",
      recurringPattern: "daily",
    });
    const res = await call("POST", base, who.cookie, {
      applicationId: application!.id,
      scheduledAt: "2030-06-05T08:30:00Z",
    });
    expect(res.statusCode).toBe(409);
  });
});

describe("roles", () => {
  it("answers 401 to anonymous callers and 403 to vendors and guests on every availability route", async () => {
    const block = crypto.randomUUID();
    const routes = [
      ["GET", `${base}/interviewers`],
      ["GET", `${base}/availability`],
      ["PUT", `${base}/availability`, { windows: [] }],
      ["POST", `${base}/blocks`, { startTime: "2030-06-03T08:00:00Z", endTime: "2030-06-03T09:00:00Z" }],
      ["DELETE", `${base}/blocks/${block}`],
      ["POST", `${base}/booking-links`, { applicationId: crypto.randomUUID() }],
    ] as const;
    const vendor = await signedInAs(app, "vendor");
    const guest = await signedInAs(app, "guest");
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const other of [vendor, guest]) {
        expect((await call(method, url, other.cookie, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const owner = await signedInAs(app, "owner");
    expect((await call("GET", `${base}/availability`, owner.cookie)).statusCode).toBe(200);
  });
});
