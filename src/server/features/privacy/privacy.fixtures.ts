/** Test data for the privacy tests (imported only by *.test.ts). */
import type { FastifyInstance } from "fastify";
import { applications, emailLogs, retreats, travelComplianceForms } from "../../db/schema";
import { fieldContext } from "../../encryption/field-encryption";

let counter = 0;

export async function makeRetreat(
  app: FastifyInstance,
  options: { endDate: string | null; timezone?: string },
): Promise<string> {
  counter += 1;
  const [row] = await app.db
    .insert(retreats)
    .values({
      name: `Privacy retreat ${counter}`,
      startDate: options.endDate ? "2025-12-20" : null,
      endDate: options.endDate,
      timezone: options.timezone ?? "UTC",
    })
    .returning({ id: retreats.id });
  return row!.id;
}

export async function makeApplication(
  app: FastifyInstance,
  retreatId: string,
  values: Partial<typeof applications.$inferInsert> = {},
) {
  counter += 1;
  const [row] = await app.db
    .insert(applications)
    .values({
      retreatId,
      firstName: `First${counter}`,
      lastName: "Person",
      email: `person${counter}@example.com`,
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
    })
    .returning();
  return row!;
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
