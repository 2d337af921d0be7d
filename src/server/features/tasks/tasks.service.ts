import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { displayName } from "../../../shared/display/people";
import {
  type Assignee,
  type CreateTaskInput,
  completedAtFor,
  createTaskSchema,
  invalidAssigneeMessage,
  noRetreatMessage,
  type TaskAction,
  type TaskDto,
  type TaskStatus,
  type TaskStatusVia,
  taskActions,
  transitionError,
  type UpdateTaskInput,
} from "../../../shared/schemas/tasks";
import type { Db } from "../../db/client";
import { retreatRowOr404 } from "../../db/current-retreat";
import { tasks, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { getCurrentRetreat } from "../retreats/retreats.service";

type TaskRow = typeof tasks.$inferSelect;

/** Roles a task may be assigned to. */
export const assignableRoles = ["owner", "staff", "vendor"] as const;

/**
 * Tasks made from a template carry `{ kind: "task-template", templateId }` in `attachments`
 * (no schema change needed): it survives renaming the task or the template, so applying the
 * checklist again can tell which templates a retreat already has.
 */
export const templateMarker = (templateId: string) => ({ kind: "task-template", templateId });

function templateIdOf(row: TaskRow): string | null {
  for (const item of row.attachments ?? []) {
    const marker = item as { kind?: unknown; templateId?: unknown } | null;
    if (marker?.kind === "task-template" && typeof marker.templateId === "string") return marker.templateId;
  }
  return null;
}

export function toTaskDto(row: TaskRow, assigneeName: string | null): TaskDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    priority: row.priority as TaskDto["priority"],
    status: row.status as TaskDto["status"],
    dueDate: row.dueDate?.toISOString() ?? null,
    assigneeId: row.assigneeId,
    assigneeName,
    category: row.category,
    retreatId: row.retreatId,
    templateId: templateIdOf(row),
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a task. */
function auditView(row: TaskRow) {
  const { title, description, priority, status, assigneeId, category, retreatId, content } = row;
  return {
    title,
    description,
    priority,
    status,
    assigneeId,
    category,
    retreatId,
    content,
    dueDate: row.dueDate?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

function changedValues(before: TaskRow, after: TaskRow) {
  const oldView = auditView(before);
  const newView = auditView(after);
  const keys = (Object.keys(newView) as (keyof typeof newView)[]).filter((k) => oldView[k] !== newView[k]);
  return {
    oldValues: Object.fromEntries(keys.map((k) => [k, oldView[k]])),
    newValues: Object.fromEntries(keys.map((k) => [k, newView[k]])),
  };
}

export async function listTasks(
  db: Db,
  filter: { retreatId?: string; status?: TaskStatus; assigneeId?: string },
): Promise<TaskDto[]> {
  const where: SQL[] = [];
  if (filter.retreatId) {
    await retreatRowOr404(db, filter.retreatId);
    where.push(eq(tasks.retreatId, filter.retreatId));
  }
  if (filter.status) where.push(eq(tasks.status, filter.status));
  if (filter.assigneeId) where.push(eq(tasks.assigneeId, filter.assigneeId));
  const rows = await db
    // Flat columns, not a nested `user: {...}` object: Drizzle turns a left-joined nested object
    // into null when its first column is null, so an assignee without a first name read as
    // "Unassigned" (issue 16). The email is never null for a joined user.
    .select({
      task: tasks,
      assigneeFirstName: users.firstName,
      assigneeLastName: users.lastName,
      assigneeEmail: users.email,
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assigneeId))
    .where(where.length ? and(...where) : undefined)
    // Soonest due first, undated last; the most recently completed first within Completed is the client's job.
    .orderBy(sql`${tasks.dueDate} asc nulls last`, desc(tasks.updatedAt), asc(tasks.id));
  return rows.map((r) =>
    toTaskDto(
      r.task,
      r.assigneeEmail === null
        ? null
        : displayName({ firstName: r.assigneeFirstName, lastName: r.assigneeLastName, email: r.assigneeEmail }),
    ),
  );
}

async function taskDto(db: Db, row: TaskRow): Promise<TaskDto> {
  if (!row.assigneeId) return toTaskDto(row, null);
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, row.assigneeId));
  return toTaskDto(row, u ? displayName(u) : null);
}

/** Active users a task may be given to, for the form's picker. */
export async function listAssignees(db: Db): Promise<Assignee[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.isActive, true), inArray(users.role, [...assignableRoles])))
    .orderBy(asc(users.firstName), asc(users.email));
  return rows.map((u) => ({ id: u.id, name: displayName(u), role: u.role }));
}

