import { useQuery } from "@tanstack/react-query";
import type {
  ApplyTemplatesResult,
  CreateTaskInput,
  TaskDto,
  TaskStatus,
  TaskStatusVia,
  TaskTemplateInput,
  UpdateTaskInput,
} from "../../../shared/schemas/tasks";
import { taskStatusLabels } from "../../../shared/tasks-workflow";
import { useWrite } from "../../lib/use-write";
import { seasonUrl, useSeason } from "../admin-shell/use-season";
import { dashboardPath } from "../dashboard/dashboard-api";

export const tasksPath = "/api/admin/tasks";
/** Staff may read it (GET /api/admin/users is owner-only); it lists active owner, staff and vendor users. */
export const assigneesPath = "/api/admin/tasks/assignees";
export const templatesPath = "/api/admin/task-templates";

/** The dashboard's Pending Tasks count changes with the board. */
const boardRefresh = [tasksPath, dashboardPath];

/** The season's tasks (the season switcher's retreat), asked for once the season is known. */
export function useTasks() {
  const season = useSeason();
  return useQuery<TaskDto[]>({ queryKey: [seasonUrl(tasksPath, season.retreatId)], enabled: !season.isLoading });
}

/** A new task belongs to the season the back office shows, unless the caller names a retreat. */
export function useCreateTask() {
  const { retreatId } = useSeason();
  return useWrite<CreateTaskInput, TaskDto>({
    request: (input) => ({
      method: "POST",
      path: tasksPath,
      body: input.retreatId || !retreatId ? input : { ...input, retreatId },
    }),
    success: "Task created successfully",
    failure: "Failed to create task",
    refresh: boardRefresh,
  });
}

export function useUpdateTask() {
  return useWrite<{ id: string; patch: UpdateTaskInput }, TaskDto>({
    request: (input) => ({ method: "PATCH", path: `${tasksPath}/${input.id}`, body: input.patch }),
    success: "Task updated successfully",
    failure: "Failed to update task",
    refresh: boardRefresh,
  });
}

export function useDeleteTask() {
  return useWrite({
    request: (id: string) => ({ method: "DELETE", path: `${tasksPath}/${id}` }),
    success: "Task deleted successfully",
    failure: "Failed to delete task",
    refresh: boardRefresh,
  });
}

export function useChangeTaskStatus() {
  return useWrite<{ task: TaskDto; status: TaskStatus; via: TaskStatusVia }, TaskDto>({
    request: (input) => ({
      method: "POST",
      path: `${tasksPath}/${input.task.id}/status`,
      body: { status: input.status, via: input.via },
    }),
    success: (_task, input) => ({
      title: "Task updated",
      description: `"${input.task.title}" moved to ${taskStatusLabels[input.status]}.`,
    }),
    failure: "Failed to update task",
    refresh: boardRefresh,
    refreshOnError: true,
  });
}

/** The checklist templates a season uses (its own, else the defaults); the current season's without one. */
export function seasonTemplatesPath(retreatId: string | undefined): string {
  return retreatId ? `${templatesPath}?retreatId=${retreatId}` : templatesPath;
}

/** Edit a template, or add one to the list the season uses. */
export function useSaveTemplate() {
  return useWrite({
    request: (input: { id?: string; template: TaskTemplateInput; retreatId?: string }) =>
      input.id
        ? { method: "PUT", path: `${templatesPath}/${input.id}`, body: input.template }
        : {
            method: "POST",
            path: templatesPath,
            body: input.retreatId ? { ...input.template, retreatId: input.retreatId } : input.template,
          },
    success: "Template saved",
    failure: "Failed to save template",
    refresh: [templatesPath],
  });
}

export function useDeleteTemplate() {
  return useWrite({
    request: (id: string) => ({ method: "DELETE", path: `${templatesPath}/${id}` }),
    success: "Template deleted",
    failure: "Failed to delete template",
    refresh: [templatesPath],
  });
}

/** "Create season checklist": the templates become tasks of the season the back office shows. */
export function useApplyTemplates() {
  return useWrite<string | undefined, ApplyTemplatesResult>({
    request: (retreatId) => ({ method: "POST", path: `${templatesPath}/apply`, body: retreatId ? { retreatId } : {} }),
    success: (result) => {
      const skipped = result.skipped ? ` ${result.skipped} already on the board.` : "";
      const undated = result.dated ? "" : " The retreat has no start date yet, so they have no due dates.";
      return { title: "Season checklist created", description: `${result.created} tasks added.${skipped}${undated}` };
    },
    failure: "Failed to create season checklist",
    refresh: boardRefresh,
  });
}
