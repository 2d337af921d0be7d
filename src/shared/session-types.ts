// The schedule's session types and the retreat's default time zone, kept apart from the zod schemas
// (schedule.ts re-exports them): the admin's lists show them without the validation library
// (decisions 021, 024).

/**
 * The zone a retreat's times are shown in when the retreat row names none (Bali is UTC+8, no
 * daylight saving). The retreats table carries a `timezone` column per retreat; this is its default.
 */
export const defaultRetreatTimeZone = "Asia/Makassar";

export const sessionTypes = ["workshop", "talk", "meal", "excursion", "free_time", "other"] as const;
export type SessionType = (typeof sessionTypes)[number];
export const sessionTypeLabels: Record<SessionType, string> = {
  workshop: "Workshop",
  talk: "Talk",
  meal: "Meal",
  excursion: "Excursion",
  free_time: "Free time",
  other: "Other",
};
