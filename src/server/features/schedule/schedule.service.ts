import { and, asc, eq } from "drizzle-orm";
import {
  defaultRetreatTimeZone,
  outsideRetreatDatesMessage,
  type ScheduleRetreat,
  type Session,
  type SessionInputParsed,
  type SessionListResponse,
  type SessionUpdate,
  sessionEndAfterStartMessage,
  wallClockInZone,
  zonedToUtc,
} from "../../../shared/schemas/schedule";
import type { Db } from "../../db/client";
import { retreatSessions, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { resolveRetreat } from "../retreats/retreats.service";

type RetreatRow = typeof retreats.$inferSelect;
type SessionRow = typeof retreatSessions.$inferSelect;

export const noRetreatMessage = "No retreat found. Create a retreat first.";
export const sessionNotFoundMessage = "Session not found.";

export function timeZoneOf(retreat: Pick<RetreatRow, "timezone">): string {
  return retreat.timezone || defaultRetreatTimeZone;
}

export function toScheduleRetreat(retreat: RetreatRow): ScheduleRetreat {
  return {
    id: retreat.id,
    name: retreat.name,
    startDate: retreat.startDate,
    endDate: retreat.endDate,
    location: retreat.location,
    timeZone: timeZoneOf(retreat),
  };
}

export function toSessionDto(row: SessionRow, timeZone: string): Session {
  const start = wallClockInZone(row.startTime, timeZone);
  return {
    id: row.id,
    retreatId: row.retreatId,
    title: row.title,
    description: row.description,
    date: start.date,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    localStartTime: start.time,
    localEndTime: row.endTime ? wallClockInZone(row.endTime, timeZone).time : null,
    location: row.location,
    type: row.type,
    isPublic: row.isPublic,
  };
}

export async function listSessionRows(db: DbOrTx, retreatId: string, options: { publicOnly: boolean }) {
  return db
    .select()
    .from(retreatSessions)
    .where(
      options.publicOnly
        ? and(eq(retreatSessions.retreatId, retreatId), eq(retreatSessions.isPublic, true))
        : eq(retreatSessions.retreatId, retreatId),
    )
    .orderBy(asc(retreatSessions.startTime), asc(retreatSessions.title));
}

export async function listSessions(db: Db, retreatId?: string): Promise<SessionListResponse> {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) return { retreat: null, sessions: [] };
  const rows = await listSessionRows(db, retreat.id, { publicOnly: false });
  const zone = timeZoneOf(retreat);
  return { retreat: toScheduleRetreat(retreat), sessions: rows.map((row) => toSessionDto(row, zone)) };
}

/** The session's instants from a local date and times; refuses days outside the retreat's dates. */
function instantsFor(retreat: RetreatRow, date: string, startTime: string, endTime: string) {
  if (endTime <= startTime) {
    throw new AppError("bad_request", sessionEndAfterStartMessage, [
      { path: "body.endTime", message: sessionEndAfterStartMessage },
    ]);
  }
  if (retreat.startDate && retreat.endDate && (date < retreat.startDate || date > retreat.endDate)) {
    const message = outsideRetreatDatesMessage(retreat.startDate, retreat.endDate);
    throw new AppError("bad_request", message, [{ path: "body.date", message }]);
  }
  const zone = timeZoneOf(retreat);
  return { startTime: zonedToUtc(date, startTime, zone), endTime: zonedToUtc(date, endTime, zone) };
}

function auditView(row: SessionRow) {
  const { id, retreatId, title, description, location, type, isPublic } = row;
  return {
    id,
    retreatId,
    title,
    description,
    location,
    type,
    isPublic,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
  };
}

export async function createSession(db: Db, input: SessionInputParsed, actor: Actor): Promise<Session> {
  return db.transaction(async (tx) => {
    const retreat = await resolveRetreat(tx, input.retreatId);
    if (!retreat) throw new AppError("not_found", noRetreatMessage);
    const times = instantsFor(retreat, input.date, input.startTime, input.endTime);
    const [row] = await tx
      .insert(retreatSessions)
      .values({
        retreatId: retreat.id,
        title: input.title,
        description: input.description || null,
        location: input.location || null,
        type: input.type,
        isPublic: input.isPublic,
        ...times,
      })
      .returning();
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "create",
      entityType: "retreat_session",
      entityId: row!.id,
      newValues: auditView(row!),
    });
    return toSessionDto(row!, timeZoneOf(retreat));
  });
}

export async function updateSession(db: Db, id: string, patch: SessionUpdate, actor: Actor): Promise<Session> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(retreatSessions).where(eq(retreatSessions.id, id)).for("update");
    if (!before) throw new AppError("not_found", sessionNotFoundMessage);
    const [retreat] = before.retreatId ? await tx.select().from(retreats).where(eq(retreats.id, before.retreatId)) : [];
    if (!retreat) throw new AppError("conflict", "This session belongs to no retreat; delete it and create it again.");
    const zone = timeZoneOf(retreat);
    const current = toSessionDto(before, zone);
    const { date, startTime, endTime, description, location, ...rest } = patch;
    const timesChanged = date !== undefined || startTime !== undefined || endTime !== undefined;
    const times = timesChanged
      ? instantsFor(
          retreat,
          date ?? current.date,
          startTime ?? current.localStartTime,
          endTime ?? current.localEndTime ?? startTime ?? current.localStartTime,
        )
      : {};
    const [after] = await tx
      .update(retreatSessions)
      .set({
        ...rest,
        ...(description !== undefined ? { description: description || null } : {}),
        ...(location !== undefined ? { location: location || null } : {}),
        ...times,
        updatedAt: new Date(),
      })
      .where(eq(retreatSessions.id, id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "update",
      entityType: "retreat_session",
      entityId: id,
      oldValues: auditView(before),
      newValues: auditView(after!),
    });
    return toSessionDto(after!, zone);
  });
}

export async function deleteSession(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(retreatSessions).where(eq(retreatSessions.id, id)).returning();
    if (!before) throw new AppError("not_found", sessionNotFoundMessage);
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "delete",
      entityType: "retreat_session",
      entityId: id,
      oldValues: auditView(before),
    });
  });
}
