import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CampaignValues } from "../../../../shared/schemas/email-campaigns";
import { serverMessage } from "../../../lib/api-error-message";
import { apiRequest } from "../../../lib/api-request";
import { toast } from "../../../lib/use-toast";
import { invalidateByPrefix } from "../../../lib/invalidate-by-prefix";
import { marketingTemplatesPath } from "../templates/paths";
import { campaignPath, campaignsPath } from "./paths";

/** Campaign writes change the list and counters, and a new campaign bumps its template's usageCount. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateByPrefix(queryClient, campaignsPath, marketingTemplatesPath);
}

/** Error toasts carry the server's message (a 409 says why a send or cancel was refused). */
export function failureToast(title: string, error: unknown) {
  toast({ title, description: serverMessage(error) ?? "Please try again.", variant: "destructive" });
}

/** Create a draft (no id) or update one. Errors stay in the form (shown inline), no toast. */
export function useSaveCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: string | null; values: CampaignValues }) => {
      await apiRequest(input.id ? "PUT" : "POST", input.id ? campaignPath(input.id) : campaignsPath, input.values);
    },
    onSuccess: (_result, input) => {
      toast({ title: "Campaign saved", description: `"${input.values.name}" is a draft.` });
      void refresh();
    },
  });
}

export function useDeleteCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", campaignPath(id));
    },
    onSuccess: () => {
      toast({ title: "Campaign deleted" });
      void refresh();
    },
    onError: (error) => failureToast("Failed to delete campaign", error),
  });
}

export function useDuplicateCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (campaign: { id: string; name: string }) => {
      await apiRequest("POST", campaignPath(campaign.id, "duplicate"));
    },
    onSuccess: (_result, campaign) => {
      toast({ title: "Campaign duplicated", description: `"Copy of ${campaign.name}" is a new draft.` });
      void refresh();
    },
    onError: (error) => failureToast("Failed to duplicate campaign", error),
  });
}

export function useCancelCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("POST", campaignPath(id, "cancel"));
    },
    onSuccess: () => {
      toast({ title: "Campaign cancelled", description: "Messages not yet sent will not be sent." });
      void refresh();
    },
    onError: (error) => {
      failureToast("Failed to cancel campaign", error);
      // A 409 usually means the campaign moved on (it finished): show its real state.
      void refresh();
    },
  });
}

export function useSendCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: string; scheduledAt?: string }) => {
      await apiRequest(
        "POST",
        campaignPath(input.id, "send"),
        input.scheduledAt ? { scheduledAt: input.scheduledAt } : {},
      );
    },
    onSuccess: (_result, input) => {
      toast(input.scheduledAt ? { title: "Campaign scheduled" } : { title: "Campaign is sending" });
      void refresh();
    },
    onError: (error) => failureToast("Failed to send campaign", error),
  });
}

export function useTestSend() {
  return useMutation({
    mutationFn: async (input: { id: string; email: string }) => {
      await apiRequest("POST", campaignPath(input.id, "test"), { email: input.email });
    },
    onSuccess: (_result, input) => toast({ title: `Test email sent to ${input.email}` }),
    onError: (error) => failureToast("Failed to send test email", error),
  });
}
