import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { applicationStages } from "../../../shared/constants";
import { travelFormClosedMessage } from "../../../shared/schemas/travel";
import { applications, auditLogs, emailLogs, retreats, travelComplianceForms } from "../../db/schema";
import { fieldContext } from "../../encryption/field-encryption";
import { travelFormBody } from "../../test/builders";
import { withFailingInserts } from "../../test/failing-inserts";
import { onlyQueuedEmail } from "../../test/sent-mail";
import { withTestApp } from "../../test/test-app";

let app: FastifyInstance;
let applicationId: string;
let ipCounter = 0;
const post = (payload: unknown, ip = `10.4.0.${++ipCounter % 250}`) =>
  app.inject({
    method: "POST",
    url: "/api/travel-compliance",
    payload: payload as object,
    remoteAddress: ip,
    headers: { "user-agent": "travel-test-browser" },
  });
const getLink = (id: string) =>
  app.inject({ method: "GET", url: `/api/travel-compliance/${id}`, remoteAddress: `10.5.0.${++ipCounter % 250}` });
const setStage = (stage: string) =>
  app.db.update(applications).set({ stage }).where(eq(applications.id, applicationId));
const placeStages = ["accepted", "payment"];
const noPlaceStages = applicationStages.filter((stage) => !placeStages.includes(stage));

/** The required fields only: text fields default to empty, pickup to false. */
const minimal = () => travelFormBody(applicationId, { insuranceExpiryDate: "2026-12-31" });

const full = () => ({
  ...minimal(),
  insuranceCoverage: "£5m medical, excludes scuba",
  outboundFlightNumber: "QR 962",
  outboundDepartureDate: "2026-05-09T21:40",
  outboundArrivalDate: "2026-05-10T14:30",
  outboundDepartureAirport: "LHR",
  outboundArrivalAirport: "DPS",
  returnFlightNumber: "QR 963",
  returnDepartureDate: "2026-05-20",
  returnArrivalDate: "",
  returnDepartureAirport: "DPS",
  returnArrivalAirport: "LHR",
  emergencyContactEmail: "grace@example.com",
  emergencyContactAddress: "1 Navy Way",
  allergies: "Peanuts",
  medications: "None",
  medicalConditions: "Asthma",
  dietaryRequirements: "Gluten free",
  specialRequests: "Quiet room",
  airportPickupRequired: true,
});

withTestApp(async (built) => {
  app = built;
  const [retreat] = await app.db.select({ id: retreats.id }).from(retreats);
  const [application] = await app.db
    .insert(applications)
    .values({
      retreatId: retreat!.id,
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      stage: "accepted",
    })
    .returning();
  applicationId = application!.id;
});
beforeEach(async () => {
  await app.db.delete(travelComplianceForms);
  await app.db.delete(emailLogs);
  await setStage("accepted");
});

