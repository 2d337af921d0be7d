import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { TaskDto } from "../../../shared/schemas/tasks";
import { auditLogs } from "../../db/schema";
import { insertRetreat } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";

let app: FastifyInstance;
let staff: { cookie: string };

withTestApp(async (built) => {
  app = built;
  staff = await signedInAs(app, "staff");
});

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return app.inject({ method, url, payload, headers: { cookie: staff.cookie } });
}

describe("task templates", () => {
  it("creates, edits, lists and deletes templates, validating the offset", async () => {
    const created = await call("POST", "/api/admin/task-templates", { title: "Send packing list", dueOffsetDays: -14 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ priority: "medium", category: "general", isActive: true });
    const bad = await call("POST", "/api/admin/task-templates", { title: "x", dueOffsetDays: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Days from the retreat start must be a whole number.");
    const edited = await call("PUT", `/api/admin/task-templates/${id}`, {
      title: "Send the packing list",
      dueOffsetDays: -21,
    });
    expect(edited.json()).toMatchObject({ title: "Send the packing list", dueOffsetDays: -21 });
    expect((await call("GET", "/api/admin/task-templates")).json().map((x: { id: string }) => x.id)).toContain(id);
    expect((await call("DELETE", `/api/admin/task-templates/${id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/admin/task-templates/${id}`)).statusCode).toBe(404);
    const audits = await app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.entityType, "task_template")));
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
  });

  it("applies active templates with due dates from the retreat start, once per retreat", async () => {
    const retreat = await insertRetreat(app, { name: "Spring retreat", startDate: "2026-05-10" });
    const before = await call("POST", "/api/admin/task-templates", {
      title: "Book flights for crew",
      dueOffsetDays: -30,
      priority: "high",
    });
    const after = await call("POST", "/api/admin/task-templates", { title: "Thank-you emails", dueOffsetDays: 12 });
    await call("POST", "/api/admin/task-templates", { title: "Retired", dueOffsetDays: 0, isActive: false });

    const first = await call("POST", "/api/admin/task-templates/apply", { retreatId: retreat.id });
    expect(first.json()).toEqual({ created: 2, skipped: 0, dated: true });
    const list: TaskDto[] = (await call("GET", `/api/admin/tasks?retreatId=${retreat.id}`)).json();
    const byTitle = Object.fromEntries(list.map((x) => [x.title, x]));
    expect(byTitle["Book flights for crew"]).toMatchObject({
      dueDate: "2026-04-10T12:00:00.000Z",
      priority: "high",
      templateId: before.json().id,
    });
    expect(byTitle["Thank-you emails"]!.dueDate).toBe("2026-05-22T12:00:00.000Z");
    expect(byTitle.Retired).toBeUndefined();

    // Renaming a created task must not make a second apply create it again.
    await app.inject({
      method: "PATCH",
      url: `/api/admin/tasks/${byTitle["Thank-you emails"]!.id}`,
      payload: { title: "Thank-you notes" },
      headers: { cookie: staff.cookie },
    });
    const second = await call("POST", "/api/admin/task-templates/apply", { retreatId: retreat.id });
    expect(second.json()).toEqual({ created: 0, skipped: 2, dated: true });
    expect((await call("GET", `/api/admin/tasks?retreatId=${retreat.id}`)).json()).toHaveLength(2);
    expect(after.statusCode).toBe(201);
  });

  it("applies to the current retreat by default, undated when it has no start date", async () => {
    const res = await call("POST", "/api/admin/task-templates/apply", {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dated: false });
    expect(res.json().created).toBeGreaterThan(0);
    expect((await call("POST", "/api/admin/task-templates/apply", { retreatId: crypto.randomUUID() })).statusCode).toBe(
      404,
    );
  });
});
