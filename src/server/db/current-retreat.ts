import { asc, inArray } from "drizzle-orm";
import { type Retreat, retreats } from "./schema";
import type { DbOrTx } from "./types";

/**
 * Which retreat is "the current one", defined once below every feature: the retreats feature
 * builds on it (getCurrentRetreat, resolveRetreat), and the payments feature (booking types)
 * reads it without depending on the retreats feature, which itself counts places through
 * admissions and so sits above payments.
 */

/** Retreats open to applicants. */
export const activeRetreatStatuses = ["open", "planning"] as const;

/** The retreat the public site shows: the oldest one still open or being planned. */
export async function currentRetreatRow(db: DbOrTx): Promise<Retreat | null> {
  const [retreat] = await db
    .select()
    .from(retreats)
    .where(inArray(retreats.status, [...activeRetreatStatuses]))
    .orderBy(asc(retreats.createdAt))
    .limit(1);
  return retreat ?? null;
}