async function checkAssignee(db: Db, assigneeId: string | null | undefined): Promise<void> {
  if (!assigneeId) return;
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, assigneeId), eq(users.isActive, true), inArray(users.role, [...assignableRoles])));
  if (!u)
    throw new AppError("bad_request", invalidAssigneeMessage, [
      { path: "assigneeId", message: invalidAssigneeMessage },
    ]);
}

export async function createTask(db: Db, input: CreateTaskInput, actor: Actor): Promise<TaskDto> {
  const data = createTaskSchema.parse(input);
  await checkAssignee(db, data.assigneeId);
  const retreatId = data.retreatId ?? (await getCurrentRetreat(db))?.id;
  if (!retreatId) throw new AppError("conflict", noRetreatMessage);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tasks)
      .values({
        title: data.title,
        description: data.description,
        priority: data.priority,
        assigneeId: data.assigneeId,
        dueDate: data.dueDate ? new Date(data.dueDate) : null,
        category: data.category,
        content: data.content ?? null,
        retreatId,
      })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "task",
      entityId: created!.id,
      newValues: auditView(created!),
    });
    return taskDto(tx, created!);
  });
}

async function lockTask(tx: Db, id: string): Promise<TaskRow> {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for("update");
  if (!row) throw new AppError("not_found", "Task not found.");
  return row;
}

export async function updateTask(db: Db, id: string, patch: UpdateTaskInput, actor: Actor): Promise<TaskDto> {
  await checkAssignee(db, patch.assigneeId);
  return db.transaction(async (tx) => {
    const before = await lockTask(tx, id);
    const { dueDate, ...rest } = patch;
    const [after] = await tx
      .update(tasks)
      .set({ ...rest, ...(dueDate !== undefined ? { dueDate: dueDate ? new Date(dueDate) : null } : {}) })
      .where(eq(tasks.id, id))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "update",
      entityType: "task",
      entityId: id,
      ...changedValues(before, after!),
    });
    return taskDto(tx, after!);
  });
}

/**
 * Moves a task to `to`. The shared workflow decides what is allowed (409 otherwise);
 * `onlyAssignee` limits the change to that user's own tasks and answers 404 for any other, so a
 * vendor cannot learn that someone else's task exists.
 */
export async function changeTaskStatus(
  db: Db,
  id: string,
  to: TaskStatus,
  options: { via: TaskStatusVia; actor: Actor; allowed?: readonly TaskAction[]; onlyAssignee?: string },
): Promise<TaskDto> {
  return db.transaction(async (tx) => {
    const before = await lockTask(tx, id);
    if (options.onlyAssignee !== undefined && before.assigneeId !== options.onlyAssignee) {
      throw new AppError("not_found", "Task not found.");
    }
    const refusal = transitionError(before.status as TaskStatus, to, options.via, options.allowed ?? taskActions);
    if (refusal) throw new AppError("conflict", refusal);
    const [after] = await tx
      .update(tasks)
      .set({ status: to, completedAt: completedAtFor(to, before.completedAt, new Date()) })
      .where(eq(tasks.id, id))
      .returning();
    await recordAudit(tx, {
      ...options.actor,
      action: "status_change",
      entityType: "task",
      entityId: id,
      ...changedValues(before, after!),
    });
    return taskDto(tx, after!);
  });
}

export async function deleteTask(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockTask(tx, id);
    await tx.delete(tasks).where(eq(tasks.id, id));
    await recordAudit(tx, {
      ...actor,
      action: "delete",
      entityType: "task",
      entityId: id,
      oldValues: auditView(before),
    });
  });
}

/** The vendor portal's list: only tasks assigned to this user, with counts per status. */
export async function listOwnTasks(db: Db, userId: string) {
  const own = await listTasks(db, { assigneeId: userId });
  const count = (s: TaskStatus) => own.filter((t) => t.status === s).length;
  return {
    tasks: own,
    counts: {
      pending: count("pending"),
      inProgress: count("in_progress"),
      review: count("review"),
      completed: count("completed"),
    },
  };
}
