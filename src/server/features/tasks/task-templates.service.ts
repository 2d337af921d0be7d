import { and, asc, eq, sql } from "drizzle-orm";
import {
  type ApplyTemplatesResult,
  noRetreatMessage,
  type TaskTemplateDto,
  type TaskTemplateInput,
  taskTemplateInputSchema,
  templateDueDate,
} from "../../../shared/schemas/tasks";
import type { Db } from "../../db/client";
import { retreats, tasks, taskTemplates } from "../../db/schema";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { getCurrentRetreat } from "../retreats/retreats.service";
import { templateMarker } from "./tasks.service";

type TemplateRow = typeof taskTemplates.$inferSelect;

function toDto(row: TemplateRow): TaskTemplateDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority as TaskTemplateDto["priority"],
    dueOffsetDays: row.dueOffsetDays,
    assigneeRole: row.assigneeRole,
    isActive: row.isActive,
  };
}

function auditView(row: TemplateRow) {
  const { title, description, category, priority, dueOffsetDays, assigneeRole, isActive } = row;
  return { title, description, category, priority, dueOffsetDays, assigneeRole, isActive };
}

export async function listTemplates(db: Db): Promise<TaskTemplateDto[]> {
  const rows = await db
    .select()
    .from(taskTemplates)
    .orderBy(sql`${taskTemplates.dueOffsetDays} asc nulls last`, asc(taskTemplates.title));
  return rows.map(toDto);
}

export async function createTemplate(db: Db, input: TaskTemplateInput, actor: Actor): Promise<TaskTemplateDto> {
  const data = taskTemplateInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(taskTemplates).values(data).returning();
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "task_template",
      entityId: row!.id,
      newValues: auditView(row!),
    });
    return toDto(row!);
  });
}

export async function updateTemplate(
  db: Db,
  id: string,
  input: TaskTemplateInput,
  actor: Actor,
): Promise<TaskTemplateDto> {
  const data = taskTemplateInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(taskTemplates).where(eq(taskTemplates.id, id)).for("update");
    if (!before) throw new AppError("not_found", "Template not found.");
    const [after] = await tx.update(taskTemplates).set(data).where(eq(taskTemplates.id, id)).returning();
    await recordAudit(tx, {
      ...actor,
      action: "update",
      entityType: "task_template",
      entityId: id,
      oldValues: auditView(before),
      newValues: auditView(after!),
    });
    return toDto(after!);
  });
}

export async function deleteTemplate(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(taskTemplates).where(eq(taskTemplates.id, id)).returning();
    if (!before) throw new AppError("not_found", "Template not found.");
    await recordAudit(tx, {
      ...actor,
      action: "delete",
      entityType: "task_template",
      entityId: id,
      oldValues: auditView(before),
    });
  });
}

/**
 * "Create season checklist": one task per active template, due `dueOffsetDays` after the
 * retreat's first day (negative: before). Idempotent per retreat: a template already applied to
 * the retreat (its marker is on one of the retreat's tasks) is skipped, and the retreat row is
 * locked so two people applying at once cannot both create the tasks.
 */
export async function applyTemplates(
  db: Db,
  retreatIdInput: string | null | undefined,
  actor: Actor,
): Promise<ApplyTemplatesResult> {
  const retreatId = retreatIdInput ?? (await getCurrentRetreat(db))?.id;
  if (!retreatId) throw new AppError("conflict", noRetreatMessage);
  return db.transaction(async (tx) => {
    const [retreat] = await tx.select().from(retreats).where(eq(retreats.id, retreatId)).for("update");
    if (!retreat) throw new AppError("not_found", "Retreat not found.");
    const active = await tx.select().from(taskTemplates).where(eq(taskTemplates.isActive, true));
    let created = 0;
    let skipped = 0;
    for (const template of active) {
      const [existing] = await tx
        .select({ id: tasks.id })
        .from(tasks)
        .where(
          and(
            eq(tasks.retreatId, retreatId),
            sql`${tasks.attachments} @> ${JSON.stringify([{ templateId: template.id }])}::jsonb`,
          ),
        )
        .limit(1);
      if (existing) {
        skipped += 1;
        continue;
      }
      const [task] = await tx
        .insert(tasks)
        .values({
          retreatId,
          title: template.title,
          description: template.description,
          category: template.category,
          priority: template.priority,
          dueDate: templateDueDate(retreat.startDate, template.dueOffsetDays),
          attachments: [templateMarker(template.id)],
        })
        .returning({ id: tasks.id });
      created += 1;
      await recordAudit(tx, {
        ...actor,
        action: "create",
        entityType: "task",
        entityId: task!.id,
        newValues: { title: template.title, retreatId, templateId: template.id },
      });
    }
    return { created, skipped, dated: retreat.startDate !== null };
  });
}
