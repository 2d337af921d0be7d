/**
 * CSV formula injection (issue 8): every CSV export the app serves, found by calling every admin
 * and vendor GET route, plain and with ?format=csv (the lists pick their file by format), and
 * keeping the ones that answer text/csv (so a new export is covered, or fails the inventory, the
 * day it is added). Text that a person typed is seeded with spreadsheet formulas
 * in every exported free-text column; in the downloaded file each such cell must start with the
 * product's neutralising apostrophe (neutraliseCell in applications.export.ts), and no cell at
 * all may start with = + - @ tab or CR unless it is a plain number of ours.
 */
import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSubscribers, expenses, vendors } from "../db/schema";
import { insertApplication, insertRetreat, travelFormBody } from "../test/builders";
import { settleFormJobs } from "../test/form-jobs";
import { concrete, registeredRoutes } from "../test/routes";
import { createTestApp, type TestApp } from "../test/test-app";
import { signedInAs } from "../test/test-sessions";

let t: TestApp;
let app: FastifyInstance;
let owner: string;
let vendor: string;
let retreatId: string;

/** OWASP's triggers: the four formula starts, and tab / CR that some spreadsheets strip first. */
const formulas = [
  '=HYPERLINK("http://evil.example","x")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  // A spreadsheet whose list separator is ; (or that splits on , tab or a line break) starts a
  // new cell after one: a trigger there is a formula too.
  "x;=1+1",
  "x,+1+1",
  "x\t@SUM(1)",
  "x\n-1+1",
];
/** The neutralised form: an apostrophe before a trigger at the start or after a separator. */
const neutralised = (value: string) => value.replace(/(?<=^|[;,\t\r\n])(?=[=+\-@\t\r])/g, "'");
let counter = 0;
/** A distinct formula each call, so every seeded field can be found in the file on its own. */
function formula(): string {
  const value = `${formulas[counter % formulas.length]}#${counter}`;
  counter += 1;
  return value;
}

