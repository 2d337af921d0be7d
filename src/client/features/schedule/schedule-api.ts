import { useQuery } from "@tanstack/react-query";
import type { GuestCandidate, InviteGuestResponse } from "../../../shared/schemas/guests";
import { useWrite } from "../../lib/use-write";

export const sessionsPath = "/api/admin/sessions";
export const roomsPath = "/api/admin/rooms";
export const assignmentsPath = "/api/admin/room-assignments";
export const guestsPath = "/api/admin/guests";

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
