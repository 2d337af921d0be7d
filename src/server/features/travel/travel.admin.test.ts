import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { Role } from "../../../shared/constants";
import { auditLogs, travelComplianceForms } from "../../db/schema";
import { fieldContext } from "../../encryption/field-encryption";
import { insertApplication, insertRetreat, travelFormBody } from "../../test/builders";
import { withTestApp } from "../../test/test-app";
import { signedInAs } from "../../test/test-sessions";
import { maskPassport } from "./travel-secrets";

let app: FastifyInstance;
const cookie = {} as Record<Role, string>;
let retreatId: string;
let otherRetreatId: string;
/** The applicant with a submitted form, and one without. */
let withForm: { applicationId: string; formId: string };
let withoutFormId: string;
let ip = 0;

const passport = "ZX9876543210";
const secrets = ["ZX9876543210", "Bee stings", "Salbutamol inhaler", "Exercise-induced asthma", "Type 1 diabetes"];

function travelForm(applicationId: string, overrides: Record<string, unknown> = {}) {
  return travelFormBody(applicationId, {
    passportNumber: passport,
    outboundFlightNumber: "QR 962",
    outboundArrivalDate: "2026-05-10T14:30",
    allergies: "Bee stings",
    medications: "Salbutamol inhaler",
    medicalConditions: "Exercise-induced asthma",
    ...overrides,
  });
}

async function submit(payload: object) {
  ip += 1;
  const res = await app.inject({
    method: "POST",
    url: "/api/travel-compliance",
    payload,
    remoteAddress: `10.9.0.${ip}`,
  });
  expect(res.statusCode).toBe(201);
}

const get = (url: string, role: Role = "staff") =>
  app.inject({ method: "GET", url, headers: { cookie: cookie[role] } });

function expectNoSecrets(text: string) {
  for (const secret of secrets) expect(text).not.toContain(secret);
}

const auditRows = (action: string, entityId: string) =>
  app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)));

withTestApp(async (built) => {
  app = built;
  for (const role of ["owner", "staff", "vendor", "guest"] as const)
    cookie[role] = (await signedInAs(app, role)).cookie;
  retreatId = (await insertRetreat(app, { name: "Bali 2026" })).id;
  otherRetreatId = (await insertRetreat(app, { name: "Portugal 2027" })).id;
  const application = await insertApplication(app, {
    retreatId,
    firstName: "Ada",
    lastName: "Lovelace",
    medicalNotes: app.fieldCipher.encrypt("Type 1 diabetes", fieldContext("application", "medicalNotes")),
  });
  await submit(travelForm(application.id));
  const [form] = await app.db
    .select({ id: travelComplianceForms.id })
    .from(travelComplianceForms)
    .where(eq(travelComplianceForms.applicationId, application.id));
  withForm = { applicationId: application.id, formId: form!.id };
  withoutFormId = (await insertApplication(app, { retreatId })).id;
  const elsewhere = await insertApplication(app, { retreatId: otherRetreatId, firstName: "Bo" });
  await submit(
    travelForm(elsewhere.id, { passportNumber: "PT55554444", allergies: "", medications: "", medicalConditions: "" }),
  );
});

describe("at rest", () => {
  it("the database holds ciphertext, never the passport number or medical text", async () => {
    const { rows } = await app.db.execute(sql`select * from travel_compliance_forms`);
    expectNoSecrets(JSON.stringify(rows));
    const form = rows.find((row) => row.id === withForm.formId)!;
    for (const column of ["passport_number", "allergies", "medications", "medical_conditions"]) {
      expect(form[column]).toMatch(/^enc:v1:/);
    }
    const { rows: apps } = await app.db.execute(
      sql`select medical_notes from applications where id = ${withForm.applicationId}`,
    );
    expect(apps[0]!.medical_notes).toMatch(/^enc:v1:/);
  });
});

