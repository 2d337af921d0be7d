/**
 * CSV formula injection (issue 8): every CSV export the app serves, found by calling every admin
 * GET route and keeping the ones that answer text/csv (so a new export is covered, or fails the
 * inventory, the day it is added). Text that a person typed is seeded with spreadsheet formulas
 * in every exported free-text column; in the downloaded file each such cell must start with the
 * product's neutralising apostrophe (neutraliseCell in applications.export.ts), and no cell at
 * all may start with = + - @ tab or CR unless it is a plain number of ours.
 */
import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSubscribers, expenses } from "../db/schema";
import { insertApplication, insertRetreat } from "../test/builders";
import { concrete, registeredRoutes } from "../test/routes";
import { createTestApp, type TestApp } from "../test/test-app";
import { signedInAs } from "../test/test-sessions";

let t: TestApp;
let app: FastifyInstance;
let owner: string;
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

const seeded: Record<string, string[]> = { applications: [], subscribers: [], finance: [] };
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
  return app.inject({ method: "GET", url, headers: { cookie: owner } });
}

const isCsv = (contentType: unknown) => String(contentType ?? "").startsWith("text/csv");

/** Reviewed list: each CSV route and the seeded values that must come out of it. */
const exportsByRoute: Record<string, keyof typeof seeded> = {
  "GET /api/admin/applications/export": "applications",
  "GET /api/admin/email-subscribers/export": "subscribers",
  "GET /api/admin/financial-summary.csv": "finance",
};

/** A cell a spreadsheet would run: a formula start, unless it is a plain (our own) number. */
function runnable(cell: string): boolean {
  return /(^|[;,\t\r\n])[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);
}

describe("CSV exports neutralise formula-looking cells", () => {
  it("knows every route that answers text/csv", async () => {
    const found: string[] = [];
    for (const route of registeredRoutes(app)) {
      if (route.method !== "GET" || !route.url.startsWith("/api/admin")) continue;
      const res = await download(concrete(route.url));
      if (isCsv(res.headers["content-type"])) found.push(`GET ${route.url}`);
    }
    expect(found.sort()).toEqual(Object.keys(exportsByRoute).sort());
  }, 60_000);

  it.each(Object.entries(exportsByRoute))(
    "%s: every seeded formula arrives with a leading apostrophe",
    async (label, file) => {
      // The finance summary is per retreat; the others export everything (no filter).
      const query = file === "finance" ? `?retreatId=${retreatId}` : "";
      const res = await download(`${label.split(" ")[1]!}${query}`);
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
