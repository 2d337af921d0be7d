import { z } from "zod";
import { type VendorBookingStatus, vendorBookingStatuses, vendorBookingStatusLabels } from "../vendor-booking-statuses";
import { limits } from "./common";

export { type VendorBookingStatus, vendorBookingStatuses, vendorBookingStatusLabels };

export const vendorUserInvalidMessage = "The linked user must be an active user with the vendor role.";
export const vendorUserTakenMessage = "That user is already linked to another vendor.";

const optional = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters.`).nullable();

const vendorFields = {
  name: z
    .string()
    .trim()
    .min(1, "Name is required.")
    .max(limits.name, `Name can be at most ${limits.name} characters.`),
  type: optional(100, "Type"),
  email: z.string().trim().max(limits.email).pipe(z.email("Please enter a valid email address.")).nullable(),
  phone: optional(limits.phone, "Phone"),
  services: z
    .array(
      z.string().trim().min(1, "A service cannot be blank.").max(100, "Each service can be at most 100 characters."),
    )
    .max(50, "List at most 50 services."),
  userId: z.uuid("Choose a valid user.").nullable(),
  notes: optional(limits.longText, "Notes"),
  isActive: z.boolean(),
};

/** POST /api/admin/vendors. */
export const createVendorSchema = z.strictObject({
  name: vendorFields.name,
  type: vendorFields.type.default(null),
  email: vendorFields.email.default(null),
  phone: vendorFields.phone.default(null),
  services: vendorFields.services.default([]),
  userId: vendorFields.userId.default(null),
  notes: vendorFields.notes.default(null),
});
export type CreateVendorInput = z.input<typeof createVendorSchema>;

/** PATCH /api/admin/vendors/{id}. */
export const updateVendorSchema = z
  .strictObject(vendorFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to update." });
export type UpdateVendorInput = z.infer<typeof updateVendorSchema>;

export const vendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  services: z.array(z.string()),
  userId: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  contractStatus: z.string(),
});
export type VendorDto = z.infer<typeof vendorSchema>;

/** GET /api/vendor/schedule: one booked session of the signed-in vendor. */
export const vendorBookingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string().nullable(),
  status: z.string(),
  /** The retreat's IANA zone: times are shown on its clock, with its label. */
  timeZone: z.string(),
});
export type VendorBookingDto = z.infer<typeof vendorBookingSchema>;
export const vendorScheduleSchema = z.object({
  vendorName: z.string().nullable(),
  bookings: z.array(vendorBookingSchema),
});
export type VendorSchedule = z.infer<typeof vendorScheduleSchema>;

// ---------------------------------------------------------------------------------------------
// Vendor bookings (admin): a vendor booked onto one retreat session
// ---------------------------------------------------------------------------------------------

export const vendorAlreadyBookedMessage = "This vendor is already booked for this session.";
export const vendorInactiveMessage = "This vendor is inactive. Reactivate it before booking it.";
export const vendorHasHistoryMessage =
  "This vendor has bookings, expenses or payments on record, so it cannot be deleted. Deactivate it instead.";
export const bookingRateMessage = "Rate must be an amount such as 150 or 150.50.";
export const bookingStatusMessage = "Status must be booked, confirmed or cancelled.";

/** numeric(10,2): up to 8 digits before the point, 2 after, never negative. */
const rate = z
  .string(bookingRateMessage)
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, bookingRateMessage)
  .nullable();
const bookingDescription = z
  .string()
  .trim()
  .max(limits.shortText, `Description can be at most ${limits.shortText} characters.`)
  .nullable();

/** POST /api/admin/vendor-bookings: the session decides the retreat and the times. */
export const createVendorBookingSchema = z.strictObject({
  vendorId: z.uuid("Please choose a vendor."),
  retreatSessionId: z.uuid("Please choose a session."),
  rate: rate.default(null),
  description: bookingDescription.default(null),
});
export type CreateVendorBookingInput = z.input<typeof createVendorBookingSchema>;

/** PATCH /api/admin/vendor-bookings/{id}. */
export const updateVendorBookingSchema = z
  .strictObject({
    status: z.enum(vendorBookingStatuses, bookingStatusMessage),
    rate,
    description: bookingDescription,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to update." });
export type UpdateVendorBookingInput = z.infer<typeof updateVendorBookingSchema>;

export const vendorBookingListQuerySchema = z.object({ retreatId: z.uuid("Retreat id must be a uuid.").optional() });
export const vendorBookingIdParamsSchema = z.object({ id: z.uuid("Booking id must be a uuid.") });

/** A booking as the admin sees it, with the vendor's name and the session's title and times. */
export const adminVendorBookingSchema = z.object({
  id: z.string(),
  retreatId: z.string().nullable(),
  vendorId: z.string(),
  vendorName: z.string(),
  vendorActive: z.boolean(),
  retreatSessionId: z.string().nullable(),
  sessionTitle: z.string().nullable(),
  /** Instants, ISO 8601 in UTC: the session's while it exists, else the times copied at booking. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  rate: z.string().nullable(),
  description: z.string().nullable(),
  status: z.string(),
});
export type AdminVendorBooking = z.infer<typeof adminVendorBookingSchema>;