describe("GET /api/admin/travel-forms", () => {
  it("lists masked forms for owner and staff: last four of the passport, medical details only as on file", async () => {
    for (const role of ["owner", "staff"] as const) {
      const res = await get("/api/admin/travel-forms", role);
      expect(res.statusCode).toBe(200);
      expectNoSecrets(res.body);
      const items = res.json().items as Record<string, unknown>[];
      expect(items).toHaveLength(2);
      const ada = items.find((item) => item.id === withForm.formId)!;
      expect(ada).toMatchObject({
        applicationId: withForm.applicationId,
        applicantName: "Ada Lovelace",
        retreatId,
        status: "submitted",
        passportNumberMasked: "•••• 3210",
        medicalDetailsOnFile: true,
        outboundFlightNumber: "QR 962",
        outboundArrivalDate: "2026-05-10T14:30:00.000Z",
      });
      for (const key of ["passportNumber", "allergies", "medications", "medicalConditions"])
        expect(ada).not.toHaveProperty(key);
      const bo = items.find((item) => item.id !== withForm.formId)!;
      expect(bo).toMatchObject({ passportNumberMasked: "•••• 4444", medicalDetailsOnFile: false });
    }
  });

  it("filters by retreat and status", async () => {
    const byRetreat = (await get(`/api/admin/travel-forms?retreatId=${otherRetreatId}`)).json().items;
    expect(byRetreat.map((i: { applicantName: string }) => i.applicantName)).toEqual(["Bo Tester"]);
    expect((await get("/api/admin/travel-forms?status=reviewed")).json().items).toEqual([]);
    expect((await get("/api/admin/travel-forms?retreatId=nope")).statusCode).toBe(400);
  });

  it("records no audit row: nothing sensitive was read", async () => {
    const before = (await app.db.select().from(auditLogs)).length;
    await get("/api/admin/travel-forms");
    expect(await app.db.select().from(auditLogs)).toHaveLength(before);
  });
});

describe("GET /api/admin/travel-forms/:id", () => {
  it("gives owner and staff the decrypted form and audits every read, without the values", async () => {
    const before = (await auditRows("travel_form.sensitive_read", withForm.formId)).length;
    for (const role of ["owner", "staff"] as const) {
      const res = await get(`/api/admin/travel-forms/${withForm.formId}`, role);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.json()).toMatchObject({
        id: withForm.formId,
        passportNumber: passport,
        passportNumberMasked: "•••• 3210",
        allergies: "Bee stings",
        medications: "Salbutamol inhaler",
        medicalConditions: "Exercise-induced asthma",
      });
    }
    const rows = await auditRows("travel_form.sensitive_read", withForm.formId);
    expect(rows).toHaveLength(before + 2);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ entityType: "travel_form", entityId: withForm.formId });
    expect(last.userId).toBeTruthy();
    expect(last.newValues).toEqual({
      applicationId: withForm.applicationId,
      fields: ["passportNumber", "allergies", "medications", "medicalConditions"],
    });
    expectNoSecrets(JSON.stringify(rows));
  });

  it("answers 404 for an unknown form, with no audit row", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await get(`/api/admin/travel-forms/${unknown}`)).statusCode).toBe(404);
    expect(await auditRows("travel_form.sensitive_read", unknown)).toHaveLength(0);
  });
});

