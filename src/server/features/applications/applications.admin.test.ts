import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applicationStages } from "../../../shared/constants";
import {
  type AdminApplication,
  type ApplicationSortField,
  applicationSortFields,
  stageTransitionError,
} from "../../../shared/schemas/applications-admin";
import { upsertUserWithPassword } from "../../auth/users.service";
import {
  applications,
  auditLogs,
  emailLogs,
  emailSubscribers,
  type NewApplication,
  paymentPlans,
  payments,
  retreats,
} from "../../db/schema";
import { insertApplication as insertApplicationRow, insertRetreat } from "../../test/builders";
import { createTestApp, type TestApp } from "../../test/test-app";
import { exactCountLimit, iterateApplications, listApplications } from "./applications.admin.service";

let t: TestApp;
let ownerCookie: string;
let staffCookie: string;
let vendorCookie: string;
let retreatId: string;

const password = "correct horse battery staple";

async function signIn(email: string, role: "owner" | "staff" | "vendor" | "guest"): Promise<string> {
  await upsertUserWithPassword(t.app.db, { email, password, role, firstName: role });
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies[0]!;
  return `${cookie.name}=${cookie.value}`;
}

type InjectOptions = { method?: "GET" | "POST" | "PATCH" | "DELETE"; payload?: unknown; cookie?: string };
function call(url: string, { method = "GET", payload, cookie = ownerCookie }: InjectOptions = {}) {
  return t.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
}

let counter = 0;
/** The shared builder with this file's defaults: a new application in the retreat, with the form's long answers. */
async function insertApplication(values: Partial<NewApplication> = {}) {
  counter++;
  return insertApplicationRow(t.app, {
    retreatId,
    stage: "new",
    firstName: `First${counter}`,
    lastName: `Last${counter}`,
    email: `applicant${counter}@example.com`,
    country: "United Kingdom",
    motivations: "m".repeat(60),
    advocacyInvolvement: "a".repeat(30),
    ...values,
  });
}

async function auditRows(entityId: string) {
  return t.app.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId));
}

const validCreate = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  city: "London",
  country: "United Kingdom",
  instagramHandle: "ada",
  motivations: "I want to learn how to be a more effective advocate for animals everywhere.",
  advocacyInvolvement: "Weekly street outreach in London.",
  roomPreference: "private",
};

beforeAll(async () => {
  t = await createTestApp();
  const [retreat] = await t.app.db.select().from(retreats).limit(1);
  retreatId = retreat!.id;
  // These tests put thousands of applications in accepted; places are tested in features/payments.
  await t.app.db.update(retreats).set({ capacity: 1_000_000 }).where(eq(retreats.id, retreatId));
  ownerCookie = await signIn("owner@example.com", "owner");
  staffCookie = await signIn("staff@example.com", "staff");
  vendorCookie = await signIn("vendor@example.com", "vendor");
});
afterAll(async () => t.close());

describe("who may call the applications API", () => {
  it("refuses anonymous callers with 401 and vendors with 403; staff and owner get the list", async () => {
    expect((await call("/api/admin/applications", { cookie: "" })).statusCode).toBe(401);
    expect((await call("/api/admin/applications", { cookie: vendorCookie })).statusCode).toBe(403);
    expect((await call("/api/admin/applications", { cookie: staffCookie })).statusCode).toBe(200);
    expect((await call("/api/admin/applications")).statusCode).toBe(200);
    const del = await call("/api/admin/applications/00000000-0000-4000-8000-000000000000", {
      method: "DELETE",
      cookie: vendorCookie,
    });
    expect(del.statusCode).toBe(403);
  });
});

