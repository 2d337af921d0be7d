import { z } from "zod";
import { type TaskStatus, taskPriorities, taskStatuses } from "../tasks-workflow";
import { limits } from "./common";

export {
  actionsFor,
  isOverdue,
  type TaskAction,
  type TaskPriority,
  type TaskStatus,
  type TaskStatusVia,
  taskActions,
  taskPriorities,
  taskPriorityLabels,
  taskStatuses,
  taskStatusLabels,
  transitionError,
  vendorTaskActions,
} from "../tasks-workflow";

/** completedAt is set when a task reaches Completed and cleared when it leaves it. */
export function completedAtFor(to: TaskStatus, previous: Date | null, now: Date): Date | null {
  if (to !== "completed") return null;
  return previous ?? now;
}

export const titleRequiredMessage = "Title is required.";
export const descriptionRequiredMessage = "Description is required.";
export const invalidAssigneeMessage = "The assignee must be an active owner, staff or vendor user.";
export const noRetreatMessage = "There is no current retreat to add the task to.";
export const invalidDueDateMessage = "Enter a valid due date.";

const isoDate = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), invalidDueDateMessage);

const taskFields = {
  title: z
    .string()
    .trim()
    .min(1, titleRequiredMessage)
    .max(limits.name, `Title can be at most ${limits.name} characters.`),
  description: z
    .string()
    .trim()
    .min(1, descriptionRequiredMessage)
    .max(limits.longText, `Description can be at most ${limits.longText} characters.`),
  priority: z.enum(taskPriorities, "Choose a priority: low, medium, high or urgent."),
  assigneeId: z.uuid("Choose a valid assignee.").nullable(),
  dueDate: isoDate.nullable(),
  category: z.string().trim().min(1, "Category is required.").max(100, "Category can be at most 100 characters."),
  content: z.string().max(limits.longText).nullable(),
  retreatId: z.uuid("Choose a valid retreat."),
};

/** POST /api/admin/tasks (spec section 7). */
export const createTaskSchema = z.strictObject({
  title: taskFields.title,
  description: taskFields.description,
  priority: taskFields.priority.default("medium"),
  assigneeId: taskFields.assigneeId.default(null),
  dueDate: taskFields.dueDate.default(null),
  category: taskFields.category.default("general"),
  content: taskFields.content.optional(),
  retreatId: taskFields.retreatId.nullish(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/** PATCH /api/admin/tasks/{id}: any subset of the editable fields (status has its own call). */
export const updateTaskSchema = z
  .strictObject({
    title: taskFields.title,
    description: taskFields.description,
    priority: taskFields.priority,
    assigneeId: taskFields.assigneeId,
    dueDate: taskFields.dueDate,
    category: taskFields.category,
    content: taskFields.content,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to update." });
export type UpdateTaskInput = z.infer<typeof updateTaskSchema>;

/** POST /api/admin/tasks/{id}/status. */
export const taskStatusChangeSchema = z.strictObject({
  status: z.enum(taskStatuses, "Choose a valid status."),
  via: z.enum(["button", "move"]).default("button"),
});
export type TaskStatusChange = z.input<typeof taskStatusChangeSchema>;

/** POST /api/vendor/tasks/{id}/status: only the vendor's buttons. */
export const vendorTaskStatusChangeSchema = z.strictObject({ status: z.enum(["in_progress", "review"]) });

export const taskListQuerySchema = z.object({
  retreatId: z.uuid().optional(),
  status: z.enum(taskStatuses).optional(),
  assigneeId: z.uuid().optional(),
});

export const idParamsSchema = z.object({ id: z.uuid("Not found.") });

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  priority: z.enum(taskPriorities),
  status: z.enum(taskStatuses),
  dueDate: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  category: z.string(),
  retreatId: z.string().nullable(),
  /** The template this task was created from, if any ("Create season checklist"). */
  templateId: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskDto = z.infer<typeof taskSchema>;

export const assigneeSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

export const taskTemplateInputSchema = z.strictObject({
  title: taskFields.title,
  description: z.string().trim().max(limits.longText).nullable().default(null),
  category: taskFields.category.default("general"),
  priority: taskFields.priority.default("medium"),
  dueOffsetDays: z
    .number("Days from the retreat start must be a whole number.")
    .int("Days from the retreat start must be a whole number.")
    .min(-730, "At most two years before the retreat.")
    .max(365, "At most a year after the retreat starts.")
    .nullable()
    .default(null),
  assigneeRole: z.enum(["owner", "staff", "vendor"]).nullable().default(null),
  isActive: z.boolean().default(true),
});
export type TaskTemplateInput = z.input<typeof taskTemplateInputSchema>;

/**
 * POST /api/admin/task-templates: a template for the season named (default: the current one). It
 * joins the list that season uses: its own templates when it has any, else the defaults.
 */
export const taskTemplateCreateSchema = taskTemplateInputSchema.extend({
  retreatId: z.uuid("Choose a valid retreat.").nullish(),
});
export type TaskTemplateCreateInput = z.input<typeof taskTemplateCreateSchema>;

/** GET /api/admin/task-templates?retreatId=: the season's own templates, else the defaults. */
export const taskTemplateListQuerySchema = z.strictObject({
  retreatId: z.uuid("Choose a valid retreat.").optional(),
});

export const taskTemplateSchema = z.object({
  id: z.string(),
  /** The season this template belongs to; null: a default offered to every season without its own. */
  retreatId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  priority: z.enum(taskPriorities),
  dueOffsetDays: z.number().nullable(),
  assigneeRole: z.string().nullable(),
  isActive: z.boolean(),
});
export type TaskTemplateDto = z.infer<typeof taskTemplateSchema>;

export const applyTemplatesSchema = z.strictObject({ retreatId: z.uuid("Choose a valid retreat.").nullish() });
export const applyTemplatesResultSchema = z.object({
  created: z.number(),
  skipped: z.number(),
  /** False when the retreat has no start date yet: the tasks were created without due dates. */
  dated: z.boolean(),
});
export type ApplyTemplatesResult = z.infer<typeof applyTemplatesResultSchema>;

/** Due date of a template task: the retreat's first day plus the offset, at noon UTC (same calendar day in every zone from UTC-11 to UTC+11). */
export function templateDueDate(startDate: string | null, offsetDays: number | null): Date | null {
  if (!startDate || offsetDays === null) return null;
  const due = new Date(`${startDate}T12:00:00.000Z`);
  due.setUTCDate(due.getUTCDate() + offsetDays);
  return due;
}

// ---------------------------------------------------------------------------------------------
// Vendor portal
// ---------------------------------------------------------------------------------------------

export const vendorTaskListSchema = z.object({
  tasks: z.array(taskSchema),
  counts: z.object({ pending: z.number(), inProgress: z.number(), review: z.number(), completed: z.number() }),
});
export type VendorTaskList = z.infer<typeof vendorTaskListSchema>;
