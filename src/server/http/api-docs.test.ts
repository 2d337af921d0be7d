import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { type Role, roles } from "../../shared/constants";
import { isProtectedPath } from "../auth/guards";
import { withTestApp } from "../test/test-app";
import { signedInAs } from "../test/test-sessions";

let app: FastifyInstance;
const cookies = {} as Record<Role, string>;

withTestApp(async (built) => {
  app = built;
  for (const role of roles) cookies[role] = (await signedInAs(app, role)).cookie;
});

async function docsAs(who: Role | "anonymous") {
  const res = await app.inject({ url: "/api/docs", headers: who === "anonymous" ? {} : { cookie: cookies[who] } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toContain("no-store");
  expect(String(res.headers.vary)).toMatch(/cookie/i);
  return res.json() as { paths: Record<string, Record<string, unknown>> };
}

/** "METHOD /path" for every operation in a document. */
function operations(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
}

const pathOf = (operation: string) => operation.split(" ")[1]!;

describe("GET /api/docs", () => {
  it("shows anonymous visitors the public routes only", async () => {
    const anonymous = operations(await docsAs("anonymous"));
    expect(anonymous.filter((op) => isProtectedPath(pathOf(op)))).toEqual([]);
    expect(anonymous).toEqual(
      expect.arrayContaining([
        "POST /api/application",
        "POST /api/waitlist",
        "POST /api/auth/login",
        "GET /api/current-retreat",
        "POST /api/webhooks/email-events",
      ]),
    );
  });

  it("shows owner and staff the whole API, owner-only routes included", async () => {
    const owner = operations(await docsAs("owner")).sort();
    const staff = operations(await docsAs("staff")).sort();
    expect(staff).toEqual(owner);
    expect(owner).toEqual(
      expect.arrayContaining([
        "GET /api/admin/users",
        "POST /api/admin/privacy/erase",
        "GET /api/vendor/tasks",
        "GET /api/guest/me",
      ]),
    );
    const anonymous = operations(await docsAs("anonymous"));
    expect(owner.length).toBeGreaterThan(anonymous.length + 60);
  });

  it("shows a vendor or a guest the public routes and their own portal's, nothing of the back office", async () => {
    const anonymous = operations(await docsAs("anonymous"));
    for (const [role, own] of [
      ["vendor", "/api/vendor/"],
      ["guest", "/api/guest/"],
    ] as const) {
      const ops = operations(await docsAs(role));
      const extra = ops.filter((op) => !anonymous.includes(op));
      expect(extra.length, role).toBeGreaterThan(0);
      expect(
        extra.filter((op) => !pathOf(op).startsWith(own)),
        role,
      ).toEqual([]);
      expect(
        ops.filter((op) => pathOf(op).startsWith("/api/admin/")),
        role,
      ).toEqual([]);
    }
  });
});
