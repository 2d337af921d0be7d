/**
 * Ownership and data isolation (issue 8): two guests and two vendors, each with their own rows,
 * and every /api/guest and /api/vendor route called by one of them. A caller must see and change
 * only their own rows: the other's ids in the URL answer 404, and no response carries any of the
 * other's ids, names, emails or texts. Routes come from the running app; a new guest or vendor
 * route fails "classifies every route" until it gets a check here.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, retreatSessions, tasks, users, vendorBookings, vendors } from "../db/schema";
import { setCheckoutSessionCreator } from "../features/stripe/stripe-gateway";
import { insertApplication, insertRetreat, travelFormBody } from "../test/builders";
import { pdfText } from "../test/pdf-text";
import { createTestApp, type TestApp } from "../test/test-app";
import { sessionCookieFor, signedInAs } from "../test/test-sessions";

let t: TestApp;
let app: FastifyInstance;

/** What one party owns: `markers` must never show up in the other party's answers; `ids` feed the calls. */
type Party = { cookie: string; userId: string; markers: string[]; ids: Record<string, string> };
type Pair = { me: Party; other: Party };

const guests = {} as Record<"a" | "b", Party>;
const vendorParties = {} as Record<"a" | "b", Party>;
let checkoutCalls = 0;
let staffCookie: string;
let addressCounter = 0;

