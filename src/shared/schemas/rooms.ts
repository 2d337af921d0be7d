import { z } from "zod";
import { confirmedStages, defaultRoomCapacity, maxRoomCapacity } from "../room-rules";
import { limits } from "./common";
import { scheduleRetreatSchema } from "./schedule";

export { confirmedStages, defaultRoomCapacity, maxRoomCapacity };

export const roomNameRequiredMessage = "Room name is required.";
export const roomCapacityMessage = `Capacity must be a whole number from 1 to ${maxRoomCapacity}.`;

export function roomFullMessage(free: number, needed: number): string {
  return `This room has ${free} free ${free === 1 ? "bed" : "beds"}; this booking needs ${needed}.`;
}

const name = z
  .string(roomNameRequiredMessage)
  .trim()
  .min(1, roomNameRequiredMessage)
  .max(limits.name, `Room name can be at most ${limits.name} characters.`);
const type = z.string().trim().max(limits.name, `Room type can be at most ${limits.name} characters.`);
const capacity = z
  .number(roomCapacityMessage)
  .int(roomCapacityMessage)
  .min(1, roomCapacityMessage)
  .max(maxRoomCapacity, roomCapacityMessage);

export const roomInputSchema = z.strictObject({
  name,
  type: type.default(""),
  capacity: capacity.default(defaultRoomCapacity),
  retreatId: z.uuid("Retreat id must be a uuid.").optional(),
});
export type RoomInput = z.input<typeof roomInputSchema>;

export const roomUpdateSchema = z
  .strictObject({ name, type, capacity })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to update." });
export type RoomUpdate = z.infer<typeof roomUpdateSchema>;

export const roomIdParamsSchema = z.object({ id: z.uuid("Room id must be a uuid.") });
export const roomListQuerySchema = z.object({ retreatId: z.uuid("Retreat id must be a uuid.").optional() });

export const roomAssignmentInputSchema = z.strictObject({
  roomId: z.uuid("Please choose a room."),
  applicationId: z.uuid("Please choose a guest."),
  bedNumber: z
    .number("Bed number must be a whole number.")
    .int("Bed number must be a whole number.")
    .min(1, "Bed number must be 1 or more.")
    .max(maxRoomCapacity, `Bed number can be at most ${maxRoomCapacity}.`)
    .nullish(),
});
export type RoomAssignmentInput = z.infer<typeof roomAssignmentInputSchema>;
export const assignmentIdParamsSchema = z.object({ id: z.uuid("Assignment id must be a uuid.") });

/** Someone with a place at the retreat: one application, two beds when it is a couple's. */
export const boardGuestSchema = z.object({
  applicationId: z.uuid(),
  name: z.string(),
  isCouple: z.boolean(),
  beds: z.number().int(),
  stage: z.string(),
});
export type BoardGuest = z.infer<typeof boardGuestSchema>;

export const roomAssignmentSchema = boardGuestSchema.extend({
  id: z.uuid(),
  roomId: z.uuid(),
  bedNumber: z.number().int().nullable(),
});
export type RoomAssignment = z.infer<typeof roomAssignmentSchema>;

export const roomSchema = z.object({
  id: z.uuid(),
  retreatId: z.uuid().nullable(),
  name: z.string(),
  type: z.string().nullable(),
  capacity: z.number().int(),
  bedsUsed: z.number().int(),
  assignments: z.array(roomAssignmentSchema),
});
export type Room = z.infer<typeof roomSchema>;

/** GET /api/admin/rooms: the room board of one retreat. */
export const roomBoardSchema = z.object({
  retreat: scheduleRetreatSchema.nullable(),
  rooms: z.array(roomSchema),
  unassigned: z.array(boardGuestSchema),
});
export type RoomBoard = z.infer<typeof roomBoardSchema>;