describe("GET /api/admin/applications", () => {
  beforeAll(async () => {
    await t.app.db.delete(applications);
    const base = Date.parse("2026-01-01T00:00:00Z");
    const people: Partial<NewApplication>[] = [
      {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ADA@Example.com",
        country: "United Kingdom",
        stage: "new",
        score: 40,
      },
      {
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace@navy.mil",
        country: "United States",
        stage: "screening",
        score: 90,
      },
      {
        firstName: "Alan",
        lastName: "Turing",
        email: "alan@bletchley.uk",
        country: "United Kingdom",
        stage: "interview",
        score: 75,
      },
      {
        firstName: "Katherine",
        lastName: "Johnson",
        email: "kj@nasa.gov",
        country: "United States",
        stage: "accepted",
        score: 88,
      },
      {
        firstName: "Emilie",
        lastName: "du Châtelet",
        email: "emilie@paris.fr",
        country: "France",
        stage: "payment",
        score: 95,
      },
      {
        firstName: "Hedy",
        lastName: "Lamarr",
        email: "hedy@vienna.at",
        country: "Austria",
        stage: "waitlist",
        score: 60,
      },
      {
        firstName: "Rosalind",
        lastName: "Franklin",
        email: "ros_100%@kings.ac.uk",
        country: null,
        stage: "declined",
        score: 20,
      },
    ];
    for (const [i, person] of people.entries()) {
      await insertApplication({ ...person, submittedAt: new Date(base + i * 3_600_000) });
    }
  });

  async function list(query: string) {
    const res = await call(`/api/admin/applications?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: AdminApplication[]; total: number; page: number; pageSize: number };
  }
  const names = (items: AdminApplication[]) => items.map((a) => a.firstName);

  it("returns the newest submissions first, with the admin read fields", async () => {
    const body = await list("");
    expect(body.total).toBe(7);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(25);
    expect(names(body.items)).toEqual(["Rosalind", "Hedy", "Emilie", "Katherine", "Alan", "Grace", "Ada"]);
    const ada = body.items.at(-1)!;
    expect(ada).toMatchObject({ lastName: "Lovelace", email: "ADA@Example.com", stage: "new", score: 40, retreatId });
    expect(ada.submittedAt).toBe("2026-01-01T00:00:00.000Z");
    for (const key of ["motivations", "advocacyInvolvement", "internalNotes", "wantsVipUpgrade", "partnerEmail"]) {
      expect(ada).toHaveProperty(key);
    }
  });

  it("searches the start of the full name, surname, email or country, ignoring case", async () => {
    expect(names((await list("search=ada")).items)).toEqual(["Ada"]);
    expect(names((await list("search=GRACE%20%20HOP")).items)).toEqual(["Grace"]);
    expect(names((await list("search=KJ@NASA")).items)).toEqual(["Katherine"]);
    expect(names((await list("search=united%20states&sort=name&order=asc")).items)).toEqual(["Grace", "Katherine"]);
    expect(names((await list("search=lamarr")).items)).toEqual(["Hedy"]);
    // "a" starts Ada (name and email), Alan, and Austria (Hedy's country).
    expect(names((await list("search=a&sort=name&order=asc")).items)).toEqual(["Ada", "Alan", "Hedy"]);
    // Prefix, not substring: the middle of a word does not match.
    expect((await list("search=ovelace")).total).toBe(0);
    expect((await list("search=nobody-matches")).total).toBe(0);
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect(names((await list("search=ros_100%25")).items)).toEqual(["Rosalind"]);
    expect((await list("search=r_s")).total).toBe(0);
    expect((await list("search=%25")).total).toBe(0);
  });

  it("filters by stage and combines the filter with the search", async () => {
    expect(names((await list("stage=waitlist")).items)).toEqual(["Hedy"]);
    expect(names((await list("stage=payment")).items)).toEqual(["Emilie"]);
    expect((await list("stage=all")).total).toBe(7);
    const both = await list("stage=interview&search=united%20kingdom");
    expect(names(both.items)).toEqual(["Alan"]);
    expect(both.total).toBe(1);
  });

  it("sorts by every column in both directions", async () => {
    const alphabetical = ["Ada", "Alan", "Emilie", "Grace", "Hedy", "Katherine", "Rosalind"];
    const orders: [string, string[]][] = [
      ["sort=name&order=asc", alphabetical],
      ["sort=score&order=desc", ["Emilie", "Grace", "Katherine", "Alan", "Hedy", "Ada", "Rosalind"]],
      ["sort=email&order=asc", alphabetical],
      // Pipeline order, not alphabetical: new, screening, interview, accepted, payment, waitlist, declined.
      ["sort=stage&order=asc", ["Ada", "Grace", "Alan", "Katherine", "Emilie", "Hedy", "Rosalind"]],
    ];
    for (const [query, expected] of orders) expect(names((await list(query)).items), query).toEqual(expected);
    const byCountry = names((await list("sort=country&order=asc")).items);
    expect(byCountry[0]).toBe("Rosalind"); // no country sorts first
    expect(byCountry.slice(1, 3)).toEqual(["Hedy", "Emilie"]);
    expect(names((await list("sort=submittedAt&order=asc")).items)[0]).toBe("Ada");
  });

  it("paginates with a total for every page", async () => {
    const first = await list("pageSize=3&page=1&sort=score&order=asc");
    const second = await list("pageSize=3&page=2&sort=score&order=asc");
    const third = await list("pageSize=3&page=3&sort=score&order=asc");
    expect([first.total, second.total, third.total]).toEqual([7, 7, 7]);
    expect(names(first.items)).toEqual(["Rosalind", "Ada", "Hedy"]);
    expect(names(second.items)).toEqual(["Alan", "Katherine", "Grace"]);
    expect(names(third.items)).toEqual(["Emilie"]);
    expect((await list("pageSize=3&page=9")).items).toEqual([]);
  });

  it("refuses bad query parameters with 400 and a message", async () => {
    for (const query of ["pageSize=101", "page=0", "stage=archived", "sort=password", "order=up", "bogus=1"]) {
      const res = await call(`/api/admin/applications?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    expect((await call("/api/admin/applications?pageSize=101")).json().message).toBe("pageSize must be at most 100");
  });
});

