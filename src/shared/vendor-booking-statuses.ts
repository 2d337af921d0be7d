// A vendor booking's statuses and their words, kept apart from the zod schemas (vendors.ts
// re-exports them): the schedule tab lists bookings without the validation library (decision 024).

export const vendorBookingStatuses = ["booked", "confirmed", "cancelled"] as const;
export type VendorBookingStatus = (typeof vendorBookingStatuses)[number];
export const vendorBookingStatusLabels: Record<VendorBookingStatus, string> = {
  booked: "Booked",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
};
