import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { displayName } from "../../../shared/display/people";
import { confirmedStages } from "../../../shared/schemas/rooms";
import { type Application, applications, travelComplianceForms } from "../../db/schema";
import type { DbOrTx } from "../../db/types";

/** The people a booking brings: a couple's one application is two. */
export function peopleIn(application: Pick<Application, "applicationType">): 1 | 2 {
  return application.applicationType === "couple" ? 2 : 1;
}

/** The partner's name of a couple's booking, or null. */
export function partnerName(application: Application): string | null {
  if (application.applicationType !== "couple") return null;
  return [application.partnerFirstName, application.partnerLastName].filter(Boolean).join(" ") || null;
}

/** "Ada Lovelace", or "Ada Lovelace & Sam Rivera" for a couple. */
export function bookingName(application: Application): string {
  const own = displayName(application, "Guest");
  const partner = partnerName(application);
  return partner ? `${own} & ${partner}` : own;
}

/** The bookings holding a place at the retreat (accepted or paying), by name. */
export async function bookingsOf(db: DbOrTx, retreatId: string): Promise<Application[]> {
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.retreatId, retreatId), inArray(applications.stage, [...confirmedStages])))
    .orderBy(asc(applications.lastName), asc(applications.firstName), asc(applications.id));
}

const t = travelComplianceForms;

/**
 * Each booking's latest travel form (a resubmission replaces the row, but old data may hold two),
 * with only the columns a list needs: medications, medical conditions and the passport number
 * are never read for a list.
 */
export const travelColumns = {
  applicationId: t.applicationId,
  submittedAt: t.submittedAt,
  submissionHistory: t.submissionHistory,
  dietaryRequirements: t.dietaryRequirements,
  airportPickupRequired: t.airportPickupRequired,
  outboundFlightNumber: t.outboundFlightNumber,
  outboundDepartureAirport: t.outboundDepartureAirport,
  outboundArrivalAirport: t.outboundArrivalAirport,
  outboundArrivalDate: t.outboundArrivalDate,
  returnFlightNumber: t.returnFlightNumber,
  returnDepartureAirport: t.returnDepartureAirport,
  returnArrivalAirport: t.returnArrivalAirport,
  returnDepartureDate: t.returnDepartureDate,
};

export type ListTravelForm = { [K in keyof typeof travelColumns]: (typeof travelColumns)[K]["_"]["data"] } & {
  /** Still encrypted: only the kitchen list opens it, and audits that it did. */
  allergies: string | null;
};

export async function latestTravelForms(
  db: DbOrTx,
  applicationIds: string[],
  options: { allergies: boolean },
): Promise<Map<string, ListTravelForm>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([t.applicationId], {
      ...travelColumns,
      allergies: options.allergies ? t.allergies : sql<string | null>`null`,
    })
    .from(t)
    .where(inArray(t.applicationId, applicationIds))
    .orderBy(t.applicationId, desc(t.submittedAt));
  return new Map(rows.map((row) => [row.applicationId, row as ListTravelForm]));
}