describe("GET /api/admin/applications/:id/travel-form and /medical-notes", () => {
  it("gives the application detail the masked form and whether medical notes exist", async () => {
    const res = await get(`/api/admin/applications/${withForm.applicationId}/travel-form`);
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res.body);
    expect(res.json()).toMatchObject({
      medicalNotesOnFile: true,
      form: { id: withForm.formId, passportNumberMasked: "•••• 3210", medicalDetailsOnFile: true },
    });
    expect((await get(`/api/admin/applications/${withoutFormId}/travel-form`)).json()).toEqual({
      form: null,
      medicalNotesOnFile: false,
    });
    expect((await get("/api/admin/applications/00000000-0000-4000-8000-000000000000/travel-form")).statusCode).toBe(
      404,
    );
  });

  it("decrypts the application's medical notes for owner and staff and audits the read", async () => {
    const res = await get(`/api/admin/applications/${withForm.applicationId}/medical-notes`, "owner");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ medicalNotes: "Type 1 diabetes" });
    const rows = await auditRows("application.medical_notes_read", withForm.applicationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: "application", newValues: { fields: ["medicalNotes"], onFile: true } });
    expectNoSecrets(JSON.stringify(rows));
  });

  it("never includes medical notes in the application detail itself", async () => {
    const res = await get(`/api/admin/applications/${withForm.applicationId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty("medicalNotes");
    expectNoSecrets(res.body);
  });
});

describe("PATCH /api/admin/travel-forms/:id/review", () => {
  const review = (payload: object, role: Role = "staff") =>
    app.inject({
      method: "PATCH",
      url: `/api/admin/travel-forms/${withForm.formId}/review`,
      headers: { cookie: cookie[role] },
      payload,
    });

  it("marks the form reviewed or needing changes, with notes, and audits it", async () => {
    const res = await review({ status: "needs_changes", reviewNotes: "Passport expires too soon" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "needs_changes", reviewNotes: "Passport expires too soon" });
    expect(res.json().reviewedAt).toBeTruthy();
    expectNoSecrets(res.body);

    expect((await review({ status: "reviewed" }, "owner")).json()).toMatchObject({
      status: "reviewed",
      reviewNotes: null,
    });
    const [row] = await app.db
      .select()
      .from(travelComplianceForms)
      .where(eq(travelComplianceForms.id, withForm.formId));
    expect(row).toMatchObject({ status: "reviewed", reviewNotes: null });
    expect(row!.reviewedBy).toBeTruthy();

    const audits = await auditRows("travel_form.review", withForm.formId);
    expect(audits.map((a) => [a.oldValues, a.newValues])).toEqual([
      [
        { status: "submitted", reviewNotes: null },
        { status: "needs_changes", reviewNotes: "Passport expires too soon" },
      ],
      [
        { status: "needs_changes", reviewNotes: "Passport expires too soon" },
        { status: "reviewed", reviewNotes: null },
      ],
    ]);
    expect((await get("/api/admin/travel-forms?status=reviewed")).json().items).toHaveLength(1);
  });

  it("refuses another status or unknown fields with 400, and an unknown form with 404", async () => {
    expect((await review({ status: "approved" })).statusCode).toBe(400);
    expect((await review({ status: "reviewed", passportNumber: "X" })).statusCode).toBe(400);
    const res = await app.inject({
      method: "PATCH",
      url: "/api/admin/travel-forms/00000000-0000-4000-8000-000000000000/review",
      headers: { cookie: cookie.staff },
      payload: { status: "reviewed" },
    });
    expect(res.statusCode).toBe(404);
  });

  it("a resubmission goes back to submitted, shown to staff as updated after review with its time", async () => {
    const detail = async () => (await get(`/api/admin/applications/${withForm.applicationId}/travel-form`)).json().form;
    const reviewed = await detail();
    expect(reviewed).toMatchObject({ status: "reviewed", updatedAfterReviewAt: null });

    await submit(travelForm(withForm.applicationId, { passportNumber: "NEW11112222" }));
    const form = await detail();
    expect(form).toMatchObject({
      status: "submitted",
      passportNumberMasked: "•••• 2222",
      reviewedAt: reviewed.reviewedAt,
      updatedAfterReviewAt: form.submittedAt,
    });
    expect(Date.parse(form.updatedAfterReviewAt)).toBeGreaterThan(Date.parse(form.reviewedAt));
    const listed = (await get("/api/admin/travel-forms?status=submitted")).json().items;
    expect(listed.find((item: { id: string }) => item.id === withForm.formId)).toMatchObject({
      updatedAfterReviewAt: form.submittedAt,
    });
    const resubmissions = await auditRows("travel_form.resubmit", withForm.formId);
    expect(resubmissions.at(-1)).toMatchObject({
      oldValues: { status: "reviewed", reviewedAt: reviewed.reviewedAt },
      newValues: { applicationId: withForm.applicationId, changedFields: ["passportNumber"] },
    });
    expectNoSecrets(JSON.stringify(resubmissions));
    expect(JSON.stringify(resubmissions)).not.toContain("NEW11112222");

    // Reviewed again: nothing unseen any more.
    expect((await review({ status: "reviewed" })).json()).toMatchObject({ updatedAfterReviewAt: null });
    expect(await detail()).toMatchObject({ status: "reviewed", updatedAfterReviewAt: null });
  });
});

describe("who may read", () => {
  it("refuses vendor and guest every travel route, and anonymous callers too", async () => {
    const urls = [
      "/api/admin/travel-forms",
      `/api/admin/travel-forms/${withForm.formId}`,
      `/api/admin/applications/${withForm.applicationId}/travel-form`,
      `/api/admin/applications/${withForm.applicationId}/medical-notes`,
    ];
    for (const url of urls) {
      for (const role of ["vendor", "guest"] as const) {
        const res = await get(url, role);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expectNoSecrets(res.body);
      }
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
    const patch = await app.inject({
      method: "PATCH",
      url: `/api/admin/travel-forms/${withForm.formId}/review`,
      headers: { cookie: cookie.vendor },
      payload: { status: "reviewed" },
    });
    expect(patch.statusCode).toBe(403);
  });
});

describe("maskPassport", () => {
  it("shows the last four characters, and at most half of a short number", () => {
    expect(maskPassport("123456789")).toBe("•••• 6789");
    expect(maskPassport("AB 12 34 56")).toBe("•••• 3456");
    expect(maskPassport("12345")).toBe("•••• 45");
    expect(maskPassport("")).toBe("");
  });
});
