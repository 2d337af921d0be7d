import { and, desc, eq, isNotNull, or, type SQL } from "drizzle-orm";
import type {
  ApplicationTravelResponse,
  TravelFormDetail,
  TravelFormListQuery,
  TravelFormSummary,
  TravelReview,
} from "../../../shared/schemas/travel-admin";
import type { Db } from "../../db/client";
import { applications, travelComplianceForms } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { type FieldCipher, fieldContext } from "../../encryption/field-encryption";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { maskPassport, openTravelSecrets, travelSecretColumns } from "./travel-secrets";

export const travelFormNotFoundMessage = "Travel form not found";
const applicationNotFoundMessage = "Application not found";

/** Audit actions for reads of encrypted data: the trail says who looked, never what they saw. */
export const sensitiveReadActions = {
  travelForm: "travel_form.sensitive_read",
  medicalNotes: "application.medical_notes_read",
} as const;

const t = travelComplianceForms;

/** Everything but the medical texts: those are only ever selected by the audited full read. */
const summaryColumns = {
  id: t.id,
  applicationId: t.applicationId,
  firstName: applications.firstName,
  lastName: applications.lastName,
  applicantEmail: applications.email,
  retreatId: applications.retreatId,
  status: t.status,
  submittedAt: t.submittedAt,
  reviewedAt: t.reviewedAt,
  reviewNotes: t.reviewNotes,
  insuranceProvider: t.insuranceProvider,
  insurancePolicyNumber: t.insurancePolicyNumber,
  insuranceCoverage: t.insuranceCoverage,
  insuranceExpiryDate: t.insuranceExpiryDate,
  outboundFlightNumber: t.outboundFlightNumber,
  outboundDepartureDate: t.outboundDepartureDate,
  outboundArrivalDate: t.outboundArrivalDate,
  outboundDepartureAirport: t.outboundDepartureAirport,
  outboundArrivalAirport: t.outboundArrivalAirport,
  returnFlightNumber: t.returnFlightNumber,
  returnDepartureDate: t.returnDepartureDate,
  returnArrivalDate: t.returnArrivalDate,
  returnDepartureAirport: t.returnDepartureAirport,
  returnArrivalAirport: t.returnArrivalAirport,
  emergencyContactName: t.emergencyContactName,
  emergencyContactRelationship: t.emergencyContactRelationship,
  emergencyContactPhone: t.emergencyContactPhone,
  emergencyContactEmail: t.emergencyContactEmail,
  emergencyContactAddress: t.emergencyContactAddress,
  passportExpiryDate: t.passportExpiryDate,
  nationality: t.nationality,
  dietaryRequirements: t.dietaryRequirements,
  specialRequests: t.specialRequests,
  airportPickupRequired: t.airportPickupRequired,
  /** Decrypted in memory for its last four characters only (no column holds them apart). */
  passportNumber: t.passportNumber,
  medicalDetailsOnFile: or(isNotNull(t.allergies), isNotNull(t.medications), isNotNull(t.medicalConditions))!.mapWith(
    Boolean,
  ),
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: K extends "medicalDetailsOnFile" ? boolean : unknown;
} & {
  firstName: string | null;
  lastName: string | null;
  passportNumber: string;
  submittedAt: Date;
  reviewedAt: Date | null;
};

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));
const flightKeys = [
  "outboundDepartureDate",
  "outboundArrivalDate",
  "returnDepartureDate",
  "returnArrivalDate",
] as const;

/** A resubmission keeps reviewedAt (see submitTravelForm), so a submission newer than the review is a change staff have not seen. */
function updatedAfterReview(row: Pick<SummaryRow, "submittedAt" | "reviewedAt">): boolean {
  return row.reviewedAt !== null && row.submittedAt.getTime() > row.reviewedAt.getTime();
}

function toSummary(row: SummaryRow, cipher: FieldCipher): TravelFormSummary {
  const { firstName, lastName, passportNumber, ...rest } = row;
  const plainPassport = cipher.decrypt(passportNumber, fieldContext("travel", "passportNumber")) ?? "";
  const out = {
    ...rest,
    applicantName: [firstName, lastName].filter(Boolean).join(" "),
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: iso(row.reviewedAt),
    updatedAfterReviewAt: updatedAfterReview(row) ? row.submittedAt.toISOString() : null,
    passportNumberMasked: maskPassport(plainPassport),
  } as Record<string, unknown>;
  for (const key of flightKeys) out[key] = iso(row[key]);
  return out as TravelFormSummary;
}

