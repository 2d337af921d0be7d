import type {
  AdminApplication,
  AdminApplicationCreateInput,
  AdminApplicationUpdate,
  ApplicationStageValue,
  EscalateResponse,
} from "../../../../shared/schemas/admin-applications";
import { useWrite } from "../../../lib/use-write";
import { dashboardPath } from "../../dashboard/dashboard-api";
import { applicationsPath } from "../applications-api";

/** After any write the pipeline counts and the list may have changed (spec section 4). */
const listsRefresh = [applicationsPath, dashboardPath];

export function useEscalateApplication() {
  return useWrite<{ id: string; stage: ApplicationStageValue; notes?: string; notify: boolean }, EscalateResponse>({
    request: (input) => ({
      method: "POST",
      path: `${applicationsPath}/${input.id}/escalate/${input.stage}`,
      body: { ...(input.notes?.trim() ? { notes: input.notes.trim() } : {}), notify: input.notify },
    }),
    success: (_result, input) => ({
      title: "Stage Updated",
      description: `Application moved to ${input.stage} stage successfully`,
    }),
    failure: "Failed to update application stage",
    refresh: listsRefresh,
  });
}

export function useDeleteApplication() {
  return useWrite({
    request: (id: string) => ({ method: "DELETE", path: `${applicationsPath}/${id}` }),
    success: "Application deleted successfully",
    failure: "Failed to delete application",
    refresh: listsRefresh,
  });
}

export function useUpdateApplication() {
  return useWrite<{ id: string; patch: AdminApplicationUpdate }, AdminApplication>({
    request: (input) => ({ method: "PATCH", path: `${applicationsPath}/${input.id}`, body: input.patch }),
    failure: "Failed to update application",
    refresh: listsRefresh,
  });
}

export function useCreateApplication() {
  return useWrite<AdminApplicationCreateInput, AdminApplication>({
    request: (input) => ({ method: "POST", path: applicationsPath, body: input }),
    success: (created) => ({
      title: "Application added",
      description: `${[created.firstName, created.lastName].filter(Boolean).join(" ")} is in the new stage.`,
    }),
    failure: "Failed to add application",
    refresh: listsRefresh,
  });
}
