import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  descriptionRequiredMessage,
  invalidAssigneeMessage,
  type TaskDto,
  titleRequiredMessage,
} from "../../../shared/schemas/tasks";
import { auditLogs, tasks } from "../../db/schema";
import { insertRetreat } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { createTestUser, signedInAs } from "../../test/test-sessions";
import { getCurrentRetreat } from "../retreats/retreats.service";

let app: FastifyInstance;
let staff: { user: { id: string }; cookie: string };
let owner: { user: { id: string }; cookie: string };

withTestApp(async (built) => {
  app = built;
  staff = await signedInAs(app, "staff");
  owner = await signedInAs(app, "owner");
});

function call(
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  cookie = staff.cookie,
) {
  return app.inject({ method, url, payload, headers: { cookie, "user-agent": "vitest" } });
}

async function newTask(overrides: object = {}): Promise<TaskDto> {
  const res = await call("POST", "/api/admin/tasks", {
    title: "Book the yoga shala",
    description: "Two sessions a day",
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe("tasks: create, list, edit, delete", () => {
  it("creates a task in the current retreat with the spec's defaults and an audit row", async () => {
    const task = await newTask();
    const current = await getCurrentRetreat(app.db);
    expect(task).toMatchObject({
      title: "Book the yoga shala",
      priority: "medium",
      category: "general",
      status: "pending",
      assigneeId: null,
      dueDate: null,
      retreatId: current!.id,
    });
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, task.id), eq(auditLogs.action, "create")));
    expect(audit).toMatchObject({ userId: staff.user.id, entityType: "task" });
  });

  it("requires title and description with clear messages", async () => {
    const res = await call("POST", "/api/admin/tasks", { title: "  ", description: "" });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toContain(titleRequiredMessage);
    expect(messages).toContain(descriptionRequiredMessage);
  });

  it("refuses an unknown priority, a bad date and a guest or inactive assignee", async () => {
    expect(
      (await call("POST", "/api/admin/tasks", { title: "a", description: "b", priority: "asap" })).statusCode,
    ).toBe(400);
    expect((await call("POST", "/api/admin/tasks", { title: "a", description: "b", dueDate: "soon" })).statusCode).toBe(
      400,
    );
    const guest = await createTestUser(app, "guest");
    const inactive = await createTestUser(app, "staff", { isActive: false });
    for (const u of [guest, inactive]) {
      const res = await call("POST", "/api/admin/tasks", { title: "a", description: "b", assigneeId: u.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(invalidAssigneeMessage);
    }
  });

  // Issue 16: a task given to someone without a name read "Unassigned".
  it("names an assignee without a name (or a blank one) by their email, everywhere a task is read", async () => {
    const nameless = await createTestUser(app, "staff", { firstName: null, lastName: null });
    const blank = await createTestUser(app, "vendor", { firstName: "  ", lastName: "" });
    const a = await newTask({ title: "Nameless task", assigneeId: nameless.id });
    expect(a.assigneeName).toBe(nameless.email);
    const b = await newTask({ title: "Blank task", assigneeId: blank.id });
    expect(b.assigneeName).toBe(blank.email);
    const list: TaskDto[] = (await call("GET", "/api/admin/tasks")).json();
    expect(list.find((x) => x.id === a.id)?.assigneeName).toBe(nameless.email);
    expect(list.find((x) => x.id === b.id)?.assigneeName).toBe(blank.email);
    const assignees = (await call("GET", "/api/admin/tasks/assignees")).json();
    expect(assignees.find((x: { id: string }) => x.id === blank.id)?.name).toBe(blank.email);
  });

  it("lists tasks with the assignee's name and filters by status, assignee and retreat", async () => {
    const vendor = await createTestUser(app, "vendor", { firstName: "Vic", lastName: "Caterer" });
    const due = "2026-04-01T09:00:00.000Z";
    const mine = await newTask({
      title: "Menu tasting",
      assigneeId: vendor.id,
      priority: "urgent",
      dueDate: due,
      category: "catering",
    });
    expect(mine).toMatchObject({ assigneeName: "Vic Caterer", dueDate: due, priority: "urgent", category: "catering" });
    const byAssignee = (await call("GET", `/api/admin/tasks?assigneeId=${vendor.id}`)).json();
    expect(byAssignee.map((x: TaskDto) => x.id)).toEqual([mine.id]);
    const other = await insertRetreat(app, { name: "Other retreat" });
    expect((await call("GET", `/api/admin/tasks?retreatId=${other.id}`)).json()).toEqual([]);
    const unknown = await call("GET", `/api/admin/tasks?retreatId=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Retreat not found.");
    const pending = (await call("GET", "/api/admin/tasks?status=pending")).json();
    expect(pending.every((x: TaskDto) => x.status === "pending")).toBe(true);
    expect(pending.length).toBeGreaterThan(1);
  });

  it("edits fields and records what changed", async () => {
    const task = await newTask();
    const res = await call("PATCH", `/api/admin/tasks/${task.id}`, {
      title: "Book the big shala",
      priority: "high",
      dueDate: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Book the big shala", priority: "high" });
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, task.id), eq(auditLogs.action, "update")));
    expect(audit!.oldValues).toEqual({ title: "Book the yoga shala", priority: "medium" });
    expect((await call("PATCH", `/api/admin/tasks/${task.id}`, { status: "completed" })).statusCode).toBe(400);
    expect((await call("PATCH", `/api/admin/tasks/${crypto.randomUUID()}`, { title: "x" })).statusCode).toBe(404);
  });

  it("deletes a task (404 afterwards) with an audit row", async () => {
    const task = await newTask();
    expect((await call("DELETE", `/api/admin/tasks/${task.id}`, undefined, owner.cookie)).statusCode).toBe(204);
    expect(await app.db.select().from(tasks).where(eq(tasks.id, task.id))).toHaveLength(0);
    expect((await call("DELETE", `/api/admin/tasks/${task.id}`)).statusCode).toBe(404);
    const [audit] = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, task.id), eq(auditLogs.action, "delete")));
    expect(audit!.oldValues).toMatchObject({ title: "Book the yoga shala" });
  });
});

describe("tasks: status workflow", () => {
  const status = (id: string, s: string, via?: string) =>
    call("POST", `/api/admin/tasks/${id}/status`, via ? { status: s, via } : { status: s });

  it("Start, Complete, Revise, Complete, Approve: each button moves one step; Approve sets completedAt", async () => {
    const task = await newTask();
    expect((await status(task.id, "in_progress")).json().status).toBe("in_progress");
    expect((await status(task.id, "review")).json().status).toBe("review");
    expect((await status(task.id, "in_progress")).json().status).toBe("in_progress");
    expect((await status(task.id, "review")).json().status).toBe("review");
    const approved = (await status(task.id, "completed")).json();
    expect(approved.status).toBe("completed");
    expect(approved.completedAt).not.toBeNull();
    const audits = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, task.id), eq(auditLogs.action, "status_change")));
    expect(audits).toHaveLength(5);
  });

  it("answers 409 to a button that skips a step or repeats the current status", async () => {
    const task = await newTask();
    const skip = await status(task.id, "completed");
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe("A task cannot go from Pending to Completed.");
    expect((await status(task.id, "review")).statusCode).toBe(409);
    expect((await status(task.id, "pending")).statusCode).toBe(409);
    const [row] = await app.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.status).toBe("pending");
  });

  it("a deliberate move goes to any column and keeps completedAt consistent", async () => {
    const task = await newTask();
    const done = (await status(task.id, "completed", "move")).json();
    expect(done.completedAt).not.toBeNull();
    const back = (await status(task.id, "pending", "move")).json();
    expect(back).toMatchObject({ status: "pending", completedAt: null });
    expect((await status(task.id, "pending", "move")).statusCode).toBe(409);
    expect((await status(task.id, "done", "move")).statusCode).toBe(400);
  });
});

describe("tasks: roles", () => {
  it("vendors, guests and anonymous callers cannot use the admin task API", async () => {
    const vendor = await signedInAs(app, "vendor");
    const guest = await signedInAs(app, "guest");
    for (const cookie of [vendor.cookie, guest.cookie]) {
      expect((await call("GET", "/api/admin/tasks", undefined, cookie)).statusCode).toBe(403);
      expect((await call("POST", "/api/admin/tasks", { title: "a", description: "b" }, cookie)).statusCode).toBe(403);
      expect((await call("GET", "/api/admin/task-templates", undefined, cookie)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: "GET", url: "/api/admin/tasks" })).statusCode).toBe(401);
  });

  it("lists only active owner, staff and vendor users as assignees", async () => {
    const guest = await createTestUser(app, "guest");
    const vendor = await createTestUser(app, "vendor");
    const list = (await call("GET", "/api/admin/tasks/assignees")).json();
    const ids = list.map((a: { id: string }) => a.id);
    expect(ids).toContain(vendor.id);
    expect(ids).toContain(staff.user.id);
    expect(ids).not.toContain(guest.id);
  });
});
