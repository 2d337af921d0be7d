import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookingTypes, retreats } from "../../db/schema";

/** Retreats open to applicants. */
export const activeRetreatStatuses = ["open", "planning"] as const;

export async function getCurrentRetreat(db: Db) {
  const [retreat] = await db
    .select()
    .from(retreats)
    .where(inArray(retreats.status, [...activeRetreatStatuses]))
    .orderBy(asc(retreats.createdAt))
    .limit(1);
  if (!retreat) return null;
  const types = await db
    .select()
    .from(bookingTypes)
    .where(and(eq(bookingTypes.retreatId, retreat.id), eq(bookingTypes.isActive, true)))
    .orderBy(asc(bookingTypes.priority));
  return { ...retreat, bookingTypes: types };
}
