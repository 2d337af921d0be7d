import { useQuery } from "@tanstack/react-query";
import type { GuestCandidate, InviteGuestResponse } from "../../../shared/schemas/guests";
import type { RoomBoard } from "../../../shared/schemas/rooms";
import type { SessionListResponse } from "../../../shared/schemas/schedule";
import { useWrite } from "../../lib/use-write";
import { seasonUrl, useSeason } from "../admin-shell/use-season";

export const sessionsPath = "/api/admin/sessions";
export const roomsPath = "/api/admin/rooms";
export const assignmentsPath = "/api/admin/room-assignments";
export const guestsPath = "/api/admin/guests";

/** Applicants with a place at a retreat (the current one by default) and their portal accounts. */
export function useGuestCandidates(retreatId?: string | null, enabled = true) {
  return useQuery<GuestCandidate[]>({
    queryKey: [retreatId ? `${guestsPath}?retreatId=${retreatId}` : guestsPath],
    enabled,
  });
}

/** The season's programme (the season switcher's retreat), with the retreat's dates and zone. */
export function useSessions() {
  const season = useSeason();
  return useQuery<SessionListResponse>({
    queryKey: [seasonUrl(sessionsPath, season.retreatId)],
    enabled: !season.isLoading,
  });
}

/** The season's room board. */
export function useRoomBoard() {
  const season = useSeason();
  return useQuery<RoomBoard>({ queryKey: [seasonUrl(roomsPath, season.retreatId)], enabled: !season.isLoading });
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
