import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GuestCandidate, InviteGuestResponse } from "../../../shared/schemas/guests";
import { serverMessage } from "../../lib/api-error-message";
import { apiRequest } from "../../lib/api-request";
import { invalidateByPrefix } from "../../lib/invalidate-by-prefix";
import { toast } from "../../lib/use-toast";

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (applicationId: string) =>
      (await (await apiRequest("POST", guestsPath, { applicationId })).json()) as InviteGuestResponse,
    onSuccess: (result) => {
      toast({
        title: result.linked ? "Guest account linked" : "Guest invited",
        description: result.setPasswordLinkSent
          ? `We emailed ${result.email} a link to set their password.`
          : `${result.email} can now see this retreat in the guest portal.`,
      });
      void invalidateByPrefix(queryClient, guestsPath);
    },
    onError: (error) =>
      toast({
        title: "Failed to invite guest",
        description: serverMessage(error) ?? "Please try again.",
        variant: "destructive",
      }),
  });
}
