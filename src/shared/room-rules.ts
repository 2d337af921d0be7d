// Rooms' plain rules, kept apart from the zod schemas (rooms.ts re-exports them): the schedule and
// applications tabs use them without the validation library (decision 024).

/** Spec section 9: a room sleeps two unless staff say otherwise. */
export const defaultRoomCapacity = 2;
export const maxRoomCapacity = 20;
/** Stages whose applicants have a place at the retreat and so may get a bed or a portal account. */
export const confirmedStages = ["accepted", "payment"] as const;
