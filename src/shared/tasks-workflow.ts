// The task board's workflow (statuses, labels, buttons, allowed moves), kept apart from the zod
// schemas (tasks.ts re-exports it): the vendor portal shows it without the validation library
// (decision 021).

export const taskPriorities = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof taskPriorities)[number];
export const taskStatuses = ["pending", "in_progress", "review", "completed"] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** Column headings of the board (spec section 2). */
export const taskStatusLabels: Record<TaskStatus, string> = {
  pending: "Pending",
  in_progress: "In Progress",
  review: "Review",
  completed: "Completed",
};

export const taskPriorityLabels: Record<TaskPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/**
 * The board's buttons, the one source of the workflow for the client and the server: Start,
 * Complete (hands the work over for review), Approve and Revise (send it back).
 */
export const taskActions = [
  { action: "start", label: "Start", from: "pending", to: "in_progress" },
  { action: "complete", label: "Complete", from: "in_progress", to: "review" },
  { action: "approve", label: "Approve", from: "review", to: "completed" },
  { action: "revise", label: "Revise", from: "review", to: "in_progress" },
] as const satisfies readonly { action: string; label: string; from: TaskStatus; to: TaskStatus }[];
export type TaskAction = (typeof taskActions)[number];

/** Vendors may only start and complete their own work; approving stays with staff. */
export const vendorTaskActions = taskActions.filter((a) => a.action === "start" || a.action === "complete");

/** How a status change was asked for: a workflow button, or an explicit move (drag or "Move to"). */
export type TaskStatusVia = "button" | "move";

export function actionsFor(status: TaskStatus, allowed: readonly TaskAction[] = taskActions): TaskAction[] {
  return allowed.filter((a) => a.from === status);
}

/**
 * Whether `from` -> `to` is allowed. Buttons follow the workflow; a move (a deliberate drag or
 * "Move to") may go to any other column. Returns the refusal message, or null when allowed.
 */
export function transitionError(
  from: TaskStatus,
  to: TaskStatus,
  via: TaskStatusVia,
  allowed: readonly TaskAction[] = taskActions,
): string | null {
  if (from === to) return `The task is already ${taskStatusLabels[to]}.`;
  if (via === "move" && allowed === taskActions) return null;
  if (allowed.some((a) => a.from === from && a.to === to)) return null;
  return `A task cannot go from ${taskStatusLabels[from]} to ${taskStatusLabels[to]}.`;
}

/** A task not completed whose due date has passed. */
export function isOverdue(task: { dueDate: string | null; status: TaskStatus }, now: Date = new Date()): boolean {
  return task.status !== "completed" && task.dueDate !== null && new Date(task.dueDate).getTime() < now.getTime();
}
