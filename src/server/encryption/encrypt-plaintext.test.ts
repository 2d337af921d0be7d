import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { applications, retreats, travelComplianceForms } from "../db/schema";
import { seedDemoData } from "../demo/seed-demo";
import { withTestApp } from "../test/test-app";
import { DataKeyMismatchError, encryptPlaintextFields } from "./encrypt-plaintext";
import { fieldContext } from "./field-encryption";

let app: FastifyInstance;
let retreatId: string;

withTestApp(async (built) => {
  app = built;
  [{ id: retreatId }] = (await app.db.select({ id: retreats.id }).from(retreats)) as [{ id: string }];
});
beforeEach(async () => {
  await app.db.delete(travelComplianceForms);
  await app.db.delete(applications);
});

/** A form as a database from before encryption at rest holds it: plain text in every column. */
async function legacyForm(passportNumber: string, medical: { allergies?: string | null } = {}) {
  const [application] = await app.db
    .insert(applications)
    .values({ retreatId, email: `${passportNumber}@example.com`, medicalNotes: `notes for ${passportNumber}` })
    .returning();
  const [form] = await app.db
    .insert(travelComplianceForms)
    .values({
      applicationId: application!.id,
      insuranceProvider: "SafetyWing",
      insurancePolicyNumber: "SW-1",
      insuranceExpiryDate: "2030-01-01",
      emergencyContactName: "Grace",
      emergencyContactRelationship: "Friend",
      emergencyContactPhone: "+1 555 0100",
      passportNumber,
      passportExpiryDate: "2031-01-01",
      nationality: "British",
      allergies: medical.allergies === undefined ? "Peanuts" : medical.allergies,
      medications: null,
      medicalConditions: "Asthma",
    })
    .returning();
  return { applicationId: application!.id, formId: form!.id };
}

const rawForms = async () =>
  (
    await app.db.execute(
      sql`select id, passport_number, allergies, medications, medical_conditions from travel_compliance_forms order by id`,
    )
  ).rows as Record<string, string | null>[];

describe("encryptPlaintextFields", () => {
  it("encrypts legacy plaintext in place, in batches, and a second run changes nothing", async () => {
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push(await legacyForm(`LEGACY${i}00${i}`, { allergies: i % 2 ? null : "Peanuts" }));

    const result = await encryptPlaintextFields(app.db, app.fieldCipher, { batchSize: 3 });
    expect(result).toEqual({ travel: 7, application: 7 });

    const rows = await rawForms();
    for (const row of rows) {
      expect(row.passport_number).toMatch(/^enc:v1:/);
      expect(row.medical_conditions).toMatch(/^enc:v1:/);
      expect(row.medications).toBeNull();
      if (row.allergies !== null) expect(row.allergies).toMatch(/^enc:v1:/);
    }
    const cipher = app.fieldCipher;
    const [first] = await app.db
      .select()
      .from(travelComplianceForms)
      .where(eq(travelComplianceForms.id, made[0]!.formId));
    expect(cipher.decrypt(first!.passportNumber, fieldContext("travel", "passportNumber"))).toBe("LEGACY0000");
    expect(cipher.decrypt(first!.allergies, fieldContext("travel", "allergies"))).toBe("Peanuts");
    expect(cipher.decrypt(first!.medicalConditions, fieldContext("travel", "medicalConditions"))).toBe("Asthma");
    const [app0] = await app.db.select().from(applications).where(eq(applications.id, made[0]!.applicationId));
    expect(app0!.medicalNotes).toMatch(/^enc:v1:/);
    expect(cipher.decrypt(app0!.medicalNotes, fieldContext("application", "medicalNotes"))).toBe(
      "notes for LEGACY0000",
    );

    expect(await encryptPlaintextFields(app.db, app.fieldCipher, { batchSize: 3 })).toEqual({
      travel: 0,
      application: 0,
    });
    expect(await rawForms()).toEqual(rows);
  });

  it("encrypts only the plaintext columns of a half-encrypted row", async () => {
    const { formId } = await legacyForm("HALF12345");
    const sealed = app.fieldCipher.encrypt("HALF12345", fieldContext("travel", "passportNumber"))!;
    await app.db
      .update(travelComplianceForms)
      .set({ passportNumber: sealed })
      .where(eq(travelComplianceForms.id, formId));

    expect((await encryptPlaintextFields(app.db, app.fieldCipher)).travel).toBe(1);
    const [row] = await rawForms();
    expect(row!.passport_number).toBe(sealed);
    expect(row!.allergies).toMatch(/^enc:v1:/);
  });

  it("works through thousands of rows in batches", async () => {
    await app.db.execute(sql`
      insert into applications (retreat_id, email, medical_notes)
      select ${retreatId}::uuid, 'bulk' || n || '@example.com', 'plain note ' || n from generate_series(1, 2500) as n`);
    const result = await encryptPlaintextFields(app.db, app.fieldCipher, { batchSize: 1000 });
    expect(result.application).toBe(2500);
    const { rows } = await app.db.execute(
      sql`select count(*)::int as n from applications where not starts_with(medical_notes, 'enc:v1:')`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe("at start-up (buildApp)", () => {
  it("encrypts plaintext left in the database before serving", async () => {
    const { formId } = await legacyForm("BOOT98765");
    const again = await buildApp(testConfig(), { database: app.database });
    await again.close();
    const [row] = await app.db.select().from(travelComplianceForms).where(eq(travelComplianceForms.id, formId));
    expect(row!.passportNumber).toMatch(/^enc:v1:/);
    expect(app.fieldCipher.decrypt(row!.passportNumber, fieldContext("travel", "passportNumber"))).toBe("BOOT98765");
  });

  it("refuses to start with a key that cannot read the stored values", async () => {
    await legacyForm("KEYS11111");
    await encryptPlaintextFields(app.db, app.fieldCipher);
    await expect(
      buildApp(testConfig({ dataEncryptionKey: randomBytes(32) }), { database: app.database }),
    ).rejects.toBeInstanceOf(DataKeyMismatchError);
    // The right key still starts.
    const ok = await buildApp(testConfig(), { database: app.database });
    await ok.close();
  });
});

describe("demo data (npm run seed:demo)", () => {
  it("writes the applications' medical notes encrypted when given the cipher", async () => {
    await seedDemoData(app.db, { applications: 150, subscribers: 0, seed: 11, cipher: app.fieldCipher });
    const { rows } = await app.db.execute(sql`
      select count(*)::int as total, count(*) filter (where starts_with(medical_notes, 'enc:v1:'))::int as sealed
      from applications where medical_notes is not null`);
    expect(rows[0]!.total).toBeGreaterThan(0);
    expect(rows[0]!.sealed).toBe(rows[0]!.total);
  });
});
