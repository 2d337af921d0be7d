import type { CampaignValues } from "../../../../shared/schemas/email-campaigns";
import type { PriorityInviteResult } from "../../../../shared/schemas/retreats-admin";
import { serverMessage } from "../../../lib/api-error-message";
import { toast } from "../../../lib/use-toast";
import { useWrite } from "../../../lib/use-write";
import {
  campaignPath,
  campaignsPath,
  marketingTemplatesPath,
  priorityInvitePath,
  subscribersPath,
} from "../email-marketing-api";

/** Campaign writes change the list and counters, and a new campaign bumps its template's usageCount. */
const campaignRefresh = [campaignsPath, marketingTemplatesPath];

/** Error toasts carry the server's message (a 409 says why a send or cancel was refused). */
export function failureToast(title: string, error: unknown) {
  toast({ title, description: serverMessage(error) ?? "Please try again.", variant: "destructive" });
}

/** Create a draft (no id) or update one. Errors stay in the form (shown inline), no toast. */
export function useSaveCampaign() {
  return useWrite({
    request: (input: { id: string | null; values: CampaignValues }) =>
      input.id
        ? { method: "PUT", path: campaignPath(input.id), body: input.values }
        : { method: "POST", path: campaignsPath, body: input.values },
    success: (_result, input) => ({ title: "Campaign saved", description: `"${input.values.name}" is a draft.` }),
    refresh: campaignRefresh,
  });
}

export function useDeleteCampaign() {
  return useWrite({
    request: (id: string) => ({ method: "DELETE", path: campaignPath(id) }),
    success: "Campaign deleted",
    failure: "Failed to delete campaign",
    refresh: campaignRefresh,
  });
}

export function useDuplicateCampaign() {
  return useWrite({
    request: (campaign: { id: string; name: string }) => ({
      method: "POST",
      path: campaignPath(campaign.id, "duplicate"),
    }),
    success: (_result, campaign) => ({
      title: "Campaign duplicated",
      description: `"Copy of ${campaign.name}" is a new draft.`,
    }),
    failure: "Failed to duplicate campaign",
    refresh: campaignRefresh,
  });
}

export function useCancelCampaign() {
  return useWrite({
    request: (id: string) => ({ method: "POST", path: campaignPath(id, "cancel") }),
    success: { title: "Campaign cancelled", description: "Messages not yet sent will not be sent." },
    failure: "Failed to cancel campaign",
    refresh: campaignRefresh,
    // A 409 usually means the campaign moved on (it finished): show its real state.
    refreshOnError: true,
  });
}

export function useSendCampaign() {
  return useWrite({
    request: (input: { id: string; scheduledAt?: string }) => ({
      method: "POST",
      path: campaignPath(input.id, "send"),
      body: input.scheduledAt ? { scheduledAt: input.scheduledAt } : {},
    }),
    success: (_result, input) => (input.scheduledAt ? "Campaign scheduled" : "Campaign is sending"),
    failure: "Failed to send campaign",
    refresh: campaignRefresh,
  });
}

export function useTestSend() {
  return useWrite({
    request: (input: { id: string; email: string }) => ({
      method: "POST",
      path: campaignPath(input.id, "test"),
      body: { email: input.email },
    }),
    success: (_result, input) => `Test email sent to ${input.email}`,
    failure: "Failed to send test email",
  });
}

/** A draft campaign to a season's priority list; the list is kept as a subscriber tag, so subscribers refresh too. */
export function usePriorityInvite() {
  return useWrite<{ id: string; name: string }, PriorityInviteResult>({
    request: (retreat) => ({ method: "POST", path: priorityInvitePath(retreat.id), body: {} }),
    success: (result) => ({
      title: "Draft campaign written",
      description: `"${result.campaignName}" is a draft for ${peopleCount(result.audienceSize)}. Nothing is sent until you press Send.`,
    }),
    failure: "Failed to invite the priority list",
    refresh: [...campaignRefresh, subscribersPath],
  });
}

/** "1 person", "12 people". */
export function peopleCount(n: number): string {
  return n === 1 ? "1 person" : `${n.toLocaleString("en-GB")} people`;
}
