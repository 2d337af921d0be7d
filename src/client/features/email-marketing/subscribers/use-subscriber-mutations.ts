import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminSubscriber,
  SubscriberCreate,
  SubscriberImportInput,
  SubscriberImportResult,
  SubscriberUpdate,
} from "../../../../shared/schemas/email-subscribers";
import { apiRequest } from "../../../lib/api-request";
import { toast } from "../../../lib/use-toast";
import { invalidateByPrefix } from "../../../lib/invalidate-by-prefix";
import { subscriberImportUrl, subscribersPath } from "./subscriber-query";

/** Any write can change the list, its summary figures and the tags in use (all under one prefix). */
function useRefreshSubscribers() {
  const queryClient = useQueryClient();
  return () => invalidateByPrefix(queryClient, subscribersPath);
}

/*
 * Failures are not toasted: every write here runs from a dialog that shows the server's message
 * in its own role="alert" line, and at 375 px a toast would cover the dialog's buttons.
 */

export function useCreateSubscriber() {
  const refresh = useRefreshSubscribers();
  return useMutation({
    mutationFn: async (input: SubscriberCreate) => {
      const res = await apiRequest("POST", subscribersPath, input);
      return ((await res.json()) as { subscriber: AdminSubscriber }).subscriber;
    },
    onSuccess: (created) => {
      toast({ title: "Subscriber added", description: `${created.email} is on the list.` });
      void refresh();
    },
  });
}

export function useUpdateSubscriber() {
  const refresh = useRefreshSubscribers();
  return useMutation({
    mutationFn: async (input: { id: string; patch: SubscriberUpdate }) => {
      const res = await apiRequest("PATCH", `${subscribersPath}/${input.id}`, input.patch);
      return ((await res.json()) as { subscriber: AdminSubscriber }).subscriber;
    },
    onSuccess: () => void refresh(),
  });
}

export function useDeleteSubscriber() {
  const refresh = useRefreshSubscribers();
  return useMutation({
    mutationFn: async (subscriber: AdminSubscriber) => {
      await apiRequest("DELETE", `${subscribersPath}/${subscriber.id}`);
    },
    onSuccess: (_result, subscriber) => {
      toast({ title: "Subscriber deleted", description: `${subscriber.email} was removed.` });
      void refresh();
    },
  });
}

/** The preview (dryRun) changes nothing, so only the real import refreshes the list. */
export function useImportSubscribers() {
  const refresh = useRefreshSubscribers();
  return useMutation({
    mutationFn: async (input: SubscriberImportInput) => {
      const res = await apiRequest("POST", subscriberImportUrl, input);
      return (await res.json()) as SubscriberImportResult;
    },
    onSuccess: (result) => {
      if (!result.dryRun) void refresh();
    },
  });
}
