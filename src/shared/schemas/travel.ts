import { z } from "zod";
import { limits } from "./common";

const text = (max: number = limits.shortText) => z.string().trim().max(max).default("");
/** A real calendar day: "2031-02-30" has the right shape but is refused. */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split("-").map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a valid date")
  .refine(isCalendarDate, "Please enter a valid date");
/** Flight times: a date, or a date and time ("2026-05-10T14:30"). */
const optionalDateTime = z
  .union([
    z.literal(""),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, "Please enter a valid date")
      .refine(isCalendarDate, "Please enter a valid date"),
  ])
  .default("");

/**
 * The refusal for an application that holds no place (any stage but accepted and payment): the
 * form page shows it in place of the form, and in the 'Submission Failed' toast if the stage
 * changed while the form was open.
 */
export const travelFormClosedMessage =
  "The travel form is only open to guests with a place on the retreat. If you think this is a mistake, please contact us.";

/** GET /api/travel-compliance/{applicationId}: whether the link's form can be sent (else a 404 or 409 error). */
export const travelFormLinkParamsSchema = z.strictObject({ applicationId: z.uuid("Invalid application link") });
export const travelFormOpenSchema = z.object({ open: z.literal(true) });

/** POST /api/travel-compliance (public-site.md sections 3 and 5). */
export const travelComplianceSchema = z.strictObject({
  applicationId: z.uuid("Invalid application link"),
  insuranceProvider: z.string().trim().min(2, "Please provide your insurance provider").max(limits.name),
  insurancePolicyNumber: z.string().trim().min(3, "Please provide your policy number").max(limits.name),
  insuranceCoverage: text(limits.longText),
  insuranceExpiryDate: z
    .string({ message: "Insurance expiry date is required" })
    .min(1, "Insurance expiry date is required")
    .pipe(isoDate),
  outboundFlightNumber: text(limits.name),
  outboundDepartureDate: optionalDateTime,
  outboundArrivalDate: optionalDateTime,
  outboundDepartureAirport: text(limits.name),
  outboundArrivalAirport: text(limits.name),
  returnFlightNumber: text(limits.name),
  returnDepartureDate: optionalDateTime,
  returnArrivalDate: optionalDateTime,
  returnDepartureAirport: text(limits.name),
  returnArrivalAirport: text(limits.name),
  emergencyContactName: z.string().trim().min(2, "Please provide emergency contact name").max(limits.name),
  emergencyContactRelationship: z.string().trim().min(2, "Please provide relationship").max(limits.name),
  emergencyContactPhone: z.string().trim().min(7, "Please provide emergency contact phone").max(limits.phone),
  emergencyContactEmail: z
    .union([z.literal(""), z.string().trim().max(limits.email).pipe(z.email("Please enter a valid email address"))])
    .default(""),
  emergencyContactAddress: text(limits.shortText),
  passportNumber: z.string().trim().min(5, "Please provide your passport number").max(limits.name),
  passportExpiryDate: z
    .string({ message: "Passport expiry date is required" })
    .min(1, "Passport expiry date is required")
    .pipe(isoDate),
  nationality: z.string().trim().min(2, "Please provide your nationality").max(limits.name),
  allergies: text(limits.longText),
  medications: text(limits.longText),
  medicalConditions: text(limits.longText),
  dietaryRequirements: text(limits.longText),
  specialRequests: text(limits.longText),
  airportPickupRequired: z.boolean().default(false),
});

export type TravelComplianceInput = z.input<typeof travelComplianceSchema>;
export type TravelCompliance = z.output<typeof travelComplianceSchema>;
