import { z } from "zod";
import { limits } from "./common";

export const vendorUserInvalidMessage = "The linked user must be an active user with the vendor role.";
export const vendorUserTakenMessage = "That user is already linked to another vendor.";

const optional = (max: number) => z.string().trim().max(max).nullable();

const vendorFields = {
  name: z
    .string()
    .trim()
    .min(1, "Name is required.")
    .max(limits.name, `Name can be at most ${limits.name} characters.`),
  type: optional(100),
  email: z.string().trim().max(limits.email).pipe(z.email("Please enter a valid email address.")).nullable(),
  phone: optional(limits.phone),
  services: z.array(z.string().trim().min(1).max(100)).max(50),
  userId: z.uuid("Choose a valid user.").nullable(),
  notes: optional(limits.longText),
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
});
export type VendorBookingDto = z.infer<typeof vendorBookingSchema>;
export const vendorScheduleSchema = z.object({
  vendorName: z.string().nullable(),
  bookings: z.array(vendorBookingSchema),
});
export type VendorSchedule = z.infer<typeof vendorScheduleSchema>;
