import { useQuery } from "@tanstack/react-query";
import type { GuestCandidate, InviteGuestResponse } from "../../../shared/schemas/guests";
import type { Assignee } from "../../../shared/schemas/tasks";
import type { AdminVendorBooking, VendorDto } from "../../../shared/schemas/vendors";
import { useWrite } from "../../lib/use-write";
import { assigneesPath } from "../tasks/tasks-api";

export const sessionsPath = "/api/admin/sessions";
export const roomsPath = "/api/admin/rooms";
export const assignmentsPath = "/api/admin/room-assignments";
export const vendorsPath = "/api/admin/vendors";
export const vendorBookingsPath = "/api/admin/vendor-bookings";
export const guestsPath = "/api/admin/guests";

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

/** Applicants with a place at a retreat (the current one by default) and their portal accounts. */
export function useGuestCandidates(retreatId?: string | null) {
  return useQuery<GuestCandidate[]>({ queryKey: [retreatId ? `${guestsPath}?retreatId=${retreatId}` : guestsPath] });
}

/**
 * Invites an accepted application to the guest portal (POST /api/admin/guests): the Schedule
 * tab's Guests section and the application detail both use it, so both say the same thing.
 */
export function useInviteGuest() {
  return useWrite<string, InviteGuestResponse>({
    request: (applicationId) => ({ method: "POST", path: guestsPath, body: { applicationId } }),
    success: (result) => ({
      title: result.linked ? "Guest account linked" : "Guest invited",
      description: result.setPasswordLinkSent
        ? `We emailed ${result.email} a link to set their password.`
        : `${result.email} can now see this retreat in the guest portal.`,
    }),
    failure: "Failed to invite guest",
    refresh: [guestsPath],
  });
}
