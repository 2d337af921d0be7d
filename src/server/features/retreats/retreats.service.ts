import { and, asc, eq } from "drizzle-orm";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import { retreatMessages } from "../../../shared/schemas/retreats-admin";
import { activeRetreatStatuses, currentRetreatRow, retreatRowOr404 } from "../../db/current-retreat";
import { bookingTypes, type Retreat } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";

/** Retreats open to applicants; the current retreat is the oldest of them (db/current-retreat.ts). */
export { activeRetreatStatuses };

export const retreatNotFoundMessage = retreatMessages.notFound;

/** A retreat with its bookable types, as the public site and the application form need it. */
export async function withBookableTypes(db: DbOrTx, retreat: Retreat) {
  const types = await db
    .select()
    .from(bookingTypes)
    .where(and(eq(bookingTypes.retreatId, retreat.id), eq(bookingTypes.isActive, true)))
    .orderBy(asc(bookingTypes.priority));
  return { ...retreat, bookingTypes: types };
}

/** The current retreat with its bookable types. */
export async function getCurrentRetreat(db: DbOrTx) {
  const retreat = await currentRetreatRow(db);
  return retreat ? withBookableTypes(db, retreat) : null;
}

/** GET /api/current-retreat's answer (and the data the landing page is rendered from). */
export function toCurrentRetreatDto(retreat: Awaited<ReturnType<typeof withBookableTypes>>): CurrentRetreat {
  return {
    id: retreat.id,
    name: retreat.name,
    description: retreat.description,
    startDate: retreat.startDate,
    endDate: retreat.endDate,
    capacity: retreat.capacity,
    location: retreat.location,
    currency: retreat.currency,
    bookingTypes: retreat.bookingTypes.map((t) => ({
      id: t.id,
      name: t.name,
      displayName: t.displayName,
      description: t.description,
      basePrice: t.basePrice,
      depositAmount: t.depositAmount,
      currency: t.currency,
      maxOccupancy: t.maxOccupancy,
      isAddon: t.isAddon,
      features: t.features as string[],
    })),
  };
}

/**
 * The retreat a request names (404 "Retreat not found." when the id is unknown), or the current
 * retreat when it names none: null when there is no current retreat, for callers that show an
 * empty state. Every admin list and write that takes an optional retreatId goes through here.
 */
export async function resolveRetreat(db: DbOrTx, retreatId?: string): Promise<Retreat | null> {
  return retreatId ? retreatRowOr404(db, retreatId) : currentRetreatRow(db);
}

/** resolveRetreat for callers that cannot go on without one: 404 with their message when none is current. */
export async function requireRetreat(db: DbOrTx, retreatId: string | undefined, noneMessage: string): Promise<Retreat> {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) throw new AppError("not_found", noneMessage);
  return retreat;
}
