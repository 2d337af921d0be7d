import { desc, eq } from "drizzle-orm";
import { type TravelCompliance, travelFormClosedMessage } from "../../../shared/schemas/travel";
import type { Db } from "../../db/client";
import { applications, retreats, travelComplianceForms } from "../../db/schema";
import { enqueueEmailsInTransaction, queueEmail } from "../../email/outbox";
import { renderSystemEmail } from "../../email/system-templates";
import type { FieldCipher } from "../../encryption/field-encryption";
import { AppError } from "../../http/errors";
import type { JobQueue } from "../../jobs/queue";
import { holdsPlace } from "../admissions/admissions.service";
import { type Actor, recordAudit } from "../audit/audit.service";
import { sealTravelSecrets } from "./travel-secrets";
import { submissionAudit, type TravelValues } from "./travel-submission-audit";

export const travelSuccessMessage = "Thank you for submitting your travel information!";
export const applicationNotFoundMessage = "Application not found";
const invalidDateMessage = "Please enter a valid date";

const dateFields = ["insuranceExpiryDate", "passportExpiryDate"] as const;
const flightFields = [
  "outboundDepartureDate",
  "outboundArrivalDate",
  "returnDepartureDate",
  "returnArrivalDate",
] as const;

/** "2026-02-31" has the right shape but is no day; reject it as the 400 it is, not a database error. */
function isRealDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split("-").map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m! - 1 || date.getUTCDate() !== d) return false;
  const time = value.slice(11);
  if (!time) return true;
  const [hh, mm, ss = 0] = time.split(":").map(Number);
  return hh! < 24 && mm! < 60 && ss < 60;
}

/**
 * Flight times are local wall-clock times without a zone. They are stored as that wall-clock
 * time in UTC, so reading them back in UTC gives exactly what the guest typed.
 */
function flightTime(value: string): Date | null {
  if (!value) return null;
  return new Date(`${value.length === 10 ? `${value}T00:00` : value}Z`);
}

const orNull = (value: string) => value || null;

function assertRealDates(input: TravelCompliance) {
  const errors = [...dateFields, ...flightFields]
    .filter((field) => input[field] && !isRealDate(input[field]))
    .map((field) => ({ path: `body.${field}`, message: invalidDateMessage }));
  if (errors.length > 0) throw new AppError("bad_request", invalidDateMessage, errors);
}

/** The one rule for the public form: only an application holding a place may send (or replace) travel details. */
function assertFormOpen(application: { stage: string } | undefined): asserts application {
  if (!application) throw new AppError("not_found", applicationNotFoundMessage);
  if (!holdsPlace(application.stage)) throw new AppError("conflict", travelFormClosedMessage);
}

/** GET /api/travel-compliance/{applicationId}: lets the page say so before anyone fills in the form. */
export async function assertTravelFormOpen(db: Db, applicationId: string): Promise<void> {
  const [application] = await db
    .select({ stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, applicationId));
  assertFormOpen(application);
}

/** Who sent the form, for the audit trail: the applicant's address and browser (no user unless staff are signed in). */
export type Submitter = Actor;

/**
 * Stores the travel details of an application holding a place and queues the confirmation
 * email, in one transaction. A second submission replaces the first (one current form per
 * application) and returns it to "submitted" for review; its reviewedAt stays, so staff see the
 * form changed after their review. Every submission is audited by field name, never by value.
 */
