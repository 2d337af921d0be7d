/**
 * GETs that change something (sign-out, a lazily created secret, reads written to the audit log)
 * are refused cross-site like POSTs: SameSite=Lax cookies still ride on a top-level GET from a
 * link on another site. Two checks over every GET route of the running app:
 * - the routes refused cross-site are exactly the reviewed list below;
 * - with real rows behind every id, no GET called cross-site writes anything to the database
 *   (a trigger on every table records writes), while the listed ones do write same-origin.
 */

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../shared/constants";
import { emailSubscribers, vendors } from "../db/schema";
import { payLinkToken } from "../features/stripe/pay-link";
import { crossSiteRefusedMessage } from "../http/csrf";
import { makeApplication, makeEmailLog, makeRetreat, makeTravelForm } from "../test/fixtures/privacy";
import { concrete, type RegisteredRoute, registeredRoutes } from "../test/routes";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestUser, sessionCookieFor, signedInAs } from "../test/test-sessions";

/** Reviewed: the GET routes that write, and so are refused cross-site. */
const expectedRefusedGets = [
  "GET /api/admin/applications/:id/medical-notes",
  "GET /api/admin/email-subscribers/export",
  "GET /api/admin/privacy/subject",
  "GET /api/admin/privacy/subject.csv",
  // The kitchen list decrypts allergies: every read (page, CSV, PDF; staff or a granted caterer)
  // writes report.kitchen_read to the audit log, so another site must not be able to make one.
  "GET /api/admin/reports/kitchen",
  "GET /api/admin/travel-forms/:id",
  "GET /api/guest/calendar-url",
  "GET /api/logout",
  "GET /api/vendor/reports/kitchen",
];

/**
 * Reviewed: GETs that other sites reach on purpose and that are safe without the check.
 * - The OpenID Connect callback is the provider's cross-site redirect; state, nonce and PKCE bound
 *   to this browser's flow cookie are its CSRF defence.
 * - /api/pay/:token is opened from an email; it only redirects to Stripe Checkout (nothing of
 *   ours is written) and its signed token, not a cookie, is the key.
 */
const crossSiteOnPurpose = ["GET /api/auth/oidc/callback", "GET /api/pay/:token"];

const crossSiteSignals: Record<string, string>[] = [
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { origin: "https://evil.example" },
];

let t: TestApp;
let app: FastifyInstance;
let gets: RegisteredRoute[];
const cookies = {} as Record<Role, string>;
let urlOf: (route: RegisteredRoute) => string;

let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.55.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

const label = (r: RegisteredRoute) => `${r.method} ${r.url}`;

function roleFor(route: RegisteredRoute): Role {
  const guarded = app.protectedRoutes.find((p) => p.method === "GET" && p.url === route.url);
  return guarded ? guarded.roles[0]! : "owner";
}

async function get(route: RegisteredRoute, headers: Record<string, string>, cookie = cookies[roleFor(route)]) {
  return app.inject({
    method: "GET",
    url: urlOf(route),
    remoteAddress: nextAddress(),
    headers: { cookie, ...headers },
  });
}

/**
 * Every insert, update and delete on every table lands in write_log. Bookkeeping that any request
 * may do is left out: rate-limit counters and the once-a-minute session touch.
 */
