import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ApplyTemplatesResult,
  CreateTaskInput,
  TaskDto,
  TaskStatus,
  TaskStatusVia,
  TaskTemplateInput,
  UpdateTaskInput,
} from "../../../shared/schemas/tasks";
import { taskStatusLabels } from "../../../shared/schemas/tasks";
import { serverMessage } from "../../lib/api-error-message";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/use-toast";
import { invalidateByPrefix } from "../../lib/invalidate-by-prefix";

export const tasksPath = "/api/admin/tasks";
export const assigneesPath = "/api/admin/tasks/assignees";
export const templatesPath = "/api/admin/task-templates";
const dashboardPath = "/api/admin/dashboard";

/** "Failed to …" toasts carry the server's message when there is one (spec section 8). */
export function failure(title: string, error: unknown) {
  toast({ title, description: serverMessage(error) ?? "Please try again.", variant: "destructive" });
}

function useRefresh() {
  const queryClient = useQueryClient();
  // The dashboard's Pending Tasks count changes with the board.
  return () => invalidateByPrefix(queryClient, tasksPath, dashboardPath);
}

export function useCreateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: CreateTaskInput) =>
      (await (await apiRequest("POST", tasksPath, input)).json()) as TaskDto,
    onSuccess: () => {
      toast({ title: "Task created successfully" });
      void refresh();
    },
    onError: (error) => failure("Failed to create task", error),
  });
}

export function useUpdateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id: string; patch: UpdateTaskInput }) =>
      (await (await apiRequest("PATCH", `${tasksPath}/${input.id}`, input.patch)).json()) as TaskDto,
    onSuccess: () => {
      toast({ title: "Task updated successfully" });
      void refresh();
    },
    onError: (error) => failure("Failed to update task", error),
  });
}

export function useDeleteTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `${tasksPath}/${id}`);
    },
    onSuccess: () => {
      toast({ title: "Task deleted successfully" });
      void refresh();
    },
    onError: (error) => failure("Failed to delete task", error),
  });
}

export function useChangeTaskStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { task: TaskDto; status: TaskStatus; via: TaskStatusVia }) =>
      (await (
        await apiRequest("POST", `${tasksPath}/${input.task.id}/status`, { status: input.status, via: input.via })
      ).json()) as TaskDto,
    onSuccess: (_task, input) => {
      toast({
        title: "Task updated",
        description: `"${input.task.title}" moved to ${taskStatusLabels[input.status]}.`,
      });
      void refresh();
    },
    onError: (error) => {
      failure("Failed to update task", error);
      void refresh();
    },
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: string; template: TaskTemplateInput }) =>
      input.id
        ? apiRequest("PUT", `${templatesPath}/${input.id}`, input.template)
        : apiRequest("POST", templatesPath, input.template),
    onSuccess: () => {
      toast({ title: "Template saved" });
      void invalidateByPrefix(queryClient, templatesPath);
    },
    onError: (error) => failure("Failed to save template", error),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest("DELETE", `${templatesPath}/${id}`),
    onSuccess: () => {
      toast({ title: "Template deleted" });
      void invalidateByPrefix(queryClient, templatesPath);
    },
    onError: (error) => failure("Failed to delete template", error),
  });
}

export function useApplyTemplates() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", `${templatesPath}/apply`, {})).json()) as ApplyTemplatesResult,
    onSuccess: (result) => {
      const skipped = result.skipped ? ` ${result.skipped} already on the board.` : "";
      const undated = result.dated ? "" : " The retreat has no start date yet, so they have no due dates.";
      toast({ title: "Season checklist created", description: `${result.created} tasks added.${skipped}${undated}` });
      void refresh();
    },
    onError: (error) => failure("Failed to create season checklist", error),
  });
}
