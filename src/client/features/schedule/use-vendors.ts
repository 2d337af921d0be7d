import { useQuery } from "@tanstack/react-query";
import type { Assignee } from "../../../shared/schemas/tasks";
import type { AdminVendorBooking, VendorDto } from "../../../shared/schemas/vendors";

export const vendorsPath = "/api/admin/vendors";
export const vendorBookingsPath = "/api/admin/vendor-bookings";
/** Staff may read it (GET /api/admin/users is owner-only); it lists active owner, staff and vendor users. */
export const assigneesPath = "/api/admin/tasks/assignees";

export function useVendors() {
  return useQuery<VendorDto[]>({ queryKey: [vendorsPath] });
}

export function useVendorBookings() {
  return useQuery<AdminVendorBooking[]>({ queryKey: [vendorBookingsPath] });
}

/** Active users with the vendor role: the accounts a vendor record can be linked to. */
export function useVendorUsers(enabled = true) {
  const query = useQuery<Assignee[]>({ queryKey: [assigneesPath], enabled });
  return { ...query, data: query.data?.filter((u) => u.role === "vendor") };
}

/**
 * What a write to vendors or bookings refreshes: both lists (a booking shows its vendor's name and
 * active flag, so a vendor edit changes the bookings view too).
 */
export const vendorRefresh = [vendorsPath, vendorBookingsPath] as const;