describe("POST /api/travel-compliance", () => {
  it("stores every field as submitted and queues the confirmation to the applicant", async () => {
    const res = await post(full());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: "Thank you for submitting your travel information!" });

    const [row, ...others] = await app.db.select().from(travelComplianceForms);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      applicationId,
      insuranceProvider: "SafetyWing",
      insurancePolicyNumber: "SW-123",
      insuranceCoverage: "£5m medical, excludes scuba",
      insuranceExpiryDate: "2026-12-31",
      outboundFlightNumber: "QR 962",
      outboundDepartureAirport: "LHR",
      outboundArrivalAirport: "DPS",
      returnArrivalDate: null,
      emergencyContactEmail: "grace@example.com",
      emergencyContactAddress: "1 Navy Way",
      passportExpiryDate: "2031-01-01",
      nationality: "British",
      dietaryRequirements: "Gluten free",
      specialRequests: "Quiet room",
      airportPickupRequired: true,
      status: "submitted",
    });
    // Passport and medical details are stored encrypted, each bound to its own column.
    const open = (column: "passportNumber" | "allergies" | "medications" | "medicalConditions") => {
      expect(row![column]).toMatch(/^enc:v1:/);
      return app.fieldCipher.decrypt(row![column], fieldContext("travel", column));
    };
    expect(open("passportNumber")).toBe("123456789");
    expect(open("allergies")).toBe("Peanuts");
    expect(open("medications")).toBe("None");
    expect(open("medicalConditions")).toBe("Asthma");
    // Wall-clock flight times read back unchanged in UTC.
    expect(row!.outboundArrivalDate!.toISOString()).toBe("2026-05-10T14:30:00.000Z");
    expect(row!.returnDepartureDate!.toISOString()).toBe("2026-05-20T00:00:00.000Z");

    const mail = await onlyQueuedEmail(app, {
      recipientEmail: "ada@example.com",
      recipientName: "Ada Lovelace",
      subject: "We've received your travel information",
    });
    expect(mail.body).toContain(`http://localhost:3000/travel-form/${applicationId}`);
  });

  it("accepts only the required fields, with text defaulting to empty and pickup to false", async () => {
    expect((await post(minimal())).statusCode).toBe(201);
    const [row] = await app.db.select().from(travelComplianceForms);
    expect(row).toMatchObject({ airportPickupRequired: false, allergies: null, outboundDepartureDate: null });
  });

  it("a second submission updates the first instead of adding a row", async () => {
    await post(full());
    const [first] = await app.db.select().from(travelComplianceForms);
    await app.db.update(travelComplianceForms).set({ status: "approved" });
    const res = await post({ ...minimal(), nationality: "Irish" });
    expect(res.statusCode).toBe(201);
    const rows = await app.db.select().from(travelComplianceForms);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first!.id,
      nationality: "Irish",
      allergies: null,
      airportPickupRequired: false,
      status: "submitted",
    });
    expect(rows[0]!.submittedAt.getTime()).toBeGreaterThanOrEqual(first!.submittedAt.getTime());
    expect(rows[0]!.submissionHistory).toEqual([first!.submittedAt.toISOString()]);
    expect(await app.db.select().from(emailLogs)).toHaveLength(2);
    const kinds = (await app.db.select().from(emailLogs)).map((row) => row.kind);
    expect(kinds).toEqual(["travel_form_received", "travel_form_received"]);
  });

  it("answers 404 for an unknown application", async () => {
    const res = await post({ ...minimal(), applicationId: "00000000-0000-4000-8000-000000000000" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Application not found" });
    expect(await app.db.select().from(travelComplianceForms)).toHaveLength(0);
  });

  it.each([
    ["insuranceProvider", "A", "Please provide your insurance provider"],
    ["insurancePolicyNumber", "12", "Please provide your policy number"],
    ["passportNumber", "1234", "Please provide your passport number"],
    ["nationality", "B", "Please provide your nationality"],
    ["emergencyContactName", "G", "Please provide emergency contact name"],
    ["emergencyContactRelationship", "F", "Please provide relationship"],
    ["emergencyContactPhone", "123456", "Please provide emergency contact phone"],
    ["insuranceExpiryDate", "", "Insurance expiry date is required"],
    ["insuranceExpiryDate", undefined, "Insurance expiry date is required"],
    ["passportExpiryDate", "", "Passport expiry date is required"],
    ["passportExpiryDate", undefined, "Passport expiry date is required"],
    ["emergencyContactEmail", "grace@", "Please enter a valid email address"],
    ["outboundDepartureDate", "next tuesday", "Please enter a valid date"],
    ["applicationId", "not-a-uuid", "Invalid application link"],
  ])("rejects %s = %j with the spec's message", async (field, value, message) => {
    const res = await post({ ...minimal(), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: `body.${field}`, message });
    expect(await app.db.select().from(travelComplianceForms)).toHaveLength(0);
  });

  it.each([
    ["passportExpiryDate", "2031-02-30"],
    ["outboundArrivalDate", "2026-05-10T25:00"],
  ])("rejects an impossible date in %s as a 400, not a server error", async (field, value) => {
    const res = await post({ ...minimal(), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: `body.${field}`, message: "Please enter a valid date" }]);
  });

  it("has no honeypot field: a bot's extra website field is refused like any unknown field", async () => {
    const res = await post({ ...minimal(), website: "http://bot.example" });
    expect(res.statusCode).toBe(400);
    expect(await app.db.select().from(travelComplianceForms)).toHaveLength(0);
  });

  it("stores nothing when the confirmation cannot be queued", async () => {
    await withFailingInserts(app.db, "email_logs", async () => {
      expect((await post(full())).statusCode).toBe(500);
    });
    expect(await app.db.select().from(travelComplianceForms)).toHaveLength(0);
  });

  it("answers 429 after 10 submissions a minute from one address", async () => {
    const ip = "192.0.2.60";
    for (let i = 0; i < 10; i++) expect((await post({}, ip)).statusCode).toBe(400);
    const limited = await post(minimal(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: "Too many requests. Please wait and try again." });
    expect(await app.db.select().from(travelComplianceForms)).toHaveLength(0);
  });
});

