import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { recordAudit } from "./audit.service";

let app: FastifyInstance;
let cookie: string;
let ownerId: string;
let staffId: string;

withTestApp(async (built) => {
  app = built;
  const owner = await signedInAs(app, "owner");
  const staff = await signedInAs(app, "staff");
  cookie = owner.cookie;
  ownerId = owner.user.id;
  staffId = staff.user.id;
  const base = Date.now() - 60_000;
  // 30 rows: 20 application updates by staff, 10 user creates by the owner, one second apart
  await app.db.insert(auditLogs).values(
    Array.from({ length: 30 }, (_, i) => ({
      userId: i < 20 ? staffId : ownerId,
      action: i < 20 ? "update" : "create",
      entityType: i < 20 ? "application" : "user",
      entityId: `e-${i}`,
      createdAt: new Date(base + i * 1000),
    })),
  );
});

const list = (query: string) => app.inject({ url: `/api/admin/audit-logs${query}`, headers: { cookie } });

describe("GET /api/admin/audit-logs", () => {
  it("pages newest first with the total and the filter values", async () => {
    const res = await list("?page=1&pageSize=10");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(30);
    expect(body.items).toHaveLength(10);
    expect(body.items[0].entityId).toBe("e-29");
    expect(body.items[0].userEmail).toMatch(/^owner-/);
    expect(body.entityTypes).toEqual(["application", "user"]);
    expect(body.actions).toEqual(["create", "update"]);
    const page3 = (await list("?page=3&pageSize=10")).json();
    expect(page3.items.map((i: { entityId: string }) => i.entityId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `e-${9 - i}`),
    );
    expect((await list("?page=4&pageSize=10")).json().items).toEqual([]);
  });

  it("filters by entity type, action and user on the server", async () => {
    const byType = (await list("?entityType=user&pageSize=100")).json();
    expect(byType.total).toBe(10);
    expect(byType.items.every((i: { entityType: string }) => i.entityType === "user")).toBe(true);
    expect((await list("?action=update")).json().total).toBe(20);
    expect((await list(`?userId=${staffId}&action=update&entityType=application`)).json().total).toBe(20);
    expect((await list(`?userId=${ownerId}&action=update`)).json().total).toBe(0);
    expect((await list("?entityType=&action=&userId=")).json().total).toBe(30);
  });

  it("refuses bad paging and unknown parameters with 400", async () => {
    expect((await list("?pageSize=1000")).statusCode).toBe(400);
    expect((await list("?page=0")).statusCode).toBe(400);
    expect((await list("?userId=bob")).statusCode).toBe(400);
    expect((await list("?sort=asc")).statusCode).toBe(400);
  });

  it("recordAudit never stores passwords or hashes", async () => {
    await recordAudit(app.db, {
      userId: ownerId,
      action: "update",
      entityType: "secret-test",
      newValues: { password: "hunter2hunter2", passwordHash: "$argon2id$...", name: "kept" },
    });
    const body = (await list("?entityType=secret-test")).json();
    expect(body.items[0].newValues).toEqual({ name: "kept" });
  });
});
