import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  type ApplyTemplatesResult,
  noRetreatMessage,
  type TaskTemplateCreateInput,
  type TaskTemplateDto,
  type TaskTemplateInput,
  taskTemplateCreateSchema,
  taskTemplateInputSchema,
  templateDueDate,
} from "../../../shared/schemas/tasks";
import type { Db } from "../../db/client";
import { retreats, tasks, taskTemplates } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { getCurrentRetreat, resolveRetreat } from "../retreats/retreats.service";
import { templateMarker } from "./tasks.service";

type TemplateRow = typeof taskTemplates.$inferSelect;

function toDto(row: TemplateRow): TaskTemplateDto {
  return {
    id: row.id,
    retreatId: row.retreatId,
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

/** Whose templates a season uses: its own (the retreat's id) when it has any, else the defaults (null). */
async function templateOwner(db: DbOrTx, retreatId: string | null): Promise<string | null> {
  if (!retreatId) return null;
  const [own] = await db
    .select({ id: taskTemplates.id })
    .from(taskTemplates)
    .where(eq(taskTemplates.retreatId, retreatId))
    .limit(1);
  return own ? retreatId : null;
}

function ownedBy(owner: string | null) {
  return owner ? eq(taskTemplates.retreatId, owner) : isNull(taskTemplates.retreatId);
}

/** The season a request names (404 when unknown), or the current one; null when there is none. */
async function seasonId(db: DbOrTx, retreatId: string | null | undefined): Promise<string | null> {
  return (await resolveRetreat(db, retreatId ?? undefined))?.id ?? null;
}

/** The templates a season's checklist uses: its own copies, else the defaults. */
export async function listTemplates(db: Db, retreatId?: string): Promise<TaskTemplateDto[]> {
  const owner = await templateOwner(db, await seasonId(db, retreatId));
  const rows = await db
    .select()
    .from(taskTemplates)
    .where(ownedBy(owner))
    .orderBy(sql`${taskTemplates.dueOffsetDays} asc nulls last`, asc(taskTemplates.title));
  return rows.map(toDto);
}

/** Adds a template to the list the season uses (its own, or the defaults when it has none). */
export async function createTemplate(db: Db, input: TaskTemplateCreateInput, actor: Actor): Promise<TaskTemplateDto> {
  const { retreatId, ...data } = taskTemplateCreateSchema.parse(input);
  return db.transaction(async (tx) => {
    const owner = await templateOwner(tx, await seasonId(tx, retreatId));
    const [row] = await tx
      .insert(taskTemplates)
      .values({ ...data, retreatId: owner })
      .returning();
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
    const owner = await templateOwner(tx, retreatId);
    const active = await tx
      .select()
      .from(taskTemplates)
      .where(and(eq(taskTemplates.isActive, true), ownedBy(owner)));
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

/**
 * A new season's own copy of the checklist templates of the season it is copied from (its own,
 * else the defaults), titles and descriptions passed through `rewrite` (the new season's year).
 * The defaults are left as they are. Joins the caller's transaction, which audits the whole copy.
 * Returns how many were copied.
 */
export async function copyTaskTemplatesToSeason(
  tx: DbOrTx,
  fromRetreatId: string,
  toRetreatId: string,
  rewrite: (text: string) => string,
): Promise<number> {
  const rows = await tx
    .select()
    .from(taskTemplates)
    .where(ownedBy(await templateOwner(tx, fromRetreatId)));
  if (rows.length === 0) return 0;
  await tx.insert(taskTemplates).values(
    rows.map((row) => ({
      retreatId: toRetreatId,
      title: rewrite(row.title),
      description: row.description === null ? null : rewrite(row.description),
      category: row.category,
      priority: row.priority,
      dueOffsetDays: row.dueOffsetDays,
      assigneeRole: row.assigneeRole,
      isActive: row.isActive,
    })),
  );
  return rows.length;
}
