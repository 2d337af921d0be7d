import { z } from "zod";
import { type RoomInput, roomInputSchema } from "../../../shared/schemas/rooms";

/** The inputs as typed, checked by the API's own rules (roomInputSchema): name and type trimmed, beds a number. */
export const addRoomSchema = z
  .object({ name: z.string(), type: z.string(), capacity: z.string() })
  .transform(({ name, type, capacity }): RoomInput => ({ name, type, capacity: Number(capacity) }))
  .pipe(roomInputSchema);
