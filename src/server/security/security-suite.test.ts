/**
 * The security suite (issue 8): CSRF on every state-changing route, security headers on every
 * GET response, hostile bodies on every public write and wrong tokens on every token link.
 * Routes come from the running app (src/server/test/routes.ts), so a new route is checked the
 * moment it is registered; the only hand-written lists are the ones a reviewer must approve
 * (the CSRF-exempt routes and the token routes).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { type Role, roles } from "../../shared/constants";
import { bodyLimitBytes } from "../app";
import { isProtectedPath } from "../auth/guards";
import { oneClickBodyLimit } from "../features/email-events/one-click-unsubscribe.routes";
import { travelFormBody } from "../test/builders";
import { concrete, type RegisteredRoute, registeredRoutes } from "../test/routes";
import { createTestApp, withTestApp } from "../test/test-app";
import { signedInAs } from "../test/test-sessions";

let app: FastifyInstance;
let routes: RegisteredRoute[];
const cookies = {} as Record<Role, string>;

/** Public routes carry per-address rate limits; each request comes from its own address. */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function send(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; payload?: string | object | Buffer } = {},
) {
  return app.inject({
    method: method as Method,
    url,
    remoteAddress: nextAddress(),
    headers: options.headers ?? {},
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
}

/** A random URL-safe token, shaped like the product's link tokens. */
function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

const isWebhook = (url: string) => url.startsWith("/api/webhooks/");
const stateChanging = (r: RegisteredRoute) => r.method !== "GET";
const label = (r: RegisteredRoute) => `${r.method} ${r.url}`;

function isJson(res: LightMyRequestResponse): boolean {
  return String(res.headers["content-type"] ?? "").startsWith("application/json");
}

/** Internals that must never reach a client: stack frames, source paths, error class names. */
function leaksInternals(body: string): boolean {
  return /"stack"\s*:|\n\s+at |node_modules|\/src\/server\/|\.ts:\d+/.test(body);
}

withTestApp(async (built) => {
  app = built;
  routes = registeredRoutes(app);
  for (const role of roles) cookies[role] = (await signedInAs(app, role)).cookie;
});

/** Reviewed: called cross-site on purpose (signed webhooks, RFC 8058 one-click unsubscribe). */
const expectedCsrfExempt = [
  "POST /api/email/one-click-unsubscribe/:token",
  "POST /api/webhooks/calendly",
  "POST /api/webhooks/email-events",
  "POST /api/webhooks/stripe",
];

describe("CSRF on every state-changing route", () => {
  it("refuses cross-site requests with 403 JSON, signed in as owner; only the reviewed routes are exempt", async () => {
    const writes = routes.filter(stateChanging);
    expect(writes.length).toBeGreaterThan(90);
    const exempt: string[] = [];
    const failures: string[] = [];
    for (const route of writes) {
      const results: boolean[] = [];
      for (const headers of [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }] as Record<
        string,
        string
      >[]) {
        const res = await send(route.method, concrete(route.url), {
          headers: { cookie: cookies.owner, ...headers },
          ...(route.method !== "DELETE" ? { payload: {} } : {}),
        });
        const refused = res.statusCode === 403 && isJson(res) && res.json().message === "Cross-site request refused";
        results.push(refused);
        if (res.statusCode >= 500) failures.push(`${label(route)} ${JSON.stringify(headers)} -> ${res.statusCode}`);
      }
      // Exemption is per route, so both headers must agree; a half-refused route is a bug.
      if (results.every((r) => !r)) exempt.push(label(route));
      else if (!results.every(Boolean)) failures.push(`${label(route)} refused only one of the cross-site signals`);
    }
    expect(failures).toEqual([]);
    expect(exempt.sort()).toEqual(expectedCsrfExempt);
  }, 120_000);

  it("still lets same-origin requests through (the check is not a blanket refusal)", async () => {
    const res = await send("POST", "/api/waitlist", {
      headers: { "sec-fetch-site": "same-origin", origin: app.config.publicUrl },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });
});

/** What security-headers.ts promises on every response (plain-HTTP test config: no HSTS). */
function headerProblems(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const h = res.headers;
  if (h["x-content-type-options"] !== "nosniff") problems.push("x-content-type-options");
  const csp = String(h["content-security-policy"] ?? "");
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'"]) {
    if (!csp.includes(directive)) problems.push(`csp ${directive}`);
  }
  if (h["x-frame-options"] !== "DENY") problems.push(`x-frame-options ${h["x-frame-options"]}`);
  // /api/pay/:token tightens this to no-referrer; anything looser is a bug.
  if (!["strict-origin-when-cross-origin", "no-referrer"].includes(String(h["referrer-policy"])))
    problems.push(`referrer-policy ${h["referrer-policy"]}`);
  if (h["cross-origin-opener-policy"] !== "same-origin") problems.push("cross-origin-opener-policy");
  if (h["x-powered-by"]) problems.push("x-powered-by");
  return problems;
}

describe("security headers on every GET response", () => {
  it("sends them on every GET route, anonymous and signed in, whatever the status; JSON errors carry no internals", async () => {
    const gets = routes.filter((r) => r.method === "GET");
    expect(gets.length).toBeGreaterThan(60);
    const failures: string[] = [];
    let checked = 0;
    for (const route of gets) {
      const protectedRoute = app.protectedRoutes.find((p) => p.method === "GET" && p.url === route.url);
      const signedIn = protectedRoute ? protectedRoute.roles[0]! : "owner";
      for (const who of ["anonymous", signedIn] as const) {
        const res = await send("GET", concrete(route.url), {
          headers: who === "anonymous" ? {} : { cookie: cookies[who] },
        });
        checked += 1;
        const problems = headerProblems(res);
        if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
        if (res.statusCode >= 400 && isJson(res) && leaksInternals(res.body)) problems.push("error leaks internals");
        if (problems.length) failures.push(`GET ${route.url} as ${who} (${res.statusCode}): ${problems.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(gets.length * 2);
  }, 120_000);

  it("sends them, with the CSP, on HTML pages and on unknown paths", async () => {
    for (const url of ["/", "/apply", "/no-such-page", "/api/no-such-endpoint"]) {
      const res = await send("GET", url);
      expect(headerProblems(res), url).toEqual([]);
    }
    const html = await send("GET", "/");
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    const api = await send("GET", "/api/no-such-endpoint");
    expect(api.statusCode).toBe(404);
    expect(isJson(api)).toBe(true);
  });

  it("sends them on error responses from writes too", async () => {
    const res = await send("POST", "/api/waitlist", { payload: "{", headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(headerProblems(res)).toEqual([]);
  });

  it("adds HSTS when the site is served over HTTPS", async () => {
    const https = await createTestApp({ publicUrl: "https://retreat.example" });
    try {
      const res = await https.app.inject({ method: "GET", url: "/healthz" });
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await https.close();
    }
  }, 60_000);
});

/** Anyone may call these: the routes outside the role prefixes, less signed webhooks. */
function publicWrites(): RegisteredRoute[] {
  return routes.filter(
    (r) => ["POST", "PUT", "PATCH"].includes(r.method) && !isProtectedPath(r.url) && !isWebhook(r.url),
  );
}

/** The one-click endpoint takes forms from mail apps, not JSON; it is checked on its own below. */
const oneClick = "POST /api/email/one-click-unsubscribe/:token";

describe("hostile bodies on every public write", () => {
  const json = { "content-type": "application/json" };

  async function check(
    route: RegisteredRoute,
    name: string,
    payload: string | Buffer,
    headers: Record<string, string>,
    statuses: number[],
    failures: string[],
  ) {
    const res = await send(route.method, concrete(route.url, randomToken()), { headers, payload });
    const problems: string[] = [];
    if (!statuses.includes(res.statusCode)) problems.push(`status ${res.statusCode}`);
    if (!isJson(res)) problems.push(`content-type ${res.headers["content-type"]}`);
    else if (typeof res.json().message !== "string") problems.push("no message");
    if (leaksInternals(res.body)) problems.push("leaks internals");
    if (problems.length) failures.push(`${label(route)} ${name}: ${problems.join(", ")} ${res.body.slice(0, 200)}`);
    return res;
  }

  it("answers 413, 400 and 415 as JSON, never 500", async () => {
    const targets = publicWrites().filter((r) => label(r) !== oneClick);
    expect(targets.length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    const oversize = JSON.stringify({ padding: "x".repeat(bodyLimitBytes + 1) });
    for (const route of targets) {
      await check(route, "oversize", oversize, json, [413], failures);
      await check(route, "malformed JSON", '{"name": ', json, [400], failures);
      await check(route, "wrong content type", "name=x", { "content-type": "text/csv" }, [415], failures);
      await check(route, "text/plain", '{"name":"x"}', { "content-type": "text/plain" }, [400, 415], failures);
      await check(route, "array", "[]", json, [400], failures);
      await check(route, "string", '"hello"', json, [400], failures);
      await check(route, "number", "42", json, [400], failures);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("rejects unknown fields with 400 naming them, where the body schema is strict", async () => {
    const doc = (await send("GET", "/api/docs")).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: object }> } }>>;
    };
    const failures: string[] = [];
    let strict = 0;
    for (const route of publicWrites().filter((r) => label(r) !== oneClick)) {
      const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const schema = doc.paths[openApiPath]?.[route.method.toLowerCase()]?.requestBody?.content?.["application/json"]
        ?.schema as { additionalProperties?: unknown } | undefined;
      if (schema?.additionalProperties !== false) continue;
      strict += 1;
      const res = await check(route, "unknown field", JSON.stringify({ sneakyAdmin: true }), json, [400], failures);
      if (res.statusCode === 400 && !res.body.includes("sneakyAdmin"))
        failures.push(`${label(route)} unknown field: not named in ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(strict).toBeGreaterThanOrEqual(8);
  }, 60_000);

  it("caps the one-click unsubscribe body at its own small limit and never fails on odd bodies", async () => {
    const url = concrete(oneClick.split(" ")[1]!, randomToken());
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const big = await send("POST", url, {
      headers: form,
      payload: `List-Unsubscribe=${"x".repeat(oneClickBodyLimit)}`,
    });
    expect(big.statusCode).toBe(413);
    expect(isJson(big)).toBe(true);
    for (const [headers, payload] of [
      [{ "content-type": "application/json" }, '{"a": '],
      [{ "content-type": "application/json" }, "[]"],
      [{ "content-type": "text/csv" }, "a,b"],
      [form, "%%%"],
    ] as const) {
      const res = await send("POST", url, { headers, payload });
      expect(res.statusCode, `${headers["content-type"]} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${headers["content-type"]} ${payload}`).toBeLessThan(500);
      expect(isJson(res)).toBe(true);
    }
  });
});

type TokenCase = {
  name: string;
  method: Method;
  url: (token: string) => string;
  payload?: (token: string) => object;
  /** A page for people (no JavaScript needed): a wrong token gets an HTML 404 page, not JSON. */
  page?: true;
};

/** Every link whose secret token is the only key; bodies are valid, so only the token can fail. */
const tokenCases: TokenCase[] = [
  { name: "email preferences (read)", method: "GET", url: (k) => `/api/email/preferences/${k}` },
  {
    name: "email preferences (save)",
    method: "POST",
    url: (k) => `/api/email/preferences/${k}`,
    payload: () => ({ applicationEmails: true, marketingEmails: false, systemNotifications: true }),
  },
  { name: "unsubscribe", method: "POST", url: (k) => `/api/email/unsubscribe/${k}`, payload: () => ({}) },
  {
    name: "resubscribe",
    method: "POST",
    url: (k) => `/api/email/resubscribe/${k}`,
    payload: () => ({ applicationEmails: true, marketingEmails: true, systemNotifications: true }),
  },
  { name: "one-click unsubscribe", method: "POST", url: (k) => `/api/email/one-click-unsubscribe/${k}` },
  { name: "set password (read)", method: "GET", url: (k) => `/api/auth/set-password/${k}` },
  {
    name: "set password (save)",
    method: "POST",
    url: (k) => `/api/auth/set-password/${k}`,
    payload: () => ({ password: "correct horse battery staple 42" }),
  },
  { name: "first owner setup (read)", method: "GET", url: (k) => `/api/auth/setup/${k}` },
  {
    name: "first owner setup (create)",
    method: "POST",
    url: (k) => `/api/auth/setup/${k}`,
    payload: () => ({
      firstName: "Olive",
      lastName: "Owner",
      email: "olive.setup@example.com",
      password: "correct horse battery staple 42",
    }),
  },
  { name: "interview booking (read)", method: "GET", url: (k) => `/api/interview-booking/${k}` },
  {
    name: "interview booking (book)",
    method: "POST",
    url: (k) => `/api/interview-booking/${k}`,
    payload: () => ({ scheduledAt: "2030-06-03T10:00:00.000Z" }),
  },
  { name: "place offer (read)", method: "GET", url: (k) => `/api/place-offers/${k}` },
  { name: "place offer (accept)", method: "POST", url: (k) => `/api/place-offers/${k}/accept` },
  { name: "place offer (decline)", method: "POST", url: (k) => `/api/place-offers/${k}/decline` },
  { name: "pay link", method: "GET", url: (k) => `/api/pay/${k}` },
  { name: "calendar feed", method: "GET", url: (k) => `/api/calendar/${k}.ics` },
  { name: "travel form link check", method: "GET", url: (k) => `/api/travel-compliance/${k}` },
  { name: "feedback survey (read)", method: "GET", url: (k) => `/feedback/${k}`, page: true },
  {
    name: "feedback survey (answer)",
    method: "POST",
    url: (k) => `/feedback/${k}`,
    payload: () => ({ rating: 5, comment: "Lovely", mayQuote: true }),
    page: true,
  },
  {
    name: "travel form by application id",
    method: "POST",
    url: () => "/api/travel-compliance",
    payload: (id) => travelFormBody(id, { passportExpiryDate: "2035-01-01" }),
  },
];

/** Wrong keys of the shapes each route could be fed: random, near-miss, hex (calendar), uuid (travel). */
function wrongTokens(c: TokenCase): string[] {
  if (c.name.startsWith("travel")) return [randomUUID(), randomUUID()];
  if (c.name === "calendar feed") return [randomBytes(32).toString("hex"), randomBytes(32).toString("hex")];
  return [randomToken(), `${randomToken().slice(0, 42)}A`];
}

describe("token links with a wrong token", () => {
  /** A parameter that may be a link's only key: a token, a file named by one (the calendar feed), the travel form's application id. */
  const keyParam = /:(token|file|applicationId)\b/;

  it("covers every token route the app has", () => {
    const tokenRoutes = routes
      // The travel form's link carries the application id as its key.
      .filter((r) => keyParam.test(r.url))
      // Only redirects to the preferences page (link scanners follow GETs); it reads no token.
      .filter((r) => label(r) !== "GET /api/email/one-click-unsubscribe/:token")
      // Behind a role guard the session is the key, not the parameter: /api/guest/receipts/:file
      // names a payment id, which is no secret (it is on the guest's own pages and in staff's
      // screens). Those routes are checked below (no session, no answer) and, for whose rows
      // they show, in isolation.security.test.ts.
      .filter((r) => !isProtectedPath(r.url))
      .map(label)
      .sort();
    const covered = tokenCases
      .filter((c) => c.url("x").includes("/x"))
      .map((c) =>
        `${c.method} ${c.url(":token")}`
          .replace("/api/calendar/:token.ics", "/api/calendar/:file")
          .replace("/api/travel-compliance/:token", "/api/travel-compliance/:applicationId"),
      )
      .sort();
    expect(covered).toEqual(tokenRoutes);
  });

  it("leaves no route behind a role guard open to its parameter alone: without a session it answers 401", async () => {
    const guarded = routes.filter((r) => keyParam.test(r.url) && isProtectedPath(r.url));
    // The guest's receipt PDF, named by its payment id. A route open without a session would answer
    // 404 (or 200) here, never the guard's 401.
    expect(guarded.map(label)).toContain("GET /api/guest/receipts/:file");
    const failures: string[] = [];
    for (const route of guarded) {
      const res = await send(route.method, concrete(route.url, `${randomUUID()}.pdf`), {
        ...(route.method !== "GET" && route.method !== "DELETE" ? { payload: {} } : {}),
      });
      if (res.statusCode !== 401 || !isJson(res)) failures.push(`${label(route)} anonymous -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(tokenCases)(
    "$name: 404 (JSON, or a page for people), the same answer for any wrong token, never echoing it",
    async (c) => {
      const answers: { status: number; body: unknown }[] = [];
      for (const token of wrongTokens(c)) {
        const res = await send(c.method, c.url(token), {
          ...(c.payload ? { payload: c.payload(token) } : {}),
        });
        expect(res.statusCode, res.body).toBe(404);
        if (c.page) expect(String(res.headers["content-type"])).toMatch(/^text\/html/);
        else expect(isJson(res)).toBe(true);
        expect(res.body).not.toContain(token);
        expect(JSON.stringify(res.headers)).not.toContain(token);
        expect(leaksInternals(res.body)).toBe(false);
        answers.push({ status: res.statusCode, body: c.page ? res.body : res.json() });
      }
      expect(answers[1]).toEqual(answers[0]);
    },
  );
});
