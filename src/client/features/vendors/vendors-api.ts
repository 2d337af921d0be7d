import { useQuery } from "@tanstack/react-query";
import type { Assignee } from "../../../shared/schemas/tasks";
import type { AdminVendorBooking, VendorDto } from "../../../shared/schemas/vendors";
import { seasonUrl, useSeason } from "../admin-shell/use-season";
import { assigneesPath } from "../tasks/tasks-api";

/** The admin's vendor records and bookings (the Schedule tab's Vendors section). */
export const vendorsPath = "/api/admin/vendors";
export const vendorBookingsPath = "/api/admin/vendor-bookings";

export function useVendors() {
  return useQuery<VendorDto[]>({ queryKey: [vendorsPath] });
}

export function useVendorBookings() {
  const season = useSeason();
  return useQuery<AdminVendorBooking[]>({
    queryKey: [seasonUrl(vendorBookingsPath, season.retreatId)],
    enabled: !season.isLoading,
  });
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

/** The vendor portal's reads (query keys are these URLs, spec section 7). */
export const vendorTasksPath = "/api/vendor/tasks";
export const vendorSchedulePath = "/api/vendor/schedule";
export const vendorTaskStatusPath = (taskId: string) => `${vendorTasksPath}/${taskId}/status`;