describe("only an application holding a place may send travel details", () => {
  it.each(placeStages)("%s: the form is open and a submission is stored", async (stage) => {
    await setStage(stage);
    const link = await getLink(applicationId);
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({ open: true });
    expect((await post(minimal())).statusCode).toBe(201);
    expect(await app.db.select().from(travelComplianceForms)).toHaveLength(1);
  });

  it.each(noPlaceStages)("%s: refused with 409 and the reason, nothing stored or emailed", async (stage) => {
    await setStage(stage);
    const link = await getLink(applicationId);
    expect(link.statusCode).toBe(409);
    expect(link.json()).toEqual({ message: travelFormClosedMessage });

    const res = await post(full());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: travelFormClosedMessage });
    expect(await app.db.select().from(travelComplianceForms)).toHaveLength(0);
    expect(await app.db.select().from(emailLogs)).toHaveLength(0);
  });

  it.each(noPlaceStages)("%s: a reviewed form on file is left exactly as it was", async (stage) => {
    expect((await post(full())).statusCode).toBe(201);
    const reviewedAt = new Date();
    await app.db.update(travelComplianceForms).set({ status: "reviewed", reviewedAt });
    const [before] = await app.db.select().from(travelComplianceForms);
    await setStage(stage);

    const res = await post({ ...full(), passportNumber: "EVIL00001", emergencyContactPhone: "+1 555 9999" });
    expect(res.statusCode).toBe(409);
    const [after, ...others] = await app.db.select().from(travelComplianceForms);
    expect(others).toHaveLength(0);
    expect(after).toEqual(before);
    expect(app.fieldCipher.decrypt(after!.passportNumber, fieldContext("travel", "passportNumber"))).toBe("123456789");
  });

  it("the link check answers 404 for an unknown application and 400 for a malformed id", async () => {
    const unknown = await getLink("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Application not found" });
    const malformed = await getLink("not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
  });
});

describe("the audit trail of submissions", () => {
  const auditOf = (formId: string) =>
    app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "travel_form"), eq(auditLogs.entityId, formId)))
      .orderBy(auditLogs.createdAt);

  it("records a resubmission after review by application, form, time and field names, never values", async () => {
    expect((await post(full())).statusCode).toBe(201);
    const [first] = await app.db.select().from(travelComplianceForms);
    const reviewedAt = new Date(Date.now() - 60_000);
    await app.db.update(travelComplianceForms).set({ status: "reviewed", reviewedAt, reviewNotes: "All good" });

    const changed = {
      ...full(),
      passportNumber: "NEWPASS987",
      emergencyContactName: "Mallory Evans",
      emergencyContactPhone: "+1 555 0199",
      emergencyContactEmail: "mallory@example.net",
      emergencyContactAddress: "9 Elsewhere Road",
    };
    expect((await post(changed)).statusCode).toBe(201);

    const [form] = await app.db.select().from(travelComplianceForms);
    // Back to submitted for a new review; the earlier review stays on the row for comparison.
    expect(form).toMatchObject({ id: first!.id, status: "submitted", reviewNotes: "All good" });
    expect(form!.reviewedAt!.getTime()).toBe(reviewedAt.getTime());
    expect(form!.submittedAt.getTime()).toBeGreaterThan(reviewedAt.getTime());

    const rows = await auditOf(form!.id);
    expect(rows.map((row) => row.action)).toEqual(["travel_form.submit", "travel_form.resubmit"]);
    const resubmit = rows[1]!;
    expect(resubmit).toMatchObject({
      userId: null,
      entityType: "travel_form",
      entityId: form!.id,
      userAgent: "travel-test-browser",
      oldValues: {
        status: "reviewed",
        submittedAt: first!.submittedAt.toISOString(),
        reviewedAt: reviewedAt.toISOString(),
      },
      newValues: {
        applicationId,
        status: "submitted",
        changedFields: [
          "emergencyContactName",
          "emergencyContactPhone",
          "emergencyContactEmail",
          "emergencyContactAddress",
          "passportNumber",
        ],
      },
    });
    expect(resubmit.ipAddress).toMatch(/^10\.4\.0\./);
    const trail = JSON.stringify(rows);
    for (const value of [
      "123456789",
      "NEWPASS987",
      "Grace Hopper",
      "Mallory Evans",
      "+1 555 0100",
      "+1 555 0199",
      "grace@example.com",
      "mallory@example.net",
      "1 Navy Way",
      "9 Elsewhere Road",
      "Peanuts",
      "Asthma",
      "ada@example.com",
    ]) {
      expect(trail).not.toContain(value);
    }
  });

  it("an identical resubmission names no changed fields", async () => {
    await post(full());
    await post(full());
    const [form] = await app.db.select().from(travelComplianceForms);
    const rows = await auditOf(form!.id);
    expect(rows.at(-1)).toMatchObject({ action: "travel_form.resubmit", newValues: { changedFields: [] } });
  });
});