describe("keyset iteration (export order)", () => {
  beforeAll(async () => {
    await t.app.db.delete(applications);
    // Many ties on every sort key, so the cursor must fall back to the id correctly.
    for (let i = 0; i < 23; i++) {
      await insertApplication({
        firstName: i % 2 ? "Sam" : "Alex",
        lastName: i % 3 ? "Lee" : null,
        email: `same${i % 4}@example.com`,
        country: i % 5 ? "Spain" : null,
        score: (i * 7) % 3,
        stage: applicationStages[i % applicationStages.length],
        submittedAt: new Date(Date.parse("2026-02-01T00:00:00Z") + (i % 6) * 1000 + 0.5),
      });
    }
  });

  it.each(applicationSortFields.flatMap((sort) => (["asc", "desc"] as const).map((order) => [sort, order] as const)))(
    "yields every row once, in the list's order, for %s %s",
    async (sort: ApplicationSortField, order) => {
      const query = { search: "", stage: "all" as const, sort, order };
      const expected = (await listApplications(t.app.db, { ...query, page: 1, pageSize: 100 })).items.map((a) => a.id);
      const got: string[] = [];
      for await (const row of iterateApplications(t.app.db, query, 4)) got.push(row.id);
      expect(got).toEqual(expected);
      expect(new Set(got).size).toBe(23);
    },
  );
});

describe("GET /api/admin/applications/export", () => {
  beforeAll(async () => {
    await t.app.db.delete(applications);
    await insertApplication({
      firstName: '=HYPERLINK("http://evil")',
      lastName: "+cmd",
      email: "formula@example.com",
      city: "-2+3",
      country: "@SUM(A1)",
      phone: "+44 7700 900000",
      internalNotes: 'Line one, with comma\nLine "two"',
      motivations: "\tTabbed start",
      advocacyInvolvement: "\rCarriage return start",
      stage: "new",
      score: 10,
    });
    await insertApplication({ firstName: "Plain", lastName: "Person", email: "plain@example.com", stage: "declined" });
  });

  it("streams an RFC 4180 CSV attachment with every formula cell neutralised", async () => {
    const res = await call("/api/admin/applications/export?sort=name&order=asc");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    // CRLF record endings and a quoted field with an embedded comma, doubled quotes and a newline.
    expect(res.body).toContain("\r\n");
    expect(res.body).toContain('"Line one, with comma\nLine ""two"""');
    const records = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(2);
    const evil = records.find((r) => r.Email === "formula@example.com")!;
    expect(evil["First name"]).toBe('\'=HYPERLINK("http://evil")');
    expect(evil["Last name"]).toBe("'+cmd");
    expect(evil.City).toBe("'-2+3");
    expect(evil.Country).toBe("'@SUM(A1)");
    expect(evil.Phone).toBe("'+44 7700 900000");
    expect(evil.Motivations).toBe("'\tTabbed start");
    expect(evil["Advocacy involvement"]).toBe("'\rCarriage return start");
    expect(evil["Internal notes"]).toBe('Line one, with comma\nLine "two"');
    expect(evil.Score).toBe("10");
    expect(evil["VIP upgrade"]).toBe("no");
  });

  it("exports only the filtered rows", async () => {
    const res = await call("/api/admin/applications/export?stage=declined");
    const records = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.Email)).toEqual(["plain@example.com"]);
    const none = parse((await call("/api/admin/applications/export?search=zzz")).body, { bom: true, columns: true });
    expect(none).toEqual([]);
  });

  it("is for staff only and validates its filters", async () => {
    expect((await call("/api/admin/applications/export", { cookie: "" })).statusCode).toBe(401);
    expect((await call("/api/admin/applications/export", { cookie: vendorCookie })).statusCode).toBe(403);
    expect((await call("/api/admin/applications/export?page=2")).statusCode).toBe(400);
  });
});

