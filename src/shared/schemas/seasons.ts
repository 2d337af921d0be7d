import { z } from "zod";

/**
 * The season switcher (back office): the retreat a user works on, remembered per user on the
 * server (users.selected_retreat_id), so every tab, reload and new session opens on it.
 */
export { seasonPath } from "../admin-constants";

export const seasonMessages = {
  retreatId: "Choose a retreat (its id), or null to follow the current retreat.",
} as const;

/** GET and PUT /api/admin/season. */
export const seasonSelectionSchema = z.object({
  /**
   * The season the back office shows: the user's choice while that retreat exists, else the
   * current retreat (the one the public site shows); null when there is no retreat at all.
   */
  retreatId: z.uuid().nullable(),
  /** What the user chose; null when they chose none (or their choice was deleted). */
  selectedRetreatId: z.uuid().nullable(),
});
export type SeasonSelection = z.infer<typeof seasonSelectionSchema>;

/** PUT /api/admin/season: a retreat's id, or null to follow the current retreat again. */
export const seasonUpdateSchema = z.strictObject({
  retreatId: z.uuid(seasonMessages.retreatId).nullable(),
});
export type SeasonUpdate = z.infer<typeof seasonUpdateSchema>;

/** An optional `?retreatId=` on an admin list: the season it covers (404 when unknown). */
export const seasonQuerySchema = z.strictObject({
  retreatId: z.uuid("retreatId must be a uuid").optional(),
});
