import { and, asc, eq, inArray } from "drizzle-orm";
import { displayName } from "../../../shared/display/people";
import {
  type BoardGuest,
  confirmedStages,
  type Room,
  type RoomAssignment,
  type RoomAssignmentInput,
  type RoomBoard,
  type RoomUpdate,
  roomFullMessage,
} from "../../../shared/schemas/rooms";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { applications, roomAssignments, rooms } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { peopleCountSql } from "../admissions/admissions.service";
import { type Actor, recordAudit } from "../audit/audit.service";
import { resolveRetreat } from "../retreats/retreats.service";
import { noRetreatMessage, toScheduleRetreat } from "../schedule/schedule.service";

type ApplicationRow = typeof applications.$inferSelect;
type RoomRow = typeof rooms.$inferSelect;

export const roomNotFoundMessage = "Room not found.";
export const assignmentNotFoundMessage = "Room assignment not found.";
export const notConfirmedMessage = "Only accepted guests (accepted or payment stage) can be given a room.";
export const otherRetreatMessage = "This guest's application is for another retreat than this room.";
export const alreadyAssignedMessage = "This guest already has a room. Remove them from it first to move them.";

export function isCouple(application: Pick<ApplicationRow, "applicationType">): boolean {
  return application.applicationType === "couple";
}

/** A couple's single application takes two beds: partners always share a room. */
export function bedsFor(application: Pick<ApplicationRow, "applicationType">): number {
  return isCouple(application) ? 2 : 1;
}

function guestName(a: ApplicationRow): string {
  const own = displayName(a);
  if (!isCouple(a)) return own;
  const partner = [a.partnerFirstName, a.partnerLastName].filter(Boolean).join(" ");
  return partner ? `${own} & ${partner}` : own;
}

function toBoardGuest(a: ApplicationRow): BoardGuest {
  return { applicationId: a.id, name: guestName(a), isCouple: isCouple(a), beds: bedsFor(a), stage: a.stage };
}

async function assignmentsIn(db: DbOrTx, roomIds: string[]) {
  if (roomIds.length === 0) return [];
  return db
    .select({ assignment: roomAssignments, application: applications })
    .from(roomAssignments)
    .innerJoin(applications, eq(applications.id, roomAssignments.applicationId))
    .where(inArray(roomAssignments.roomId, roomIds))
    .orderBy(asc(roomAssignments.bedNumber), asc(roomAssignments.assignedAt));
}

function toRoom(room: RoomRow, rows: Awaited<ReturnType<typeof assignmentsIn>>): Room {
  const assignments: RoomAssignment[] = rows
    .filter((r) => r.assignment.roomId === room.id)
    .map((r) => ({
      ...toBoardGuest(r.application),
      id: r.assignment.id,
      roomId: room.id,
      bedNumber: r.assignment.bedNumber,
    }));
  return {
    id: room.id,
    retreatId: room.retreatId,
    name: room.name,
    type: room.type,
    capacity: room.capacity,
    bedsUsed: assignments.reduce((sum, a) => sum + a.beds, 0),
    assignments,
  };
}

export async function getRoomBoard(db: Db, retreatId?: string): Promise<RoomBoard> {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) return { retreat: null, rooms: [], unassigned: [] };
  const roomRows = await db
    .select()
    .from(rooms)
    .where(eq(rooms.retreatId, retreat.id))
    .orderBy(asc(rooms.name), asc(rooms.createdAt));
  const assigned = await assignmentsIn(
    db,
    roomRows.map((r) => r.id),
  );
  const assignedIds = new Set(assigned.map((r) => r.application.id));
  const confirmed = await db
    .select()
    .from(applications)
    .where(and(eq(applications.retreatId, retreat.id), inArray(applications.stage, [...confirmedStages])))
    .orderBy(asc(applications.lastName), asc(applications.firstName), asc(applications.id));
  return {
    retreat: toScheduleRetreat(retreat),
    rooms: roomRows.map((room) => toRoom(room, assigned)),
    unassigned: confirmed.filter((a) => !assignedIds.has(a.id)).map(toBoardGuest),
  };
}

async function roomById(db: DbOrTx, id: string, lock = false): Promise<RoomRow> {
  const query = db.select().from(rooms).where(eq(rooms.id, id));
  const [room] = lock ? await query.for("update") : await query;
  if (!room) throw new AppError("not_found", roomNotFoundMessage);
  return room;
}

async function bedsUsed(db: DbOrTx, roomId: string): Promise<number> {
  const [row] = await db
    .select({
      used: peopleCountSql,
    })
    .from(roomAssignments)
    .innerJoin(applications, eq(applications.id, roomAssignments.applicationId))
    .where(eq(roomAssignments.roomId, roomId));
  return Number(row?.used ?? 0);
}

