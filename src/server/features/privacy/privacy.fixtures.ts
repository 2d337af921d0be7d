/** Test data for the privacy tests (imported only by *.test.ts). */
import type { FastifyInstance } from "fastify";
import { type applications, emailLogs, travelComplianceForms } from "../../db/schema";
import { fieldContext } from "../../encryption/field-encryption";
import { insertApplication, insertRetreat, nextNumber } from "../../test/builders";

export async function makeRetreat(
  app: FastifyInstance,
  options: { endDate: string | null; timezone?: string },
): Promise<string> {
  const retreat = await insertRetreat(app, {
    startDate: options.endDate ? "2025-12-20" : null,
    endDate: options.endDate,
    timezone: options.timezone ?? "UTC",
  });
  return retreat.id;
}

export async function makeApplication(
  app: FastifyInstance,
  retreatId: string,
  values: Partial<typeof applications.$inferInsert> = {},
) {
  const n = nextNumber();
  return insertApplication(app, {
    retreatId,
    firstName: `First${n}`,
    lastName: "Person",
    email: `person${n}@example.com`,
    phone: "+44 20 7946 0000",
    city: "Leeds",
    country: "United Kingdom",
    motivations: "To meet people who care.",
    advocacyInvolvement: "Street outreach.",
    internalNotes: "Strong candidate.",
    interviewNotes: "Warm and thoughtful.",
    dietaryNotes: "Vegan",
    medicalNotes: app.fieldCipher.encrypt("Asthma", fieldContext("application", "medicalNotes")),
    score: 70,
    stage: "new",
    ...values,
  });
}

export async function makeTravelForm(app: FastifyInstance, applicationId: string, passport = "P1234567") {
  const encrypt = (value: string, field: string) => app.fieldCipher.encrypt(value, fieldContext("travel", field));
  const [row] = await app.db
    .insert(travelComplianceForms)
    .values({
      applicationId,
      insuranceProvider: "Safe Travels",
      insurancePolicyNumber: "POL-1",
      insuranceExpiryDate: "2027-01-01",
      emergencyContactName: "Mum",
      emergencyContactRelationship: "Mother",
      emergencyContactPhone: "+44 20 0000 0000",
      passportNumber: encrypt(passport, "passportNumber")!,
      passportExpiryDate: "2030-01-01",
      nationality: "British",
      allergies: encrypt("Peanuts", "allergies"),
    })
    .returning();
  return row!;
}

export async function makeEmailLog(app: FastifyInstance, to: string, subject = "Hello") {
  const [row] = await app.db
    .insert(emailLogs)
    .values({ recipientEmail: to, subject, body: `<p>${subject}</p>`, status: "logged" })
    .returning();
  return row!;
}
