/**
 * Booking types: the rates (solo, couple) and add-ons (VIP) the landing page shows and payment
 * plans are priced from. A plan copies its amounts when it is created, so editing a price
 * changes what later acceptances pay, never an agreed plan.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { toPence } from "../../../shared/finance/money";
import {
  type AdminBookingType,
  type CreateBookingType,
  depositAbovePriceMessage,
  type UpdateBookingType,
} from "../../../shared/schemas/payments";
import type { Db } from "../../db/client";
import { currentRetreatRow, retreatRowOr404 } from "../../db/current-retreat";
import { type BookingType, bookingTypes, retreats } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";

const entityType = "booking_type";

export function toAdminBookingType(row: BookingType): AdminBookingType {
  return {
    id: row.id,
    retreatId: row.retreatId,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    basePrice: row.basePrice,
    depositAmount: row.depositAmount,
    currency: row.currency,
    maxOccupancy: row.maxOccupancy,
    isAddon: row.isAddon,
    isActive: row.isActive,
    priority: row.priority,
    features: row.features,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listBookingTypes(db: Db, retreatId?: string): Promise<AdminBookingType[]> {
  if (retreatId) await retreatRowOr404(db, retreatId);
  const rows = await db
    .select()
    .from(bookingTypes)
    .where(retreatId ? eq(bookingTypes.retreatId, retreatId) : undefined)
    .orderBy(asc(bookingTypes.priority), asc(bookingTypes.name), asc(bookingTypes.id));
  return rows.map(toAdminBookingType);
}

/** Names identify a rate within a retreat (the seed's solo, couple, vip). */
async function assertNameFree(tx: DbOrTx, retreatId: string | null, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: bookingTypes.id })
    .from(bookingTypes)
    .where(
      and(
        retreatId ? eq(bookingTypes.retreatId, retreatId) : sql`${bookingTypes.retreatId} is null`,
        sql`lower(${bookingTypes.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(bookingTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) {
    const message = `A booking type named "${name}" already exists for this retreat.`;
    throw new AppError("conflict", message, [{ path: "name", message }]);
  }
}

export async function createBookingType(db: Db, input: CreateBookingType, actor: Actor): Promise<AdminBookingType> {
  let retreatId = input.retreatId ?? null;
  let currency: string | undefined = input.currency;
  if (retreatId) {
    const [retreat] = await db
      .select({ currency: retreats.currency })
      .from(retreats)
      .where(eq(retreats.id, retreatId))
      .limit(1);
    if (!retreat)
      throw new AppError("bad_request", "Retreat not found", [{ path: "retreatId", message: "Retreat not found" }]);
    currency ??= retreat.currency;
  } else {
    const current = await currentRetreatRow(db);
    if (!current)
      throw new AppError("conflict", "No active retreat found. Open a retreat before adding booking types.");
    retreatId = current.id;
    currency ??= current.currency;
  }
  const { retreatId: _, currency: __, ...fields } = input;
  return db.transaction(async (tx) => {
    await assertNameFree(tx, retreatId, fields.name);
    const [row] = await tx
      .insert(bookingTypes)
      .values({ ...fields, retreatId, currency: currency ?? "GBP" })
      .returning();
    const created = toAdminBookingType(row!);
    await recordAudit(tx as Db, { ...actor, action: "create", entityType, entityId: created.id, newValues: created });
    return created;
  });
}

export async function updateBookingType(
  db: Db,
  id: string,
  patch: UpdateBookingType,
  actor: Actor,
): Promise<AdminBookingType> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(bookingTypes).where(eq(bookingTypes.id, id)).for("update").limit(1);
    if (!before) throw new AppError("not_found", "Booking type not found");
    const merged = { ...before, ...patch };
    if (toPence(merged.depositAmount) > toPence(merged.basePrice)) {
      throw new AppError("bad_request", depositAbovePriceMessage, [
        { path: "depositAmount", message: depositAbovePriceMessage },
      ]);
    }
    if (patch.name !== undefined) await assertNameFree(tx, before.retreatId, patch.name, id);
    const [row] = await tx
      .update(bookingTypes)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(bookingTypes.id, id))
      .returning();
    const oldValues: Record<string, unknown> = {};
    const newValues: Record<string, unknown> = {};
    const beforeDto = toAdminBookingType(before);
    const afterDto = toAdminBookingType(row!);
    for (const key of Object.keys(patch) as (keyof AdminBookingType)[]) {
      if (JSON.stringify(beforeDto[key]) === JSON.stringify(afterDto[key])) continue;
      oldValues[key] = beforeDto[key];
      newValues[key] = afterDto[key];
    }
    if (Object.keys(newValues).length > 0) {
      await recordAudit(tx as Db, { ...actor, action: "update", entityType, entityId: id, oldValues, newValues });
    }
    return afterDto;
  });
}