const seeded: Record<string, string[]> = {
  applications: [],
  subscribers: [],
  finance: [],
  kitchen: [],
  arrivals: [],
  rooming: [],
};
function seed(file: keyof typeof seeded, value: string): string {
  seeded[file]!.push(value);
  return value;
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = (await signedInAs(app, "owner")).cookie;
  const retreat = await insertRetreat(app, { name: "Formula retreat", status: "open" });
  retreatId = retreat.id;

  const a = () => seed("applications", formula());
  await insertApplication(app, {
    retreatId: retreat.id,
    applicationType: "couple",
    firstName: a(),
    lastName: a(),
    email: a(),
    phone: a(),
    city: a(),
    country: a(),
    partnerFirstName: a(),
    partnerLastName: a(),
    partnerEmail: a(),
    partnerPhone: a(),
    partnerCity: a(),
    partnerCountry: a(),
    instagramHandle: a(),
    linkedinUrl: a(),
    websiteUrl: a(),
    roomPreference: a(),
    dietaryNotes: a(),
    motivations: a(),
    advocacyInvolvement: a(),
    additionalInfo: a(),
    internalNotes: a(),
    interviewNotes: a(),
  });

  const s = () => seed("subscribers", formula());
  await app.db.insert(emailSubscribers).values({
    email: s(),
    firstName: s(),
    lastName: s(),
    source: s(),
    tags: [s()],
    unsubscribeReason: s(),
    consentIp: s(),
  });

  // And one through the public form, the way such a value really arrives.
  const waitlist = await app.inject({
    method: "POST",
    url: "/api/waitlist",
    payload: { name: seed("subscribers", '=HYPERLINK("http://evil.example","waitlist")'), email: "w@example.com" },
  });
  expect(waitlist.statusCode, waitlist.body).toBe(200);
  await settleFormJobs(app);

  // The lists: a booking holding a place whose name, diet, allergies, flights and room are formulas,
  // each sent through the product's own forms (the public travel form, staff's room forms).
  // The travel form trims what it is sent, so its formulas start with the trigger itself.
  const k = () => seed("kitchen", formula().trimStart());
  const guestFirst = formula();
  const guestLast = formula();
  const booking = await insertApplication(app, {
    retreatId: retreat.id,
    firstName: guestFirst,
    lastName: guestLast,
    stage: "accepted",
  });
  const guestName = `${guestFirst} ${guestLast}`;
  for (const list of ["kitchen", "arrivals", "rooming"] as const) seed(list, guestName);
  const ar = () => seed("arrivals", formula().trimStart());
  const travel = await app.inject({
    method: "POST",
    url: "/api/travel-compliance",
    remoteAddress: "10.99.0.1",
    payload: travelFormBody(booking.id, {
      dietaryRequirements: k(),
      allergies: k(),
      outboundFlightNumber: ar(),
      outboundDepartureAirport: ar(),
      outboundArrivalAirport: ar(),
      outboundArrivalDate: "2030-05-01T14:30",
      returnFlightNumber: ar(),
      returnDepartureAirport: ar(),
      returnArrivalAirport: ar(),
      returnDepartureDate: "2030-05-10T09:15",
    }),
  });
  expect(travel.statusCode, travel.body).toBe(201);
  const room = await app.inject({
    method: "POST",
    url: "/api/admin/rooms",
    headers: { cookie: owner },
    payload: { name: seed("rooming", formula()), type: seed("rooming", formula()), capacity: 2, retreatId },
  });
  expect(room.statusCode, room.body).toBe(201);
  const assigned = await app.inject({
    method: "POST",
    url: "/api/admin/room-assignments",
    headers: { cookie: owner },
    payload: { roomId: room.json().id, applicationId: booking.id, bedNumber: 1 },
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  // A caterer given the kitchen list downloads the same file from the vendor portal.
  const caterer = await signedInAs(app, "vendor");
  vendor = caterer.cookie;
  const [record] = await app.db.insert(vendors).values({ name: "Caterer", userId: caterer.user.id }).returning();
  const granted = await app.inject({
    method: "POST",
    url: "/api/admin/reports/kitchen/grants",
    headers: { cookie: owner },
    payload: { vendorId: record!.id, retreatId },
  });
  expect(granted.statusCode, granted.body).toBe(201);

  await app.db.insert(expenses).values({
    retreatId: retreat.id,
    description: seed("finance", formula()),
    amount: "12.50",
    category: seed("finance", formula()),
    status: "approved",
  });
}, 60_000);
afterAll(async () => t.close());

function download(url: string) {
  return app.inject({ method: "GET", url, headers: { cookie: url.startsWith("/api/vendor") ? vendor : owner } });
}

const isCsv = (contentType: unknown) => String(contentType ?? "").startsWith("text/csv");

/** Reviewed list: each CSV route and the seeded values that must come out of it. */
const exportsByRoute: Record<string, keyof typeof seeded> = {
  "GET /api/admin/applications/export": "applications",
  "GET /api/admin/email-subscribers/export": "subscribers",
  "GET /api/admin/financial-summary.csv": "finance",
  "GET /api/admin/reports/kitchen?format=csv": "kitchen",
  "GET /api/admin/reports/arrivals?format=csv": "arrivals",
  "GET /api/admin/reports/rooming?format=csv": "rooming",
  "GET /api/vendor/reports/kitchen?format=csv": "kitchen",
};

/** Per retreat: the finance summary and the lists (the vendor's names its retreat always). */
const perRetreat = (file: keyof typeof seeded) => !["applications", "subscribers"].includes(file);

/** A cell a spreadsheet would run: a formula start, unless it is a plain (our own) number. */
function runnable(cell: string): boolean {
  return /(^|[;,\t\r\n])[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);
}

describe("CSV exports neutralise formula-looking cells", () => {
  it("knows every route that answers text/csv", async () => {
    const found: string[] = [];
    for (const route of registeredRoutes(app)) {
      if (route.method !== "GET" || !/^\/api\/(admin|vendor)\//.test(route.url)) continue;
      const url = concrete(route.url);
      if (isCsv((await download(url)).headers["content-type"])) {
        found.push(`GET ${route.url}`);
        continue;
      }
      const asCsv = await download(`${url}?retreatId=${retreatId}&format=csv`);
      if (isCsv(asCsv.headers["content-type"])) found.push(`GET ${route.url}?format=csv`);
    }
    expect(found.sort()).toEqual(Object.keys(exportsByRoute).sort());
  }, 60_000);

  it.each(Object.entries(exportsByRoute))(
    "%s: every seeded formula arrives with a leading apostrophe",
    async (label, file) => {
      // The finance summary and the lists are per retreat; the others export everything (no filter).
      const [path, format] = label.split(" ")[1]!.split("?") as [string, string | undefined];
      const query = new URLSearchParams(perRetreat(file) ? { retreatId } : {});
      if (format) query.set("format", format.replace("format=", ""));
      const res = await download(`${path}${query.size ? `?${query}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(isCsv(res.headers["content-type"])).toBe(true);
      const rows = parse(res.body, { bom: true, relax_column_count: true }) as string[][];
      const cells = rows.slice(1).flat();
      const problems: string[] = [];
      for (const value of seeded[file]!) {
        if (cells.includes(neutralised(value))) continue;
        const raw = cells.find((c) => c.includes(value));
        problems.push(
          raw === undefined ? `${JSON.stringify(value)} missing` : `${JSON.stringify(raw)} not neutralised`,
        );
      }
      for (const cell of cells) if (runnable(cell)) problems.push(`runnable cell ${JSON.stringify(cell)}`);
      expect(problems).toEqual([]);
      expect(seeded[file]!.length).toBeGreaterThan(1);
      // Every field quoted, so a separator inside a cell can never end it.
      const records = res.body.replace(/^\uFEFF/, "").split(/\r\n(?=")/);
      expect(records.filter((r) => r !== "" && !r.startsWith('"'))).toEqual([]);
      expect(
        res.body
          .replace(/^\uFEFF/, "")
          .trimEnd()
          .endsWith('"'),
      ).toBe(true);
    },
  );
});