function selectSummaries(db: DbOrTx) {
  return db.select(summaryColumns).from(t).innerJoin(applications, eq(applications.id, t.applicationId)).$dynamic();
}

/** Owner and staff's list: masked, newest first; the passport mask is the only value decrypted. */
export async function listTravelForms(
  db: Db,
  cipher: FieldCipher,
  query: TravelFormListQuery,
): Promise<TravelFormSummary[]> {
  const conditions: SQL[] = [];
  if (query.retreatId) conditions.push(eq(applications.retreatId, query.retreatId));
  if (query.status) conditions.push(eq(t.status, query.status));
  const rows = await selectSummaries(db)
    .where(and(...conditions))
    .orderBy(desc(t.submittedAt));
  return rows.map((row) => toSummary(row as SummaryRow, cipher));
}

/** The application detail's travel section: the latest form, masked, and whether medical notes exist. */
export async function getApplicationTravel(
  db: Db,
  cipher: FieldCipher,
  applicationId: string,
): Promise<ApplicationTravelResponse> {
  const [application] = await db
    .select({ medicalNotesOnFile: isNotNull(applications.medicalNotes).mapWith(Boolean) })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (!application) throw new AppError("not_found", applicationNotFoundMessage);
  const [row] = await selectSummaries(db)
    .where(eq(t.applicationId, applicationId))
    .orderBy(desc(t.submittedAt))
    .limit(1);
  return {
    form: row ? toSummary(row as SummaryRow, cipher) : null,
    medicalNotesOnFile: application.medicalNotesOnFile,
  };
}

/**
 * The whole form, decrypted, for owner and staff. The read is recorded in the audit log in the
 * same transaction (no trail, no data), naming the fields shown but not their values.
 */
export async function readTravelForm(db: Db, cipher: FieldCipher, id: string, actor: Actor): Promise<TravelFormDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        ...summaryColumns,
        allergies: t.allergies,
        medications: t.medications,
        medicalConditions: t.medicalConditions,
      })
      .from(t)
      .innerJoin(applications, eq(applications.id, t.applicationId))
      .where(eq(t.id, id))
      .limit(1);
    if (!row) throw new AppError("not_found", travelFormNotFoundMessage);
    const { allergies, medications, medicalConditions, ...summaryRow } = row;
    const secrets = openTravelSecrets(cipher, {
      passportNumber: row.passportNumber,
      allergies,
      medications,
      medicalConditions,
    });
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: sensitiveReadActions.travelForm,
      entityType: "travel_form",
      entityId: id,
      newValues: { applicationId: row.applicationId, fields: [...travelSecretColumns] },
    });
    return { ...toSummary(summaryRow as SummaryRow, cipher), ...secrets };
  });
}

/** The application's own medical notes (from its submission), decrypted; the read is audited. */
export async function readApplicationMedicalNotes(
  db: Db,
  cipher: FieldCipher,
  applicationId: string,
  actor: Actor,
): Promise<{ medicalNotes: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ medicalNotes: applications.medicalNotes })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .limit(1);
    if (!row) throw new AppError("not_found", applicationNotFoundMessage);
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: sensitiveReadActions.medicalNotes,
      entityType: "application",
      entityId: applicationId,
      newValues: { fields: ["medicalNotes"], onFile: row.medicalNotes !== null },
    });
    return { medicalNotes: cipher.decrypt(row.medicalNotes, fieldContext("application", "medicalNotes")) };
  });
}

/** Marks a form reviewed or sends it back for changes; audited with the status and notes before and after. */
export async function reviewTravelForm(
  db: Db,
  cipher: FieldCipher,
  id: string,
  input: TravelReview,
  actor: Actor,
): Promise<TravelFormSummary> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: t.status, reviewNotes: t.reviewNotes })
      .from(t)
      .where(eq(t.id, id))
      .for("update")
      .limit(1);
    if (!before) throw new AppError("not_found", travelFormNotFoundMessage);
    const reviewNotes = input.reviewNotes || null;
    await tx
      .update(t)
      .set({ status: input.status, reviewNotes, reviewedBy: actor.userId, reviewedAt: new Date() })
      .where(eq(t.id, id));
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "travel_form.review",
      entityType: "travel_form",
      entityId: id,
      oldValues: before,
      newValues: { status: input.status, reviewNotes },
    });
    const [row] = await selectSummaries(tx).where(eq(t.id, id)).limit(1);
    return toSummary(row as SummaryRow, cipher);
  });
}
