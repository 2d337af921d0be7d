import { z } from "zod";
import { limits } from "./common";

/** What staff can set when reviewing a travel form; "submitted" is where every (re)submission starts. */
export const travelReviewStatuses = ["reviewed", "needs_changes"] as const;
export const travelFormStatuses = ["submitted", ...travelReviewStatuses] as const;

export const travelFormIdParamsSchema = z.object({ id: z.uuid("Travel form id must be a uuid.") });
export const travelApplicationParamsSchema = z.object({ id: z.uuid("Application id must be a uuid.") });

export const travelFormListQuerySchema = z.strictObject({
  retreatId: z.uuid("Retreat id must be a uuid.").optional(),
  status: z.string().trim().min(1).max(limits.name).optional(),
});
export type TravelFormListQuery = z.infer<typeof travelFormListQuerySchema>;

export const travelReviewSchema = z.strictObject({
  status: z.enum(travelReviewStatuses, { message: "Choose reviewed or needs changes." }),
  reviewNotes: z.string().trim().max(limits.longText).default(""),
});
export type TravelReviewInput = z.input<typeof travelReviewSchema>;
export type TravelReview = z.output<typeof travelReviewSchema>;

const nullableText = z.string().nullable();

/**
 * A travel form without its secrets: the passport number as its last four characters and the
 * medical fields as "something is on file". Lists and the application detail show this; the
 * full form is a separate, audited read.
 */
export const travelFormSummarySchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  retreatId: z.uuid().nullable(),
  status: z.string(),
  submittedAt: z.string(),
  /** The latest review; kept when the applicant sends the form again, so the two times can be compared. */
  reviewedAt: z.string().nullable(),
  /** When the applicant replaced the form after it had been reviewed (its status went back to submitted); null otherwise. */
  updatedAfterReviewAt: z.string().nullable(),
  reviewNotes: nullableText,
  insuranceProvider: z.string(),
  insurancePolicyNumber: z.string(),
  insuranceCoverage: nullableText,
  insuranceExpiryDate: z.string(),
  outboundFlightNumber: nullableText,
  outboundDepartureDate: nullableText,
  outboundArrivalDate: nullableText,
  outboundDepartureAirport: nullableText,
  outboundArrivalAirport: nullableText,
  returnFlightNumber: nullableText,
  returnDepartureDate: nullableText,
  returnArrivalDate: nullableText,
  returnDepartureAirport: nullableText,
  returnArrivalAirport: nullableText,
  emergencyContactName: z.string(),
  emergencyContactRelationship: z.string(),
  emergencyContactPhone: z.string(),
  emergencyContactEmail: nullableText,
  emergencyContactAddress: nullableText,
  passportExpiryDate: z.string(),
  nationality: z.string(),
  dietaryRequirements: nullableText,
  specialRequests: nullableText,
  airportPickupRequired: z.boolean(),
  /** "•••• 1234": never more than the last four characters. */
  passportNumberMasked: z.string(),
  /** Whether allergies, medications or medical conditions were given, never what they are. */
  medicalDetailsOnFile: z.boolean(),
});
export type TravelFormSummary = z.infer<typeof travelFormSummarySchema>;

export const travelFormListResponseSchema = z.object({ items: z.array(travelFormSummarySchema) });
export type TravelFormListResponse = z.infer<typeof travelFormListResponseSchema>;

/** The whole form, decrypted: only for owner and staff, and every read of it is audited. */
export const travelFormDetailSchema = travelFormSummarySchema.extend({
  passportNumber: z.string(),
  allergies: nullableText,
  medications: nullableText,
  medicalConditions: nullableText,
});
export type TravelFormDetail = z.infer<typeof travelFormDetailSchema>;

/** GET /api/admin/applications/:id/travel-form: the masked form (or null) for the application detail. */
export const applicationTravelResponseSchema = z.object({
  form: travelFormSummarySchema.nullable(),
  /** The application's own medical notes exist (their text is an audited read). */
  medicalNotesOnFile: z.boolean(),
});
export type ApplicationTravelResponse = z.infer<typeof applicationTravelResponseSchema>;

/** GET /api/admin/applications/:id/medical-notes: decrypted and audited. */
export const applicationMedicalNotesResponseSchema = z.object({ medicalNotes: nullableText });
export type ApplicationMedicalNotesResponse = z.infer<typeof applicationMedicalNotesResponseSchema>;

export const travelStatusLabels: Record<string, string> = {
  submitted: "Submitted, awaiting review",
  reviewed: "Reviewed",
  needs_changes: "Needs changes",
  approved: "Approved",
};