async function installWriteLog() {
  await app.db.execute(sql`create table write_log (tbl text not null, op text not null)`);
  await app.db.execute(
    sql.raw(`
    create function log_write() returns trigger language plpgsql as $$
    begin
      if not (tg_table_name = 'sessions' and tg_op = 'UPDATE') then
        insert into write_log values (tg_table_name, tg_op);
      end if;
      return null;
    end $$;`),
  );
  const tables = await app.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('write_log', 'rate_limit_hits')`,
  );
  for (const { tablename } of tables.rows as { tablename: string }[]) {
    await app.db.execute(
      sql.raw(`create trigger write_log_${tablename} after insert or update or delete on "${tablename}"
               for each row execute function log_write()`),
    );
  }
}

async function writesDuring(request: () => Promise<unknown>): Promise<string[]> {
  await app.db.execute(sql`delete from write_log`);
  await request();
  const rows = await app.db.execute(sql`select distinct tbl || ' ' || op as w from write_log order by 1`);
  return (rows.rows as { w: string }[]).map((r) => r.w);
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  gets = registeredRoutes(app).filter((r) => r.method === "GET");
  for (const role of ["owner", "staff"] as const) cookies[role] = (await signedInAs(app, role)).cookie;

  // Real rows behind every id and token the GET routes take, so a write is not hidden by a 404.
  const retreat = await makeRetreat(app, { endDate: "2030-06-10" });
  const application = await makeApplication(app, retreat, { email: "ada@example.com", stage: "accepted" });
  const form = await makeTravelForm(app, application.id);
  const log = await makeEmailLog(app, "ada@example.com");
  const [subscriber] = await app.db.insert(emailSubscribers).values({ email: "ada@example.com" }).returning();
  // The signed-in guest has no calendar secret yet (the first read creates it); another one has.
  const guest = await createTestUser(app, "guest", { applicationId: application.id });
  await createTestUser(app, "guest", { applicationId: application.id, calendarToken: "c".repeat(64) });
  cookies.guest = await sessionCookieFor(app, guest.id);
  // The signed-in vendor is a caterer given this retreat's kitchen list, so its read is real (not a 404).
  const vendorUser = await signedInAs(app, "vendor");
  cookies.vendor = vendorUser.cookie;
  const [caterer] = await app.db.insert(vendors).values({ name: "Caterer", userId: vendorUser.user.id }).returning();
  const granted = await app.inject({
    method: "POST",
    url: "/api/admin/reports/kitchen/grants",
    headers: { cookie: cookies.owner },
    payload: { vendorId: caterer!.id, retreatId: retreat },
  });
  expect(granted.statusCode, granted.body).toBe(201);

  const ids: [RegExp, string][] = [
    [/^\/api\/admin\/applications\/:id/, application.id],
    [/^\/api\/admin\/travel-forms\/:id/, form.id],
    [/^\/api\/admin\/email-logs\/:id/, log.id],
  ];
  const queries: Record<string, string> = {
    "/api/admin/privacy/subject": "?email=ada@example.com",
    "/api/admin/privacy/subject.csv": "?email=ada@example.com",
    "/api/admin/reports/kitchen": `?retreatId=${retreat}`,
    "/api/vendor/reports/kitchen": `?retreatId=${retreat}`,
  };
  urlOf = (route) => {
    const id = ids.find(([pattern]) => pattern.test(route.url))?.[1];
    const url = route.url
      .replace(":retreatId", retreat)
      .replace("/api/email/preferences/:token", `/api/email/preferences/${subscriber!.unsubscribeToken}`)
      .replace("/api/calendar/:file", `/api/calendar/${"c".repeat(64)}.ics`)
      .replace("/api/pay/:token", `/api/pay/${payLinkToken(app.config.sessionSecret, application.id)}`);
    return concrete(id ? url.replace(":id", id) : url) + (queries[route.url] ?? "");
  };
  await installWriteLog();
}, 120_000);
afterAll(async () => t?.close());

describe("GET routes that change state", () => {
  it("are exactly the reviewed list, each refused cross-site with 403 JSON for every signal", async () => {
    expect(gets.length).toBeGreaterThan(60);
    const refused: string[] = [];
    const problems: string[] = [];
    for (const route of gets) {
      const results: boolean[] = [];
      for (const headers of crossSiteSignals) {
        const res = await get(route, headers);
        results.push(res.statusCode === 403 && res.json().message === crossSiteRefusedMessage);
        if (res.statusCode >= 500) problems.push(`${label(route)} ${JSON.stringify(headers)} -> ${res.statusCode}`);
      }
      if (results.every(Boolean)) refused.push(label(route));
      else if (results.some(Boolean)) problems.push(`${label(route)} refused only some cross-site signals`);
    }
    expect(problems).toEqual([]);
    expect(refused.sort()).toEqual(expectedRefusedGets);
  }, 120_000);

  it("no GET writes anything when called cross-site; the listed ones do write same-origin", async () => {
    const crossSiteWriters: string[] = [];
    for (const route of gets) {
      if (crossSiteOnPurpose.includes(label(route))) continue;
      for (const headers of crossSiteSignals) {
        const writes = await writesDuring(() => get(route, headers));
        if (writes.length) crossSiteWriters.push(`${label(route)} ${JSON.stringify(headers)}: ${writes.join(", ")}`);
      }
    }
    expect(crossSiteWriters).toEqual([]);

    const sameOriginWriters: string[] = [];
    for (const route of gets) {
      if (route.url === "/api/logout") continue;
      const writes = await writesDuring(() => get(route, { "sec-fetch-site": "same-origin" }));
      if (writes.length) sameOriginWriters.push(label(route));
    }
    // Logout is checked below (it ends the session the other requests use).
    expect(sameOriginWriters.sort()).toEqual(expectedRefusedGets.filter((r) => r !== "GET /api/logout"));
  }, 180_000);
});

describe("GET /api/logout", () => {
  async function whoAmI(cookie: string) {
    return app.inject({ url: "/api/auth/user", headers: { cookie } });
  }

  it("keeps the session when another site sends the browser there", async () => {
    const { cookie } = await signedInAs(app, "owner");
    for (const headers of crossSiteSignals) {
      const res = await app.inject({ url: "/api/logout", headers: { cookie, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: crossSiteRefusedMessage });
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect((await whoAmI(cookie)).statusCode).toBe(200);
      // Fastify answers HEAD with the GET handler: the twin must be refused too.
      const head = await app.inject({ method: "HEAD", url: "/api/logout", headers: { cookie, ...headers } });
      expect(head.statusCode, `HEAD ${JSON.stringify(headers)}`).toBe(403);
      expect((await whoAmI(cookie)).statusCode).toBe(200);
    }
  });

  it("signs out and redirects to / from our own pages, a typed address or a client without the headers", async () => {
    for (const headers of [
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      { origin: app.config.publicUrl },
      {},
    ] as Record<string, string>[]) {
      const { cookie } = await signedInAs(app, "staff");
      const res = await app.inject({ url: "/api/logout", headers: { cookie, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(302);
      expect(res.headers.location).toBe("/");
      expect((await whoAmI(cookie)).statusCode).toBe(401);
    }
  });
});
