import { asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { type Retreat, retreats, siteContent } from "./schema";
import type { DbOrTx } from "./types";

/**
 * Which retreat is "the current one", defined once below every feature: the retreats feature
 * builds on it (getCurrentRetreat, resolveRetreat), and the payments feature (booking types)
 * reads it without depending on the retreats feature, which itself counts places through
 * admissions and so sits above payments.
 */

/** Retreats open to applicants. */
export const activeRetreatStatuses = ["open", "planning"] as const;

/**
 * The retreat the public site shows (its page, its form, its waitlist, its prices): of the retreats
 * open or being planned, the one whose site the owner published last. Publishing a season's site
 * is how the owner puts that season in front of the public (docs/decisions/016-seasons.md); a
 * retreat nobody has published comes after those, oldest first, so a fresh install and a retreat
 * made in Settings behave as they always did.
 */
export async function currentRetreatRow(db: DbOrTx): Promise<Retreat | null> {
  const [row] = await db
    .select(getTableColumns(retreats))
    .from(retreats)
    .leftJoin(siteContent, eq(siteContent.retreatId, retreats.id))
    .where(inArray(retreats.status, [...activeRetreatStatuses]))
    .orderBy(sql`${siteContent.publishedAt} desc nulls last`, asc(retreats.createdAt), desc(retreats.id))
    .limit(1);
  return row ?? null;
}
