/**
 * Replies with personal or secret data must not be kept by a browser, a proxy or a shared
 * computer's cache. The rule is by class (src/server/http/no-store.ts): every route behind a role
 * and every route opened by a secret in its URL answers `Cache-Control: no-store`, whatever the
 * status. The routes come from the running app, so a new admin route is checked the moment it exists.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { type Role, roles } from "../../shared/constants";
import { isProtectedPath } from "../auth/guards";
import { answersPrivately } from "../http/no-store";
import { concrete, registeredRoutes } from "../test/routes";
import { withTestApp } from "../test/test-app";
import { signedInAs } from "../test/test-sessions";

let app: FastifyInstance;
const cookies = {} as Record<Role, string>;

withTestApp(async (built) => {
  app = built;
  for (const role of roles) cookies[role] = (await signedInAs(app, role)).cookie;
});

const secretInPath = (url: string) => /:(token|file)\b/.test(url);

/** The finding's named replies: they must be in the class, so the class can never shrink past them. */
const mustNotBeStored = [
  "GET /api/admin/email-logs/:id",
  "GET /api/admin/email-logs",
  "GET /api/admin/travel-forms/:id",
  "GET /api/admin/travel-forms",
  "GET /api/admin/applications/:id",
  "GET /api/admin/applications/:id/medical-notes",
  "GET /api/admin/applications/export",
  "GET /api/admin/email-subscribers/export",
  "GET /api/admin/privacy/subject.csv",
  "GET /api/admin/users",
  "GET /api/admin/audit-logs",
  "GET /api/guest/me",
  "GET /api/guest/calendar-url",
  "GET /api/auth/set-password/:token",
  "GET /api/auth/setup/:token",
  "GET /api/place-offers/:token",
  "GET /api/interview-booking/:token",
  "GET /api/pay/:token",
];

describe("Cache-Control: no-store on every private reply", () => {
  it("covers every signed-in and secret-link route, the finding's named ones among them", () => {
    const all = registeredRoutes(app);
    const privateGets = all
      .filter((r) => r.method === "GET" && (isProtectedPath(r.url) || secretInPath(r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(privateGets).toEqual(expect.arrayContaining(mustNotBeStored));
    expect(privateGets.length).toBeGreaterThan(50);
    for (const route of app.protectedRoutes) expect(answersPrivately(route), route.url).toBe(true);
    // CSV exports in particular: every export route is in the class.
    const exports = all.filter((r) => /export|\.csv/.test(r.url));
    expect(exports.length).toBeGreaterThanOrEqual(3);
    for (const route of exports) expect(isProtectedPath(route.url), route.url).toBe(true);
  });

  it("answers no-store on each of them, to an allowed caller and to an anonymous one, whatever the status", async () => {
    const gets = registeredRoutes(app).filter(
      (r) => r.method === "GET" && (isProtectedPath(r.url) || secretInPath(r.url)),
    );
    const failures: string[] = [];
    for (const route of gets) {
      const allowed = app.protectedRoutes.find((p) => p.method === "GET" && p.url === route.url)?.roles[0];
      for (const cookie of [allowed ? cookies[allowed] : null, null]) {
        const res = await app.inject({
          method: "GET",
          url: concrete(route.url, secretInPath(route.url) ? "x".repeat(43) : undefined),
          headers: cookie ? { cookie } : {},
        });
        if (res.headers["cache-control"] !== "no-store") {
          failures.push(
            `GET ${route.url} ${cookie ? "signed in" : "anonymous"} (${res.statusCode}): ${res.headers["cache-control"]}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("leaves public pages and public data cacheable as before", async () => {
    const res = await app.inject({ method: "GET", url: "/api/current-retreat" });
    expect(res.headers["cache-control"]).not.toBe("no-store");
  });
});
