/**
 * Creating and editing retreats (Settings tab). Capacity is guarded like acceptance guards it:
 * the retreat row is locked FOR UPDATE before places are counted, so an acceptance and a
 * capacity cut cannot interleave into a retreat holding more people than its capacity.
 */
import { asc, eq, sql } from "drizzle-orm";
import {
  type AdminRetreat,
  datesProblem,
  placesAlreadyTakenMessage,
  type RetreatCreate,
  type RetreatUpdate,
  retreatMessages,
} from "../../../shared/schemas/retreats-admin";
import type { Db } from "../../db/client";
import { applications, retreats } from "../../db/schema";
import { AppError } from "../../http/errors";
import { holdsPlaceSql, peopleCountSql, placesTaken } from "../admissions/admissions.service";
import { type Actor, recordAudit } from "../audit/audit.service";
import { getSettings } from "../settings/settings.service";
import { getCurrentRetreat } from "./retreats.service";

type RetreatRow = typeof retreats.$inferSelect;

/** The columns the audit trail records for a retreat (no timestamps: they always change). */
const audited = [
  "name",
  "description",
  "startDate",
  "endDate",
  "capacity",
  "location",
  "status",
  "currency",
  "timezone",
] as const satisfies readonly (keyof RetreatRow)[];

function auditValues(row: Partial<RetreatRow>, keys: readonly (typeof audited)[number][] = audited) {
  return Object.fromEntries(keys.map((key) => [key, row[key] ?? null]));
}

function toDto(row: RetreatRow, taken: number, currentId: string | null): AdminRetreat {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    capacity: row.capacity,
    placesTaken: taken,
    location: row.location,
    status: row.status,
    currency: row.currency,
    timezone: row.timezone,
    isCurrent: row.id === currentId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function currentRetreatId(db: Db): Promise<string | null> {
  return (await getCurrentRetreat(db))?.id ?? null;
}

/** Every retreat, soonest start first (undated ones last), with the places each has taken. */
export async function listRetreats(db: Db): Promise<AdminRetreat[]> {
  const rows = await db
    .select()
    .from(retreats)
    .orderBy(sql`${retreats.startDate} asc nulls last`, asc(retreats.createdAt));
  // One grouped count instead of a query per retreat.
  const counts = await db
    .select({
      retreatId: applications.retreatId,
      n: peopleCountSql,
    })
    .from(applications)
    .where(holdsPlaceSql)
    .groupBy(applications.retreatId);
  const taken = new Map(counts.map((c) => [c.retreatId, Number(c.n)]));
  const currentId = await currentRetreatId(db);
  return rows.map((row) => toDto(row, taken.get(row.id) ?? 0, currentId));
}

/** One retreat as the Settings list shows it (after a write elsewhere, e.g. a season copied from another). */
export async function adminRetreatOf(db: Db, row: RetreatRow): Promise<AdminRetreat> {
  return toDto(row, await placesTaken(db, row.id), await currentRetreatId(db));
}

/** The columns the audit trail records of a retreat, for writes made elsewhere. */
export function retreatAuditValues(row: RetreatRow) {
  return auditValues(row);
}

export async function createRetreat(db: Db, input: RetreatCreate, actor: Actor): Promise<AdminRetreat> {
  const created = await db.transaction(async (tx) => {
    const defaults = await getSettings(tx);
    const [row] = await tx
      .insert(retreats)
      .values({
        name: input.name,
        description: input.description || null,
        startDate: input.startDate,
        endDate: input.endDate,
        capacity: input.capacity ?? defaults.defaultCapacity,
        location: input.location ?? defaults.defaultLocation,
        timezone: input.timezone,
        status: input.status,
        currency: input.currency ?? defaults.currency,
      })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: "create",
      entityType: "retreat",
      entityId: row!.id,
      newValues: auditValues(row!),
    });
    return row!;
  });
  return toDto(created, 0, await currentRetreatId(db));
}

export async function updateRetreat(db: Db, id: string, patch: RetreatUpdate, actor: Actor): Promise<AdminRetreat> {
  const { row, taken } = await db.transaction(async (tx) => {
    // The same lock acceptance takes, so the count below cannot go stale before the write.
    const [before] = await tx.select().from(retreats).where(eq(retreats.id, id)).for("update").limit(1);
    if (!before) throw new AppError("not_found", retreatMessages.notFound);

    // Only when the dates change: an older row with a start and no end can still get a new capacity.
    const touchesDates = patch.startDate !== undefined || patch.endDate !== undefined;
    const problem = touchesDates
      ? datesProblem({
          startDate: patch.startDate !== undefined ? patch.startDate : before.startDate,
          endDate: patch.endDate !== undefined ? patch.endDate : before.endDate,
        })
      : null;
    if (problem)
      throw new AppError("bad_request", problem.message, [{ path: `body.${problem.path}`, message: problem.message }]);

    const taken = await placesTaken(tx, id);
    if (patch.capacity !== undefined && patch.capacity < taken) {
      const message = placesAlreadyTakenMessage(taken);
      throw new AppError("conflict", message, [{ path: "body.capacity", message }]);
    }

    const values = { ...patch, ...(patch.description !== undefined ? { description: patch.description || null } : {}) };
    const changed = audited.filter((key) => key in values && values[key] !== before[key]);
    if (changed.length === 0) return { row: before, taken };
    const [after] = await tx.update(retreats).set(values).where(eq(retreats.id, id)).returning();
    await recordAudit(tx, {
      ...actor,
      action: "update",
      entityType: "retreat",
      entityId: id,
      oldValues: auditValues(before, changed),
      newValues: auditValues(after!, changed),
    });
    return { row: after!, taken };
  });
  return toDto(row, taken, await currentRetreatId(db));
}
