import { useQueryClient } from "@tanstack/react-query";
import type {
  AdminSubscriber,
  SubscriberCreate,
  SubscriberImportInput,
  SubscriberImportResult,
  SubscriberUpdate,
} from "../../../../shared/schemas/email-subscribers";
import { apiRequest } from "../../../lib/api-request";
import { invalidateByPrefix } from "../../../lib/invalidate-by-prefix";
import { useWrite } from "../../../lib/use-write";
import { subscriberImportPath, subscribersPath } from "../email-marketing-api";

/*
 * Failures are not toasted: every write here runs from a dialog that shows the server's message
 * in its own role="alert" line, and at 375 px a toast would cover the dialog's buttons.
 */

export function useCreateSubscriber() {
  return useWrite({
    mutationFn: async (input: SubscriberCreate) => {
      const res = await apiRequest("POST", subscribersPath, input);
      return ((await res.json()) as { subscriber: AdminSubscriber }).subscriber;
    },
    success: (created) => ({ title: "Subscriber added", description: `${created.email} is on the list.` }),
    refresh: [subscribersPath],
  });
}

export function useUpdateSubscriber() {
  return useWrite({
    mutationFn: async (input: { id: string; patch: SubscriberUpdate }) => {
      const res = await apiRequest("PATCH", `${subscribersPath}/${input.id}`, input.patch);
      return ((await res.json()) as { subscriber: AdminSubscriber }).subscriber;
    },
    refresh: [subscribersPath],
  });
}

export function useDeleteSubscriber() {
  return useWrite({
    request: (subscriber: AdminSubscriber) => ({ method: "DELETE", path: `${subscribersPath}/${subscriber.id}` }),
    success: (_result, subscriber) => ({
      title: "Subscriber deleted",
      description: `${subscriber.email} was removed.`,
    }),
    refresh: [subscribersPath],
  });
}

/** The preview (dryRun) changes nothing, so only the real import refreshes the list. */
export function useImportSubscribers() {
  const queryClient = useQueryClient();
  return useWrite<SubscriberImportInput, SubscriberImportResult>({
    request: (input) => ({ method: "POST", path: subscriberImportPath, body: input }),
    // Any write can change the list, its summary figures and the tags in use (all under one prefix).
    onSuccess: (result) => {
      if (!result.dryRun) void invalidateByPrefix(queryClient, subscribersPath);
    },
  });
}
