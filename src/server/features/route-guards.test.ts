/**
 * The role matrix: every route under /api/admin, /api/vendor and /api/guest, called as
 * anonymous, guest, vendor, staff and owner. Routes are collected from the running app (the
 * guard registry filled by an onRoute hook, cross-checked against Fastify's own route tree),
 * never from a hand-written list, so a new route is in the matrix the moment it exists.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { type Role, roles } from "../../shared/constants";
import { isProtectedPath, type ProtectedRoute } from "../auth/guards";
import { concrete, routesFromTree } from "../test/routes";
import { withTestApp } from "../test/test-app";
import { signedInAs } from "../test/test-sessions";

let app: FastifyInstance;
const cookies = {} as Record<Role, string>;

withTestApp(async (built) => {
  app = built;
  for (const role of roles) cookies[role] = (await signedInAs(app, role)).cookie;
});

function call(route: ProtectedRoute, role: Role | "anonymous") {
  const hasBody = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method);
  return app.inject({
    method: route.method as "GET",
    url: concrete(route.url),
    headers: role === "anonymous" ? {} : { cookie: cookies[role] },
    ...(hasBody && route.method !== "DELETE" ? { payload: {} } : {}),
  });
}

describe("role matrix", () => {
  it("knows every protected route Fastify has, and each declares roles", () => {
    const fromTree = routesFromTree(app.printRoutes({ commonPrefix: false }))
      .filter((r) => !r.startsWith("HEAD ") && !r.startsWith("OPTIONS "))
      .filter((r) => isProtectedPath(r.split(" ")[1]!))
      .sort();
    const registered = app.protectedRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(fromTree);
    expect(registered).toContain("GET /api/admin/users");
    for (const route of app.protectedRoutes) expect(route.roles.length).toBeGreaterThan(0);
  });

  it("answers 401 to anonymous callers, 403 to other roles, and lets declared roles through", async () => {
    const failures: string[] = [];
    for (const route of app.protectedRoutes) {
      const anonymous = await call(route, "anonymous");
      if (anonymous.statusCode !== 401)
        failures.push(`${route.method} ${route.url} anonymous -> ${anonymous.statusCode}`);
      if (route.method === "GET") {
        // Fastify answers HEAD for every GET route; the guard must cover that twin too.
        const head = await app.inject({ method: "HEAD", url: concrete(route.url) });
        if (head.statusCode !== 401) failures.push(`HEAD ${route.url} anonymous -> ${head.statusCode}`);
      }
      for (const role of roles) {
        const res = await call(route, role);
        const allowed = route.roles.includes(role);
        const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 403;
        if (!ok) failures.push(`${route.method} ${route.url} as ${role} -> ${res.statusCode} (allowed: ${allowed})`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("refuses every state-changing protected route from another site, even for an allowed role", async () => {
    const failures: string[] = [];
    for (const route of app.protectedRoutes.filter((r) => r.method !== "GET")) {
      const role = route.roles[0]!;
      for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }]) {
        const res = await app.inject({
          method: route.method as "POST",
          url: concrete(route.url),
          headers: { cookie: cookies[role], ...headers },
          ...(route.method !== "DELETE" ? { payload: {} } : {}),
        });
        if (res.statusCode !== 403 || res.json().message !== "Cross-site request refused") {
          failures.push(`${route.method} ${route.url} ${JSON.stringify(headers)} -> ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("follows the product's policy: owner for users, settings, audit, privacy requests and publishing the site; owner and staff for the rest of /api/admin; vendor and guest for their portals", () => {
    const expected = (url: string, method: string): Role[] => {
      if (/^\/api\/admin\/(users|settings|audit-logs|privacy)(\/|$)/.test(url)) return ["owner"];
      // Staff invite a season's priority list (a draft campaign, as any campaign they write).
      if (/^\/api\/admin\/retreats\/[^/]+\/priority-invite$/.test(url)) return ["owner", "staff"];
      // Staff read the retreats; creating, copying and editing them is the owner's (Settings tab).
      if (/^\/api\/admin\/retreats(\/|$)/.test(url) && method !== "GET") return ["owner"];
      // Staff edit the public site's drafts; publishing it is the owner's.
      if (url === "/api/admin/site/publish") return ["owner"];
      if (url.startsWith("/api/admin")) return ["owner", "staff"];
      if (url.startsWith("/api/vendor")) return ["vendor"];
      return ["guest"];
    };
    const wrong = app.protectedRoutes
      .filter((r) => [...r.roles].sort().join() !== expected(r.url, r.method).sort().join())
      .map((r) => `${r.method} ${r.url}: ${r.roles.join(",")}`);
    expect(wrong).toEqual([]);
    expect(
      app.protectedRoutes.filter((r) => expected(r.url, r.method).join() === "owner").length,
    ).toBeGreaterThanOrEqual(6);
  });
});
