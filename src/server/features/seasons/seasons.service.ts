/**
 * The season switcher: which retreat each user works on in the back office. The choice lives on
 * the user (users.selected_retreat_id, ON DELETE SET NULL), so it follows them across sessions
 * and devices; a user who chose none, or whose retreat was deleted, sees the current retreat.
 */
import { eq } from "drizzle-orm";
import { retreatMessages } from "../../../shared/schemas/retreats-admin";
import type { SeasonSelection } from "../../../shared/schemas/seasons";
import type { Db } from "../../db/client";
import { currentRetreatRow } from "../../db/current-retreat";
import { retreats, users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";

async function selectedOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ selected: users.selectedRetreatId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("unauthorized", "Unauthorized");
  return row.selected;
}

async function selectionFor(db: DbOrTx, selected: string | null): Promise<SeasonSelection> {
  if (selected) return { retreatId: selected, selectedRetreatId: selected };
  const current = await currentRetreatRow(db);
  return { retreatId: current?.id ?? null, selectedRetreatId: null };
}

/** GET /api/admin/season: the user's season, or the current retreat when they chose none. */
export async function getSeason(db: Db, userId: string): Promise<SeasonSelection> {
  return selectionFor(db, await selectedOf(db, userId));
}

/**
 * PUT /api/admin/season: remembers the user's choice (null: follow the current retreat again),
 * audited when it changes. The chosen retreat is share-locked until commit, so a deletion cannot
 * slip in between the check and the write.
 */
export async function setSeason(
  db: Db,
  userId: string,
  retreatId: string | null,
  actor: Actor,
): Promise<SeasonSelection> {
  return db.transaction(async (tx) => {
    if (retreatId) {
      const [exists] = await tx
        .select({ id: retreats.id })
        .from(retreats)
        .where(eq(retreats.id, retreatId))
        .for("share");
      if (!exists) throw new AppError("not_found", retreatMessages.notFound);
    }
    const before = await selectedOf(tx, userId);
    if (before !== retreatId) {
      await tx.update(users).set({ selectedRetreatId: retreatId }).where(eq(users.id, userId));
      await recordAudit(tx, {
        ...actor,
        action: "update",
        entityType: "season_selection",
        entityId: userId,
        oldValues: { retreatId: before },
        newValues: { retreatId },
      });
    }
    return selectionFor(tx, retreatId);
  });
}
