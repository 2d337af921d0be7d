import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminApplication,
  AdminApplicationCreateInput,
  AdminApplicationUpdate,
  ApplicationStageValue,
  EscalateResponse,
} from "../../../../shared/schemas/admin-applications";
import { serverMessage } from "../../../lib/api-error-message";
import { apiRequest } from "../../../lib/api-request";
import { toast } from "../../../lib/use-toast";
import { invalidateByPrefix } from "../../../lib/invalidate-by-prefix";
import { applicationsPath, dashboardPath } from "./list-query";

/** After any write the pipeline counts and the list may have changed (spec section 4). */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => invalidateByPrefix(queryClient, applicationsPath, dashboardPath);
}

/** "Failed to …" toasts carry the server's message when there is one (spec section 8). */
function failure(title: string, error: unknown) {
  toast({ title, description: serverMessage(error) ?? "Please try again.", variant: "destructive" });
}

export function useEscalateApplication() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: async (input: { id: string; stage: ApplicationStageValue; notes?: string; notify: boolean }) => {
      const res = await apiRequest("POST", `${applicationsPath}/${input.id}/escalate/${input.stage}`, {
        ...(input.notes?.trim() ? { notes: input.notes.trim() } : {}),
        notify: input.notify,
      });
      return (await res.json()) as EscalateResponse;
    },
    onSuccess: (_result, input) => {
      toast({ title: "Stage Updated", description: `Application moved to ${input.stage} stage successfully` });
      void refresh();
    },
    onError: (error) => failure("Failed to update application stage", error),
  });
}

export function useDeleteApplication() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `${applicationsPath}/${id}`);
    },
    onSuccess: () => {
      toast({ title: "Application deleted successfully" });
      void refresh();
    },
    onError: (error) => failure("Failed to delete application", error),
  });
}

export function useUpdateApplication() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: async (input: { id: string; patch: AdminApplicationUpdate }) => {
      const res = await apiRequest("PATCH", `${applicationsPath}/${input.id}`, input.patch);
      return (await res.json()) as AdminApplication;
    },
    onSuccess: () => void refresh(),
    onError: (error) => failure("Failed to update application", error),
  });
}

export function useCreateApplication() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: async (input: AdminApplicationCreateInput) => {
      const res = await apiRequest("POST", applicationsPath, input);
      return (await res.json()) as AdminApplication;
    },
    onSuccess: (created) => {
      toast({
        title: "Application added",
        description: `${[created.firstName, created.lastName].filter(Boolean).join(" ")} is in the new stage.`,
      });
      void refresh();
    },
    onError: (error) => failure("Failed to add application", error),
  });
}