async function makeGuest(tag: string): Promise<Party> {
  const retreat = await insertRetreat(app, { name: `Retreat of ${tag}` });
  const application = await insertApplication(app, {
    retreatId: retreat.id,
    firstName: `First${tag}`,
    lastName: `Last${tag}`,
    email: `${tag.toLowerCase()}@guests.example`,
    dietaryNotes: `Diet of ${tag}`,
  });
  const invited = await app.inject({
    method: "POST",
    url: "/api/admin/guests",
    headers: { cookie: staffCookie },
    payload: { applicationId: application.id },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const userId = invited.json().userId as string;
  const [payment] = await app.db
    .insert(payments)
    .values({
      applicationId: application.id,
      type: "balance",
      amount: "123.00",
      dueDate: "2030-04-01",
      description: `Balance of ${tag}`,
    })
    .returning();
  const [session] = await app.db
    .insert(retreatSessions)
    .values({
      retreatId: retreat.id,
      title: `Session of ${tag}`,
      startTime: new Date("2030-05-10T10:00:00Z"),
      endTime: new Date("2030-05-10T11:00:00Z"),
    })
    .returning();
  // A second payment, received: staff marking it so issues its receipt (the product's own path).
  const [paid] = await app.db
    .insert(payments)
    .values({
      applicationId: application.id,
      type: "deposit",
      amount: "321.00",
      dueDate: "2030-01-01",
      description: `Deposit of ${tag}`,
    })
    .returning();
  const received = await app.inject({
    method: "PUT",
    url: `/api/admin/payments/${paid!.id}/status`,
    headers: { cookie: staffCookie },
    payload: { status: "completed", paymentMethod: "bank_transfer" },
  });
  expect(received.statusCode, received.body).toBe(200);
  expect(received.json().receipt, received.body).not.toBeNull();
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  return {
    cookie: await sessionCookieFor(app, userId),
    userId,
    ids: {
      retreat: retreat.id,
      payment: payment!.id,
      receiptPayment: paid!.id,
      calendarToken: user!.calendarToken!,
      diet: `Diet of ${tag}`,
      session: `Session of ${tag}`,
      lastName: `Last${tag}`,
    },
    markers: [
      userId,
      retreat.id,
      retreat.name,
      application.id,
      application.email,
      `Last${tag}`,
      `Diet of ${tag}`,
      payment!.id,
      `Balance of ${tag}`,
      paid!.id,
      `Deposit of ${tag}`,
      `Session of ${tag}`,
      session!.id,
      user!.calendarToken!,
    ],
  };
}

async function makeVendor(tag: string): Promise<Party> {
  const { user, cookie } = await signedInAs(app, "vendor");
  const retreat = await insertRetreat(app);
  const [vendor] = await app.db
    .insert(vendors)
    .values({ name: `Vendor ${tag}`, userId: user.id, email: `${tag.toLowerCase()}@vendors.example` })
    .returning();
  const [session] = await app.db
    .insert(retreatSessions)
    .values({
      retreatId: retreat.id,
      title: `Class by ${tag}`,
      startTime: new Date("2030-05-11T10:00:00Z"),
      endTime: new Date("2030-05-11T11:00:00Z"),
    })
    .returning();
  const [booking] = await app.db
    .insert(vendorBookings)
    .values({
      vendorId: vendor!.id,
      retreatId: retreat.id,
      retreatSessionId: session!.id,
      rate: "80.00",
      description: `Booking note of ${tag}`,
    })
    .returning();
  const [task] = await app.db
    .insert(tasks)
    .values({ title: `Task of ${tag}`, description: `Task text of ${tag}`, assigneeId: user.id, status: "pending" })
    .returning();
  // The kitchen list of a retreat of its own, given to this vendor by staff through the product's route.
  const kitchen = await insertRetreat(app, { name: `Kitchen retreat of ${tag}` });
  const diner = await insertApplication(app, {
    retreatId: kitchen.id,
    firstName: `Diner${tag}`,
    lastName: `Eater${tag}`,
    dietaryNotes: `Kitchen diet of ${tag}`,
  });
  addressCounter += 1;
  const travel = await app.inject({
    method: "POST",
    url: "/api/travel-compliance",
    remoteAddress: `10.88.0.${addressCounter}`,
    payload: travelFormBody(diner.id, { allergies: `Allergy of ${tag}` }),
  });
  expect(travel.statusCode, travel.body).toBe(201);
  const granted = await app.inject({
    method: "POST",
    url: "/api/admin/reports/kitchen/grants",
    headers: { cookie: staffCookie },
    payload: { vendorId: vendor!.id, retreatId: kitchen.id },
  });
  expect(granted.statusCode, granted.body).toBe(201);
  return {
    cookie,
    userId: user.id,
    ids: {
      task: task!.id,
      booking: `Booking note of ${tag}`,
      kitchenRetreat: kitchen.id,
      allergy: `Allergy of ${tag}`,
    },
    markers: [
      user.id,
      user.email,
      vendor!.id,
      `Vendor ${tag}`,
      `${tag.toLowerCase()}@vendors.example`,
      session!.id,
      `Class by ${tag}`,
      booking!.id,
      `Booking note of ${tag}`,
      task!.id,
      `Task of ${tag}`,
      `Task text of ${tag}`,
      kitchen.id,
      kitchen.name,
      diner.id,
      `Eater${tag}`,
      `Kitchen diet of ${tag}`,
      `Allergy of ${tag}`,
      granted.json().id as string,
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp({ stripe: { secretKey: "sk_test_fake", webhookSecret: "whsec_test_isolation" } });
  app = t.app;
  // Never Stripe itself: an answer shaped like Stripe's, counted so a foreign checkout shows.
  setCheckoutSessionCreator(app, async () => {
    checkoutCalls += 1;
    return { id: `cs_test_${checkoutCalls}`, url: `https://checkout.stripe.com/c/pay/cs_test_${checkoutCalls}` };
  });
  staffCookie = (await signedInAs(app, "staff")).cookie;
  guests.a = await makeGuest("Alice");
  guests.b = await makeGuest("Bruno");
  vendorParties.a = await makeVendor("Aster");
  vendorParties.b = await makeVendor("Birch");
}, 60_000);
afterAll(async () => t.close());

function call(method: string, url: string, cookie: string, payload?: object) {
  return app.inject({
    method: method as "GET",
    url,
    headers: { cookie },
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** The other party's data must not appear anywhere in the answer (body or headers). */
function leaks(res: LightMyRequestResponse, other: Party): string[] {
  const text = `${res.body}\n${JSON.stringify(res.headers)}`;
  return other.markers.filter((m) => text.includes(m));
}

async function taskStatus(id: string) {
  const [row] = await app.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id));
  return row!.status;
}

async function calendarToken(userId: string) {
  const [row] = await app.db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  return row!.token;
}

/**
 * One check per route: it calls the route as `me` with `me`'s own ids (it must work, so the check
 * is not vacuous) and with `other`'s ids (404, and nothing of theirs changed), and returns problems.
 */
type Check = (pair: Pair) => Promise<string[]>;

/** A read of the caller's own data: 200, something of theirs in it, nothing of the other's. */
function ownRead(url: (p: Party) => string, ownMarker: (p: Party) => string | null): Check {
  return async ({ me, other }) => {
    const res = await call("GET", url(me), me.cookie);
    const problems = leaks(res, other).map((m) => `leaks ${m}`);
    if (res.statusCode !== 200) problems.push(`own read -> ${res.statusCode}`);
    const marker = ownMarker(me);
    if (marker && !res.body.includes(marker)) problems.push(`own data ${marker} missing`);
    return problems;
  };
}

const guestChecks: Record<string, Check> = {
  "GET /api/guest/me": ownRead(
    () => "/api/guest/me",
    (p) => p.ids.diet!,
  ),
  "GET /api/guest/schedule/:retreatId": async (pair) => {
    const problems = await ownRead(
      (p) => `/api/guest/schedule/${p.ids.retreat}`,
      (p) => p.ids.session!,
    )(pair);
    const foreign = await call("GET", `/api/guest/schedule/${pair.other.ids.retreat}`, pair.me.cookie);
    if (foreign.statusCode !== 404) problems.push(`other's retreat -> ${foreign.statusCode}`);
    problems.push(...leaks(foreign, pair.other).map((m) => `other's retreat leaks ${m}`));
    return problems;
  },
  "GET /api/guest/calendar-url": ownRead(
    () => "/api/guest/calendar-url",
    (p) => p.ids.calendarToken!,
  ),
  "POST /api/guest/calendar-url/rotate": async ({ me, other }) => {
    const before = await calendarToken(other.userId);
    const res = await call("POST", "/api/guest/calendar-url/rotate", me.cookie);
    const problems = leaks(res, other).map((m) => `leaks ${m}`);
    if (res.statusCode !== 200) problems.push(`own rotate -> ${res.statusCode}`);
    if ((await calendarToken(other.userId)) !== before) problems.push("rotated the other's calendar token");
    // The own token moved: keep the marker list true for later checks.
    const mine = await calendarToken(me.userId);
    me.markers = me.markers.map((m) => (m === me.ids.calendarToken ? mine! : m));
    me.ids.calendarToken = mine!;
    return problems;
  },
  // Carries no personal data at all; still must not carry the other's.
  "GET /api/guest/payment-options": ownRead(
    () => "/api/guest/payment-options",
    () => null,
  ),
  "POST /api/guest/payments/:paymentId/checkout": async ({ me, other }) => {
    const calls = checkoutCalls;
    const foreign = await call("POST", `/api/guest/payments/${other.ids.payment}/checkout`, me.cookie);
    const problems = leaks(foreign, other).map((m) => `other's payment leaks ${m}`);
    if (foreign.statusCode !== 404) problems.push(`other's payment -> ${foreign.statusCode}`);
    if (checkoutCalls !== calls) problems.push("opened a checkout for the other's payment");
    const own = await call("POST", `/api/guest/payments/${me.ids.payment}/checkout`, me.cookie);
    if (own.statusCode !== 200) problems.push(`own payment -> ${own.statusCode} ${own.body}`);
    return problems;
  },
};

/**
 * A PDF's bytes are compressed: what it says is read back as text (pdf.js), so a leak of the
 * other's name or ids inside the document shows too.
 */
async function pdfLeaks(res: LightMyRequestResponse, other: Party): Promise<string[]> {
  if (res.headers["content-type"] !== "application/pdf") return [];
  const { text } = await pdfText(res.rawPayload);
  return other.markers.filter((m) => text.includes(m));
}

/**
 * A file keyed by an id of the caller's (receipt PDF, kitchen list download): own id 200 with own
 * data in the document, the other's id the same 404 as an unknown one, and nothing of theirs anywhere.
 */
function ownFile(
  url: (p: Party) => string,
  ownText: (p: Party) => string,
  contentType: string,
  read: (res: LightMyRequestResponse) => Promise<string>,
): Check {
  return async ({ me, other }) => {
    const problems: string[] = [];
    const own = await call("GET", url(me), me.cookie);
    if (own.statusCode !== 200) problems.push(`own file -> ${own.statusCode} ${own.body.slice(0, 200)}`);
    else {
      if (!String(own.headers["content-type"]).startsWith(contentType))
        problems.push(`own file content-type ${own.headers["content-type"]}`);
      if (own.headers["cache-control"] !== "no-store")
        problems.push(`own file cache-control ${own.headers["cache-control"]}`);
      const text = await read(own);
      if (!text.includes(ownText(me))) problems.push(`own file lacks ${ownText(me)}`);
      problems.push(...other.markers.filter((m) => text.includes(m)).map((m) => `own file leaks ${m}`));
    }
    const foreign = await call("GET", url(other), me.cookie);
    if (foreign.statusCode !== 404) problems.push(`other's file -> ${foreign.statusCode}`);
    problems.push(...leaks(foreign, other).map((m) => `other's file leaks ${m}`));
    problems.push(...(await pdfLeaks(foreign, other)).map((m) => `other's file leaks ${m} in the PDF`));
    const unknown = await call("GET", url({ ...other, ids: { ...other.ids, ...unknownIds } }), me.cookie);
    if (unknown.statusCode !== 404 || unknown.body !== foreign.body)
      problems.push(`other's file answers unlike an unknown one: ${foreign.body} vs ${unknown.body}`);
    return problems;
  };
}

/** Ids that exist nowhere: the other's real ones must get exactly the answer these get. */
const unknownIds = {
  receiptPayment: "00000000-0000-4000-8000-000000000000",
  kitchenRetreat: "00000000-0000-4000-8000-000000000000",
};

const readPdf = async (res: LightMyRequestResponse) => (await pdfText(res.rawPayload)).text;
const readBody = async (res: LightMyRequestResponse) => res.body;

Object.assign(guestChecks, {
  "GET /api/guest/receipts": ownRead(
    () => "/api/guest/receipts",
    (p) => p.ids.receiptPayment!,
  ),
  "GET /api/guest/receipts/:file": ownFile(
    (p) => `/api/guest/receipts/${p.ids.receiptPayment}.pdf`,
    (p) => p.ids.lastName!,
    "application/pdf",
    readPdf,
  ),
} satisfies Record<string, Check>);

const vendorChecks: Record<string, Check> = {
  "GET /api/vendor/lists": ownRead(
    () => "/api/vendor/lists",
    (p) => p.ids.kitchenRetreat!,
  ),
  "GET /api/vendor/reports/kitchen": async (pair) => {
    const problems: string[] = [];
    // The page's JSON, then the two downloads: each must hold the vendor's own allergies only.
    for (const [format, type, read] of [
      ["json", "application/json", readBody],
      ["csv", "text/csv", readBody],
      ["pdf", "application/pdf", readPdf],
    ] as const) {
      const check = ownFile(
        (p) => `/api/vendor/reports/kitchen?retreatId=${p.ids.kitchenRetreat}&format=${format}`,
        (p) => p.ids.allergy!,
        type,
        read,
      );
      problems.push(...(await check(pair)).map((p) => `${format}: ${p}`));
    }
    return problems;
  },
  "GET /api/vendor/tasks": ownRead(
    () => "/api/vendor/tasks",
    (p) => p.ids.task!,
  ),
  "GET /api/vendor/schedule": ownRead(
    () => "/api/vendor/schedule",
    (p) => p.ids.booking!,
  ),
  "POST /api/vendor/tasks/:id/status": async ({ me, other }) => {
    const before = await taskStatus(other.ids.task!);
    const foreign = await call("POST", `/api/vendor/tasks/${other.ids.task}/status`, me.cookie, {
      status: "in_progress",
    });
    const problems = leaks(foreign, other).map((m) => `other's task leaks ${m}`);
    if (foreign.statusCode !== 404) problems.push(`other's task -> ${foreign.statusCode}`);
    if ((await taskStatus(other.ids.task!)) !== before) problems.push("changed the other's task");
    // Own task, toggled back so the next direction starts from the same state.
    const own = await call("POST", `/api/vendor/tasks/${me.ids.task}/status`, me.cookie, { status: "in_progress" });
    if (own.statusCode !== 200) problems.push(`own task -> ${own.statusCode} ${own.body}`);
    await app.db.update(tasks).set({ status: "pending" }).where(eq(tasks.id, me.ids.task!));
    return problems;
  },
};

describe("data isolation between guests and between vendors", () => {
  it("classifies every /api/guest and /api/vendor route the app has", () => {
    const portal = app.protectedRoutes
      .filter((r) => r.url.startsWith("/api/guest") || r.url.startsWith("/api/vendor"))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(portal.length).toBeGreaterThanOrEqual(9);
    expect([...Object.keys(guestChecks), ...Object.keys(vendorChecks)].sort()).toEqual(portal);
  });

  it.each([
    ["guest A", "guest B", guestChecks, guests, "a", "b"],
    ["guest B", "guest A", guestChecks, guests, "b", "a"],
    ["vendor A", "vendor B", vendorChecks, vendorParties, "a", "b"],
    ["vendor B", "vendor A", vendorChecks, vendorParties, "b", "a"],
  ] as const)("%s never sees or changes %s's data, on every route", async (_me, _other, checks, parties, me, other) => {
    const failures: string[] = [];
    for (const [route, check] of Object.entries(checks)) {
      for (const problem of await check({ me: parties[me], other: parties[other] }))
        failures.push(`${route}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });
});