export async function submitTravelForm(
  db: Db,
  input: TravelCompliance,
  ctx: { publicUrl: string; cipher: FieldCipher; submitter: Submitter; queue?: JobQueue | null },
): Promise<{ id: string; emailLogIds: string[] }> {
  assertRealDates(input);
  const secrets = {
    passportNumber: input.passportNumber,
    allergies: orNull(input.allergies),
    medications: orNull(input.medications),
    medicalConditions: orNull(input.medicalConditions),
  };
  const values: TravelValues = {
    insuranceProvider: input.insuranceProvider,
    insurancePolicyNumber: input.insurancePolicyNumber,
    insuranceCoverage: orNull(input.insuranceCoverage),
    insuranceExpiryDate: input.insuranceExpiryDate,
    outboundFlightNumber: orNull(input.outboundFlightNumber),
    outboundDepartureDate: flightTime(input.outboundDepartureDate),
    outboundArrivalDate: flightTime(input.outboundArrivalDate),
    outboundDepartureAirport: orNull(input.outboundDepartureAirport),
    outboundArrivalAirport: orNull(input.outboundArrivalAirport),
    returnFlightNumber: orNull(input.returnFlightNumber),
    returnDepartureDate: flightTime(input.returnDepartureDate),
    returnArrivalDate: flightTime(input.returnArrivalDate),
    returnDepartureAirport: orNull(input.returnDepartureAirport),
    returnArrivalAirport: orNull(input.returnArrivalAirport),
    emergencyContactName: input.emergencyContactName,
    emergencyContactRelationship: input.emergencyContactRelationship,
    emergencyContactPhone: input.emergencyContactPhone,
    emergencyContactEmail: orNull(input.emergencyContactEmail),
    emergencyContactAddress: orNull(input.emergencyContactAddress),
    ...secrets,
    passportExpiryDate: input.passportExpiryDate,
    nationality: input.nationality,
    dietaryRequirements: orNull(input.dietaryRequirements),
    specialRequests: orNull(input.specialRequests),
    airportPickupRequired: input.airportPickupRequired,
  };
  // Encrypted before any query is built: a failed statement (logged with its parameters) only ever shows ciphertext.
  const fields = {
    ...values,
    ...sealTravelSecrets(ctx.cipher, secrets),
    status: "submitted",
    submittedAt: new Date(),
  };

  return db.transaction(async (tx) => {
    // Locking the application serialises two submissions of the same form, so neither adds a
    // second row, and a stage change cannot slip in between the check and the write.
    const [application] = await tx
      .select({
        id: applications.id,
        stage: applications.stage,
        email: applications.email,
        firstName: applications.firstName,
        lastName: applications.lastName,
        retreatId: applications.retreatId,
        retreatName: retreats.name,
      })
      .from(applications)
      .leftJoin(retreats, eq(retreats.id, applications.retreatId))
      .where(eq(applications.id, input.applicationId))
      .for("update", { of: applications });
    assertFormOpen(application);

    const [existing] = await tx
      .select()
      .from(travelComplianceForms)
      .where(eq(travelComplianceForms.applicationId, application.id))
      .orderBy(desc(travelComplianceForms.submittedAt))
      .limit(1);
    const [row] = existing
      ? await tx
          .update(travelComplianceForms)
          .set({
            ...fields,
            submissionHistory: [...existing.submissionHistory, existing.submittedAt.toISOString()],
          })
          .where(eq(travelComplianceForms.id, existing.id))
          .returning({ id: travelComplianceForms.id })
      : await tx
          .insert(travelComplianceForms)
          .values({ applicationId: application.id, ...fields })
          .returning({ id: travelComplianceForms.id });
    await recordAudit(tx as unknown as Db, {
      ...ctx.submitter,
      ...submissionAudit(application.id, row!.id, existing ?? null, values, ctx.cipher),
    });

    const email = await renderSystemEmail(
      tx,
      "travel_received",
      {
        firstName: application.firstName ?? "",
        retreatName: application.retreatName ?? "the retreat",
        airportPickupRequired: input.airportPickupRequired,
        travelFormUrl: `${ctx.publicUrl}/travel-form/${application.id}`,
      },
      { retreatId: application.retreatId },
    );
    // Switched off by staff: the form is saved, only the confirmation is not sent.
    if (!email) return { id: row!.id, emailLogIds: [] };
    const name = [application.firstName, application.lastName].filter(Boolean).join(" ");
    const emailLogId = await queueEmail(tx, { to: application.email, name, email, kind: "travel_form_received" });
    await enqueueEmailsInTransaction(tx, ctx.queue, [emailLogId]);
    return { id: row!.id, emailLogIds: [emailLogId] };
  });
}
