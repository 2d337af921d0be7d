import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { vendorUserInvalidMessage, vendorUserTakenMessage } from "../../../shared/schemas/vendors";
import { auditLogs, retreatSessions, tasks, vendorBookings, vendors } from "../../db/schema";
import { withTestApp } from "../../test/test-app";
import { type Signed, signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let staff: Signed;
let vendorA: Signed;
let vendorB: Signed;

withTestApp(async (built) => {
  app = built;
  staff = await signedInAs(app, "staff");
  vendorA = await signedInAs(app, "vendor");
  vendorB = await signedInAs(app, "vendor");
});

function call(method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) {
  return app.inject({ method, url, payload, headers: { cookie } });
}

async function taskFor(assigneeId: string, title: string, status = "pending") {
  const [row] = await app.db.insert(tasks).values({ title, description: "d", assigneeId, status }).returning();
  return row!;
}

describe("vendor portal: tasks", () => {
  it("lists only the vendor's own tasks, with counts", async () => {
    await taskFor(vendorA.user.id, "Prepare menu");
    await taskFor(vendorA.user.id, "Deliver fruit", "in_progress");
    await taskFor(vendorA.user.id, "Old job", "completed");
    await taskFor(vendorB.user.id, "Someone else's job");
    const res = await call("GET", "/api/vendor/tasks", vendorA.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tasks.map((x: { title: string }) => x.title).sort()).toEqual([
      "Deliver fruit",
      "Old job",
      "Prepare menu",
    ]);
    expect(body.counts).toEqual({ pending: 1, inProgress: 1, review: 0, completed: 1 });
  });

  it("Start and Complete move the vendor's own task to In Progress then Review, audited", async () => {
    const task = await taskFor(vendorA.user.id, "Set up sound");
    const started = await call("POST", `/api/vendor/tasks/${task.id}/status`, vendorA.cookie, {
      status: "in_progress",
    });
    expect(started.json().status).toBe("in_progress");
    const done = await call("POST", `/api/vendor/tasks/${task.id}/status`, vendorA.cookie, { status: "review" });
    expect(done.json().status).toBe("review");
    const audits = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, task.id), eq(auditLogs.userId, vendorA.user.id)));
    expect(audits).toHaveLength(2);
  });

  it("a vendor cannot approve, skip steps or touch another vendor's task (404, unchanged)", async () => {
    const own = await taskFor(vendorA.user.id, "Own", "review");
    expect(
      (await call("POST", `/api/vendor/tasks/${own.id}/status`, vendorA.cookie, { status: "completed" })).statusCode,
    ).toBe(400);
    const pending = await taskFor(vendorA.user.id, "Own pending");
    expect(
      (await call("POST", `/api/vendor/tasks/${pending.id}/status`, vendorA.cookie, { status: "review" })).statusCode,
    ).toBe(409);
    const theirs = await taskFor(vendorB.user.id, "Theirs");
    const res = await call("POST", `/api/vendor/tasks/${theirs.id}/status`, vendorA.cookie, { status: "in_progress" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Task not found.");
    const missing = await call("POST", `/api/vendor/tasks/${crypto.randomUUID()}/status`, vendorA.cookie, {
      status: "in_progress",
    });
    expect(missing.json()).toEqual(res.json());
    const [row] = await app.db.select().from(tasks).where(eq(tasks.id, theirs.id));
    expect(row!.status).toBe("pending");
  });

  it("staff and guests cannot use the vendor API; vendors cannot use the admin one", async () => {
    expect((await call("GET", "/api/vendor/tasks", staff.cookie)).statusCode).toBe(403);
    expect((await call("GET", "/api/vendor/schedule", (await signedInAs(app, "guest")).cookie)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/tasks", vendorA.cookie)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/vendors", vendorA.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/vendor/tasks" })).statusCode).toBe(401);
  });
});

describe("vendor records and schedule", () => {
  it("links a vendor user to a vendor record; refuses non-vendors and a second link", async () => {
    const created = await call("POST", "/api/admin/vendors", staff.cookie, {
      name: "Bali Green Kitchen",
      type: "catering",
      services: ["lunch", "dinner"],
      userId: vendorA.user.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Bali Green Kitchen",
      userId: vendorA.user.id,
      services: ["lunch", "dinner"],
    });
    const taken = await call("POST", "/api/admin/vendors", staff.cookie, { name: "Copy", userId: vendorA.user.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(vendorUserTakenMessage);
    const notVendor = await call("POST", "/api/admin/vendors", staff.cookie, { name: "X", userId: staff.user.id });
    expect(notVendor.statusCode).toBe(400);
    expect(notVendor.json().message).toBe(vendorUserInvalidMessage);
    const renamed = await call("PATCH", `/api/admin/vendors/${created.json().id}`, staff.cookie, {
      phone: "+62 361 000",
    });
    expect(renamed.json()).toMatchObject({ phone: "+62 361 000", userId: vendorA.user.id });
    const list = (await call("GET", "/api/admin/vendors", staff.cookie)).json();
    expect(list.map((v: { name: string }) => v.name)).toContain("Bali Green Kitchen");
  });

  it("shows the vendor only their own booked sessions, soonest first", async () => {
    const [mine] = await app.db.select().from(vendors).where(eq(vendors.userId, vendorA.user.id));
    const [other] = await app.db.insert(vendors).values({ name: "Other", userId: vendorB.user.id }).returning();
    const [late, early, hidden] = await app.db
      .insert(retreatSessions)
      .values([
        { title: "Farewell dinner", startTime: new Date("2026-05-19T11:00:00Z"), location: "Villa" },
        { title: "Welcome lunch", startTime: new Date("2026-05-10T05:00:00Z") },
        { title: "Other's session", startTime: new Date("2026-05-11T05:00:00Z") },
      ])
      .returning();
    await app.db.insert(vendorBookings).values([
      { vendorId: mine!.id, retreatSessionId: late!.id },
      { vendorId: mine!.id, retreatSessionId: early!.id, description: "40 plates" },
      { vendorId: other!.id, retreatSessionId: hidden!.id },
    ]);
    const res = await call("GET", "/api/vendor/schedule", vendorA.cookie);
    expect(res.json()).toMatchObject({
      vendorName: "Bali Green Kitchen",
      bookings: [
        { title: "Welcome lunch", description: "40 plates", startTime: "2026-05-10T05:00:00.000Z", status: "booked" },
        { title: "Farewell dinner", location: "Villa" },
      ],
    });
    expect(res.json().bookings).toHaveLength(2);
    const unlinked = await signedInAs(app, "vendor");
    expect((await call("GET", "/api/vendor/schedule", unlinked.cookie)).json()).toEqual({
      vendorName: null,
      bookings: [],
    });
  });
});
