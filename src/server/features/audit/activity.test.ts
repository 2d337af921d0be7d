import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { activityPath } from "../../../shared/schemas/dashboard";
import { auditLogs } from "../../db/schema";
import { insertApplication, insertRetreat } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { createTestUser, sessionCookieFor, signedInAs } from "../../test/test-sessions";
import { applicationHref } from "./activity.service";

let app: FastifyInstance;
let ownerCookie: string;
let staffCookie: string;
let staffEmail: string;
let retreatId: string;

withTestApp(async (built) => {
  app = built;
  const owner = await createTestUser(app, "owner", { firstName: "Alex", lastName: "Kim" });
  ownerCookie = await sessionCookieFor(app, owner.id);
  // A staff user without a name is shown by their email.
  const staff = await createTestUser(app, "staff", { firstName: null, lastName: null });
  staffEmail = staff.email;
  staffCookie = await sessionCookieFor(app, staff.id);
  retreatId = (await insertRetreat(app)).id;
});

type Feed = { items: { id: string; at: string; text: string; href: string | null }[] };

function call(method: "GET" | "POST" | "DELETE", url: string, cookie: string, payload?: object) {
  return app.inject({ method, url, payload, headers: { cookie, "user-agent": "vitest" } });
}

async function feed(cookie = ownerCookie): Promise<Feed> {
  const res = await call("GET", activityPath, cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("GET /api/admin/dashboard/activity", () => {
  it("is empty on a fresh install (the Overview keeps its empty-state text)", async () => {
    expect((await feed()).items).toEqual([]);
  });

  it("answers owner and staff only: 401 signed out, 403 for vendors and guests", async () => {
    expect((await app.inject({ url: activityPath })).statusCode).toBe(401);
    for (const role of ["vendor", "guest"] as const) {
      expect((await call("GET", activityPath, (await signedInAs(app, role)).cookie)).statusCode).toBe(403);
    }
    expect((await call("GET", activityPath, staffCookie)).statusCode).toBe(200);
  });

  it("tells stage moves and tasks in words, newest first, linked to the record", async () => {
    const jane = await insertApplication(app, { retreatId, firstName: "Jane", lastName: "Doe", stage: "new" });
    const moved = await call("POST", `/api/admin/applications/${jane.id}/escalate/screening`, ownerCookie, {
      notify: false,
    });
    expect(moved.statusCode).toBe(200);
    const task = await call("POST", "/api/admin/tasks", staffCookie, {
      title: "Book the shala",
      description: "Two sessions a day",
    });
    expect(task.statusCode).toBe(201);

    const { items } = await feed(staffCookie);
    expect(items.slice(0, 2).map(({ text, href }) => ({ text, href }))).toEqual([
      { text: `${staffEmail} created the task "Book the shala"`, href: "/admin/dashboard?tab=tasks" },
      { text: "Alex Kim moved Jane Doe's application to Screening", href: applicationHref(jane.id) },
    ]);
    expect(applicationHref(jane.id)).toBe(`/admin/dashboard?tab=applications&application=${jane.id}`);
    expect(Date.parse(items[0]!.at)).toBeGreaterThanOrEqual(Date.parse(items[1]!.at));
  });

  it("keeps sign-ins, exports, user administration and sensitive reads out of the feed", async () => {
    const before = (await feed()).items.map((i) => i.id);
    await app.db.insert(auditLogs).values([
      { action: "login", entityType: "user", entityId: crypto.randomUUID() },
      { action: "update", entityType: "user", entityId: crypto.randomUUID(), newValues: { role: "owner" } },
      { action: "export", entityType: "application" },
      { action: "read_medical_notes", entityType: "privacy" },
    ]);
    expect((await feed()).items.map((i) => i.id)).toEqual(before);
  });

  it("names a deleted application from the trail and links nothing that no longer exists", async () => {
    const gone = await insertApplication(app, { retreatId, firstName: "Gus", lastName: "Gone", stage: "new" });
    await call("POST", `/api/admin/applications/${gone.id}/escalate/screening`, ownerCookie, { notify: false });
    expect((await call("DELETE", `/api/admin/applications/${gone.id}`, ownerCookie)).statusCode).toBe(200);
    const { items } = await feed();
    expect(items[0]).toMatchObject({ text: "Alex Kim deleted Gus Gone's application", href: null });
    expect(items[1]).toMatchObject({ text: "Alex Kim moved Gus Gone's application to Screening", href: null });
  });

  it("returns names as plain text, never HTML (the page escapes them when it shows them)", async () => {
    const odd = await insertApplication(app, { retreatId, firstName: "<b>Bo</b>", lastName: "& Co", stage: "new" });
    await call("POST", `/api/admin/applications/${odd.id}/escalate/screening`, ownerCookie, { notify: false });
    const [first] = (await feed()).items;
    expect(first!.text).toBe("Alex Kim moved <b>Bo</b> & Co's application to Screening");
  });
});
