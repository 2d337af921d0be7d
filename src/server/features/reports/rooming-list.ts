import { asc, eq, inArray } from "drizzle-orm";
import { displayName } from "../../../shared/display/people";
import type { RoomingReport, RoomingRoom } from "../../../shared/schemas/reports";
import { applications, type Retreat, roomAssignments, rooms } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { bookingName, bookingsOf, partnerName, peopleIn } from "./bookings";

/**
 * The rooming list for the villa: every room of the retreat bed by bed. A couple takes its bed
 * and the next one (applicant, then partner). A booking put in a room without a chosen bed is shown
 * in the first free beds, marked as not chosen; free beds are listed empty.
 */
export async function buildRoomingList(db: DbOrTx, retreat: Retreat, now: Date): Promise<RoomingReport> {
  const roomRows = await db
    .select()
    .from(rooms)
    .where(eq(rooms.retreatId, retreat.id))
    .orderBy(asc(rooms.name), asc(rooms.createdAt));
  const assigned = roomRows.length
    ? await db
        .select({ assignment: roomAssignments, application: applications })
        .from(roomAssignments)
        .innerJoin(applications, eq(applications.id, roomAssignments.applicationId))
        .where(
          inArray(
            roomAssignments.roomId,
            roomRows.map((r) => r.id),
          ),
        )
        .orderBy(asc(roomAssignments.bedNumber), asc(roomAssignments.assignedAt))
    : [];

  const result: RoomingRoom[] = roomRows.map((room) => {
    const beds: RoomingRoom["beds"] = Array.from({ length: room.capacity }, (_, i) => ({
      bed: i + 1,
      guest: null,
      applicationId: null,
      bedChosen: false,
    }));
    const place = (index: number, guest: string, applicationId: string, chosen: boolean) => {
      // Past the room's beds only if data was written around the product's capacity check.
      while (beds.length <= index)
        beds.push({ bed: beds.length + 1, guest: null, applicationId: null, bedChosen: false });
      beds[index] = { bed: index + 1, guest, applicationId, bedChosen: chosen };
    };
    const here = assigned.filter((row) => row.assignment.roomId === room.id);
    // A couple takes two beds even when the partner's name was never given.
    const people = (row: (typeof here)[number]) => {
      const own = displayName(row.application, "Guest");
      return peopleIn(row.application) === 2 ? [own, partnerName(row.application) ?? `${own}'s partner`] : [own];
    };
    for (const row of here.filter((r) => r.assignment.bedNumber !== null)) {
      for (const [i, name] of people(row).entries()) {
        place(row.assignment.bedNumber! - 1 + i, name, row.application.id, true);
      }
    }
    for (const row of here.filter((r) => r.assignment.bedNumber === null)) {
      for (const name of people(row)) {
        const free = beds.findIndex((b) => b.guest === null);
        place(free === -1 ? beds.length : free, name, row.application.id, false);
      }
    }
    return { roomId: room.id, name: room.name, type: room.type, capacity: room.capacity, beds };
  });

  const inRoom = new Set(assigned.map((row) => row.application.id));
  const unassigned = (await bookingsOf(db, retreat.id))
    .filter((booking) => !inRoom.has(booking.id))
    .map((booking) => ({ applicationId: booking.id, name: bookingName(booking), people: peopleIn(booking) }));
  const beds = result.flatMap((room) => room.beds);
  return {
    retreat: { id: retreat.id, name: retreat.name },
    generatedAt: now.toISOString(),
    rooms: result,
    unassigned,
    counts: {
      beds: beds.length,
      taken: beds.filter((bed) => bed.guest !== null).length,
      unassignedPeople: unassigned.reduce((sum, b) => sum + b.people, 0),
    },
  };
}
