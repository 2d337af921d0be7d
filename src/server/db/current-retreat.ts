import { asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { retreatMessages } from "../../shared/schemas/retreats-admin";
import { AppError } from "../http/app-error";
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

/**
 * The current retreat's id (null when none) as a subquery, with the same ordering as
 * currentRetreatRow: for a statement that needs it without a round trip of its own.
 */
export function currentRetreatIdSql(): SQL<string | null> {
  return sql<
    string | null
  >`(select ${retreats.id} from ${retreats} left join ${siteContent} on ${siteContent.retreatId} = ${retreats.id} where ${inArray(retreats.status, [...activeRetreatStatuses])} order by ${siteContent.publishedAt} desc nulls last, ${retreats.createdAt} asc, ${retreats.id} desc limit 1)`;
}

/**
 * The retreat a request names by id, 404 "Retreat not found." when there is none: every admin
 * route taking a `retreatId` (the season switcher's season) checks it here, whichever feature it
 * belongs to, so an unknown season answers the same everywhere instead of an empty list.
 */
export async function retreatRowOr404(db: DbOrTx, retreatId: string): Promise<Retreat> {
  const [row] = await db.select().from(retreats).where(eq(retreats.id, retreatId)).limit(1);
  if (!row) throw new AppError("not_found", retreatMessages.notFound);
  return row;
}