export async function createRoom(
  db: Db,
  input: { name: string; type: string; capacity: number; retreatId?: string },
  actor: Actor,
): Promise<Room> {
  return db.transaction(async (tx) => {
    const retreat = await resolveRetreat(tx, input.retreatId);
    if (!retreat) throw new AppError("not_found", noRetreatMessage);
    const [room] = await tx
      .insert(rooms)
      .values({ retreatId: retreat.id, name: input.name, type: input.type || null, capacity: input.capacity })
      .returning();
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "create",
      entityType: "room",
      entityId: room!.id,
      newValues: { name: room!.name, type: room!.type, capacity: room!.capacity, retreatId: room!.retreatId },
    });
    return toRoom(room!, []);
  });
}

export async function updateRoom(db: Db, id: string, patch: RoomUpdate, actor: Actor): Promise<Room> {
  return db.transaction(async (tx) => {
    const before = await roomById(tx, id, true);
    if (patch.capacity !== undefined) {
      const used = await bedsUsed(tx, id);
      if (patch.capacity < used) {
        throw new AppError(
          "conflict",
          `This room has ${used} beds taken; move guests out before lowering its capacity below ${used}.`,
        );
      }
    }
    const { type, ...rest } = patch;
    const [after] = await tx
      .update(rooms)
      .set({ ...rest, ...(type !== undefined ? { type: type || null } : {}), updatedAt: new Date() })
      .where(eq(rooms.id, id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "update",
      entityType: "room",
      entityId: id,
      oldValues: { name: before.name, type: before.type, capacity: before.capacity },
      newValues: { name: after!.name, type: after!.type, capacity: after!.capacity },
    });
    return toRoom(after!, await assignmentsIn(tx, [id]));
  });
}

export async function deleteRoom(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const room = await roomById(tx, id, true);
    const occupants = await assignmentsIn(tx, [id]);
    await tx.delete(rooms).where(eq(rooms.id, id));
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "delete",
      entityType: "room",
      entityId: id,
      oldValues: {
        name: room.name,
        capacity: room.capacity,
        unassignedApplicationIds: occupants.map((o) => o.application.id),
      },
    });
  });
}

/**
 * Puts a guest's application in a room. Every rule lives here: a confirmed application of the
 * room's retreat, one room per application, and never more beds than the room has. The room row
 * is locked for the whole check-and-insert, so two assignments to one room take turns and the
 * second sees the first's beds.
 */
export async function assignRoom(db: Db, input: RoomAssignmentInput, actor: Actor): Promise<RoomAssignment> {
  try {
    return await db.transaction(async (tx) => {
      const room = await roomById(tx, input.roomId, true);
      const [application] = await tx.select().from(applications).where(eq(applications.id, input.applicationId));
      if (!application) throw new AppError("not_found", "Application not found.");
      if (!(confirmedStages as readonly string[]).includes(application.stage)) {
        throw new AppError("conflict", notConfirmedMessage);
      }
      if (application.retreatId !== room.retreatId) throw new AppError("conflict", otherRetreatMessage);
      const [existing] = await tx
        .select({ id: roomAssignments.id })
        .from(roomAssignments)
        .where(eq(roomAssignments.applicationId, application.id));
      if (existing) throw new AppError("conflict", alreadyAssignedMessage);

      const needed = bedsFor(application);
      const free = room.capacity - (await bedsUsed(tx, room.id));
      if (needed > free) throw new AppError("conflict", roomFullMessage(Math.max(0, free), needed));

      const bedNumber = input.bedNumber ?? null;
      if (bedNumber !== null) {
        if (bedNumber + needed - 1 > room.capacity) {
          throw new AppError("bad_request", `Bed ${bedNumber} does not exist in a room for ${room.capacity}.`);
        }
        const [taken] = await tx
          .select({ id: roomAssignments.id })
          .from(roomAssignments)
          .where(and(eq(roomAssignments.roomId, room.id), eq(roomAssignments.bedNumber, bedNumber)));
        if (taken) throw new AppError("conflict", `Bed ${bedNumber} is already taken.`);
      }

      const [row] = await tx
        .insert(roomAssignments)
        .values({ roomId: room.id, applicationId: application.id, bedNumber })
        .returning();
      await recordAudit(tx as unknown as Db, {
        ...actor,
        action: "assign_room",
        entityType: "room_assignment",
        entityId: row!.id,
        newValues: { roomId: room.id, roomName: room.name, applicationId: application.id, bedNumber, beds: needed },
      });
      return { ...toBoardGuest(application), id: row!.id, roomId: room.id, bedNumber };
    });
  } catch (error) {
    // The same application assigned twice at once: the unique index on application_id decides.
    if (isUniqueViolation(error)) throw new AppError("conflict", alreadyAssignedMessage);
    throw error;
  }
}

export async function unassignRoom(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(roomAssignments).where(eq(roomAssignments.id, id)).returning();
    if (!before) throw new AppError("not_found", assignmentNotFoundMessage);
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "unassign_room",
      entityType: "room_assignment",
      entityId: id,
      oldValues: { roomId: before.roomId, applicationId: before.applicationId, bedNumber: before.bedNumber },
    });
  });
}