describe("a season's applications (?retreatId=, the season switcher's season)", () => {
  it("lists and exports a past season's applications, not the current one's, and 404s an unknown retreat", async () => {
    const past = await insertRetreat(t.app, { name: "Bali 2025", status: "completed" });
    await insertApplication({ retreatId: past.id, email: "past-one@example.com", stage: "payment" });
    await insertApplication({ retreatId: past.id, email: "past-two@example.com", stage: "declined" });
    await insertApplication({ email: "current@example.com" });

    const res = await call(`/api/admin/applications?retreatId=${past.id}&sort=email&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((a: { email: string }) => a.email)).toEqual([
      "past-one@example.com",
      "past-two@example.com",
    ]);
    expect(res.json().total).toBe(2);
    const current = (await call(`/api/admin/applications?retreatId=${retreatId}&pageSize=100`)).json();
    const currentEmails = current.items.map((a: { email: string }) => a.email);
    expect(currentEmails).toContain("current@example.com");
    expect(currentEmails).not.toContain("past-one@example.com");

    const csv = await call(`/api/admin/applications/export?retreatId=${past.id}&sort=email&order=asc`);
    expect(csv.statusCode).toBe(200);
    const records = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.Email)).toEqual(["past-one@example.com", "past-two@example.com"]);

    const unknown = crypto.randomUUID();
    for (const url of [
      `/api/admin/applications?retreatId=${unknown}`,
      `/api/admin/applications/export?retreatId=${unknown}`,
    ]) {
      const missing = await call(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().message).toBe("Retreat not found.");
    }
    expect((await call("/api/admin/applications?retreatId=nope")).statusCode).toBe(400);
  });
});

describe("POST /api/admin/applications (staff entry)", () => {
  it("creates a new application in the current retreat and records it in the audit log", async () => {
    const res = await call("/api/admin/applications", { method: "POST", payload: validCreate, cookie: staffCookie });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as AdminApplication;
    expect(created).toMatchObject({ firstName: "Ada", stage: "new", score: 0, retreatId, roomPreference: "private" });
    const audits = await auditRows(created.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "create", entityType: "application" });
    expect(audits[0]!.newValues).toMatchObject({ email: "ada@example.com", stage: "new" });
    expect(audits[0]!.userId).toBeTruthy();
  });

  it("applies the public submission's rules", async () => {
    const short = await call("/api/admin/applications", {
      method: "POST",
      payload: { ...validCreate, motivations: "too short" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Please provide at least 50 characters about your motivations");
    const badEmail = await call("/api/admin/applications", { method: "POST", payload: { ...validCreate, email: "x" } });
    expect(badEmail.json().message).toBe("Please enter a valid email address.");
    // No honeypot for staff, and no unknown fields.
    const honeypot = await call("/api/admin/applications", {
      method: "POST",
      payload: { ...validCreate, website: "" },
    });
    expect(honeypot.statusCode).toBe(400);
    const stage = await call("/api/admin/applications", {
      method: "POST",
      payload: { ...validCreate, stage: "accepted" },
    });
    expect(stage.statusCode).toBe(400);
  });

  it("accepts an explicit retreat and refuses an unknown one", async () => {
    const ok = await call("/api/admin/applications", { method: "POST", payload: { ...validCreate, retreatId } });
    expect(ok.statusCode).toBe(201);
    const unknown = await call("/api/admin/applications", {
      method: "POST",
      payload: { ...validCreate, retreatId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Retreat not found");
  });
});

describe("PATCH /api/admin/applications/{id}", () => {
  it("saves stage, score, internal notes and contact fields, leaving the rest alone, and audits before/after", async () => {
    const app = await insertApplication({ stage: "new", score: 10, city: "Leeds", phone: "+44 1" });
    const res = await call(`/api/admin/applications/${app.id}`, {
      method: "PATCH",
      payload: { stage: "interview", score: 85, internalNotes: "Lovely call", email: "new@example.com" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: "interview", score: 85, internalNotes: "Lovely call", city: "Leeds" });
    const [stored] = await t.app.db.select().from(applications).where(eq(applications.id, app.id));
    expect(stored).toMatchObject({ email: "new@example.com", phone: "+44 1", motivations: app.motivations });
    const [audit] = await auditRows(app.id);
    expect(audit).toMatchObject({ action: "update", entityType: "application" });
    expect(audit!.oldValues).toEqual({ stage: "new", score: 10, internalNotes: null, email: app.email });
    expect(audit!.newValues).toEqual({
      stage: "interview",
      score: 85,
      internalNotes: "Lovely call",
      email: "new@example.com",
    });
  });

  it("keeps the score between 0 and 100 and the stage among the modal's options", async () => {
    const app = await insertApplication({ score: 50 });
    for (const score of [-1, 101, 50.5, "80"]) {
      const res = await call(`/api/admin/applications/${app.id}`, { method: "PATCH", payload: { score } });
      expect(res.statusCode, String(score)).toBe(400);
    }
    expect(
      (await call(`/api/admin/applications/${app.id}`, { method: "PATCH", payload: { score: 101 } })).json().message,
    ).toBe("Score must be between 0 and 100");
    for (const score of [0, 100]) {
      const res = await call(`/api/admin/applications/${app.id}`, { method: "PATCH", payload: { score } });
      expect(res.json().score).toBe(score);
    }
    const payment = await call(`/api/admin/applications/${app.id}`, { method: "PATCH", payload: { stage: "payment" } });
    expect(payment.statusCode).toBe(400);
    const unknown = await call(`/api/admin/applications/${app.id}`, { method: "PATCH", payload: { notes: "x" } });
    expect(unknown.statusCode).toBe(400);
    const email = await call(`/api/admin/applications/${app.id}`, { method: "PATCH", payload: { email: "nope" } });
    expect(email.json().message).toBe("Please enter a valid email address.");
  });

  it("answers 404 for an unknown application and 400 for a malformed id", async () => {
    const missing = await call("/api/admin/applications/00000000-0000-4000-8000-000000000000", {
      method: "PATCH",
      payload: { score: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Application not found");
    expect((await call("/api/admin/applications/42", { method: "PATCH", payload: { score: 1 } })).statusCode).toBe(400);
  });
});

describe("DELETE /api/admin/applications/{id}", () => {
  it("deletes an application and records the deleted row", async () => {
    const app = await insertApplication();
    const res = await call(`/api/admin/applications/${app.id}`, { method: "DELETE" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: app.id, deleted: true });
    expect(await t.app.db.select().from(applications).where(eq(applications.id, app.id))).toEqual([]);
    const [audit] = await auditRows(app.id);
    expect(audit).toMatchObject({ action: "delete" });
    expect(audit!.oldValues).toMatchObject({ email: app.email, firstName: app.firstName });
    expect((await call(`/api/admin/applications/${app.id}`, { method: "DELETE" })).statusCode).toBe(404);
  });

  it("refuses with 409 when the application has payments or a payment plan", async () => {
    const paid = await insertApplication();
    await t.app.db.insert(payments).values({ applicationId: paid.id, type: "deposit", amount: "500.00" });
    const res = await call(`/api/admin/applications/${paid.id}`, { method: "DELETE" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This application has payments and cannot be deleted.");
    expect(await t.app.db.select().from(applications).where(eq(applications.id, paid.id))).toHaveLength(1);

    const planned = await insertApplication();
    await t.app.db
      .insert(paymentPlans)
      .values({ applicationId: planned.id, planType: "deposit", totalAmount: "1997.00", remainingAmount: "1497.00" });
    expect((await call(`/api/admin/applications/${planned.id}`, { method: "DELETE" })).statusCode).toBe(409);
    expect(await auditRows(paid.id)).toEqual([]);
  });
});

describe("POST /api/admin/applications/{id}/escalate/{stage}", () => {
  const allowed: Record<string, string[]> = {
    new: ["screening", "waitlist", "declined"],
    screening: ["interview", "waitlist", "declined"],
    interview: ["accepted", "waitlist", "declined"],
    accepted: ["payment", "waitlist", "declined"],
    payment: [],
    waitlist: [],
    declined: [],
  };

  it("allows exactly the moves of spec section 4 and answers 409 with a reason otherwise", async () => {
    for (const from of applicationStages) {
      for (const to of applicationStages) {
        const app = await insertApplication({ stage: from });
        const res = await call(`/api/admin/applications/${app.id}/escalate/${to}`, {
          method: "POST",
          payload: { notify: false },
        });
        const ok = allowed[from]!.includes(to);
        expect(res.statusCode, `${from} -> ${to}: ${res.body}`).toBe(ok ? 200 : 409);
        const [stored] = await t.app.db.select().from(applications).where(eq(applications.id, app.id));
        expect(stored!.stage).toBe(ok ? to : from);
        if (!ok) expect(res.json().message).toBe(stageTransitionError(from, to));
      }
    }
  });

  it("explains refusals clearly", async () => {
    const app = await insertApplication({ stage: "new" });
    const skip = await call(`/api/admin/applications/${app.id}/escalate/accepted`, { method: "POST", payload: {} });
    expect(skip.json().message).toBe(
      "An application in the new stage can only move forward to screening, not to accepted.",
    );
    const done = await insertApplication({ stage: "payment" });
    const decline = await call(`/api/admin/applications/${done.id}/escalate/declined`, { method: "POST", payload: {} });
    expect(decline.json().message).toBe("An application in the payment stage cannot be moved to declined.");
  });

  it("appends notes with a timestamp: internal notes, or interview notes when leaving the interview", async () => {
    const app = await insertApplication({ stage: "new", internalNotes: "Earlier note" });
    const res = await call(`/api/admin/applications/${app.id}/escalate/screening`, {
      method: "POST",
      payload: { notes: "Strong outreach record" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.internalNotes).toMatch(
      /^Earlier note\n\n\[\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\] Moved from new to screening: Strong outreach record$/,
    );
    const interviewed = await insertApplication({ stage: "interview" });
    const accepted = await call(`/api/admin/applications/${interviewed.id}/escalate/accepted`, {
      method: "POST",
      payload: { notes: "Great call", notify: false },
    });
    expect(accepted.json().application.interviewNotes).toMatch(/Moved from interview to accepted: Great call$/);
    expect(accepted.json().application.internalNotes).toBeNull();
  });

  it("accepts a request without a body (no notes, notify on)", async () => {
    const app = await insertApplication({ stage: "new" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/applications/${app.id}/escalate/screening`,
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application.stage).toBe("screening");
  });

  it("records the move in the audit log", async () => {
    const app = await insertApplication({ stage: "screening" });
    await call(`/api/admin/applications/${app.id}/escalate/interview`, { method: "POST", payload: {} });
    const [audit] = await auditRows(app.id);
    expect(audit).toMatchObject({ action: "escalate", entityType: "application" });
    expect(audit!.oldValues).toEqual({ stage: "screening" });
    expect(audit!.newValues).toEqual({ stage: "interview", notified: false });
  });

  it("validates the stage and the body", async () => {
    const app = await insertApplication({ stage: "new" });
    expect(
      (await call(`/api/admin/applications/${app.id}/escalate/archived`, { method: "POST", payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (await call(`/api/admin/applications/${app.id}/escalate/screening`, { method: "POST", payload: { note: "x" } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call("/api/admin/applications/00000000-0000-4000-8000-000000000000/escalate/screening", {
          method: "POST",
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  describe("notifying the applicant", () => {
    beforeEach(async () => {
      await t.app.db.delete(emailLogs);
    });

    async function escalate(stage: string, to: string, payload: object, values: Partial<NewApplication> = {}) {
      const app = await insertApplication({ stage, firstName: "Noor", ...values });
      const res = await call(`/api/admin/applications/${app.id}/escalate/${to}`, { method: "POST", payload });
      expect(res.statusCode, res.body).toBe(200);
      const emails = await t.app.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, app.email));
      return { res, emails, app };
    }

    it("queues a kind decline that mentions the priority list for future retreats", async () => {
      const { res, emails } = await escalate("screening", "declined", {});
      expect(res.json().notified).toBe(true);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.status).toBe("queued");
      expect(emails[0]!.subject).toBe("About your application for Bali Vegan Activism Retreat 2026");
      expect(emails[0]!.body).toContain("Thank you for applying, Noor");
      expect(emails[0]!.body).toContain("priority list for future retreats");
    });

    it("queues acceptance and waitlist emails", async () => {
      const accepted = await escalate("interview", "accepted", { notify: true });
      expect(accepted.emails[0]!.subject).toBe("You're accepted: Bali Vegan Activism Retreat 2026");
      const waitlisted = await escalate("new", "waitlist", {});
      expect(waitlisted.emails[0]!.subject).toBe("You're on the waitlist for Bali Vegan Activism Retreat 2026");
    });

    it("sends nothing when notify is off, for other stages, or when the applicant turned application emails off", async () => {
      expect((await escalate("screening", "declined", { notify: false })).emails).toEqual([]);
      const forward = await escalate("new", "screening", { notify: true });
      expect(forward.emails).toEqual([]);
      expect(forward.res.json().notified).toBe(false);
      await t.app.db.insert(emailSubscribers).values({ email: "optout@example.com", applicationEmails: false });
      const optedOut = await escalate("new", "declined", {}, { email: "OptOut@example.com" });
      expect(optedOut.emails).toEqual([]);
      expect(optedOut.res.json().notified).toBe(false);
    });

    it("escapes the applicant's name in the email", async () => {
      const { emails } = await escalate("new", "declined", {}, { firstName: "<script>x</script>" });
      expect(emails[0]!.body).not.toContain("<script>x");
      expect(emails[0]!.body).toContain("&lt;script&gt;");
    });
  });
});

describe("audit trail", () => {
  it("attributes writes to the signed-in user", async () => {
    const app = await insertApplication({ stage: "new" });
    await call(`/api/admin/applications/${app.id}`, { method: "PATCH", payload: { score: 12 }, cookie: staffCookie });
    const rows = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, app.id), eq(auditLogs.action, "update")));
    expect(rows).toHaveLength(1);
    const staffUser = await t.app.inject({ url: "/api/auth/user", headers: { cookie: staffCookie } });
    expect(rows[0]!.userId).toBe(staffUser.json().id);
  });
});

describe("totals at scale", () => {
  it("counts exactly up to the limit, then reports the database's estimate and says so", async () => {
    await t.app.db.delete(payments);
    await t.app.db.delete(paymentPlans);
    await t.app.db.delete(applications);
    const many = Array.from({ length: exactCountLimit + 200 }, (_, i) => ({
      retreatId,
      email: `bulk${i}@example.com`,
      stage: i < 30 ? "waitlist" : "new",
    }));
    for (let i = 0; i < many.length; i += 500) await t.app.db.insert(applications).values(many.slice(i, i + 500));
    await t.app.db.execute(sql`analyze applications`);

    const all = (await call("/api/admin/applications?pageSize=10")).json();
    expect(all.items).toHaveLength(10);
    expect(all.totalIsEstimate).toBe(true);
    expect(all.total).toBeGreaterThan(exactCountLimit);
    expect(Math.abs(all.total - many.length)).toBeLessThan(many.length * 0.2);

    const waitlist = (await call("/api/admin/applications?stage=waitlist&pageSize=10&page=2")).json();
    expect(waitlist).toMatchObject({ total: 30, totalIsEstimate: false, page: 2 });
    expect(waitlist.items).toHaveLength(10);
  });
});
