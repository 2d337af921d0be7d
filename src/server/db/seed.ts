import { sql } from "drizzle-orm";
import { depositAmountPounds, retreatDefaults, seedBookingTypes } from "../../shared/constants";
import { ensureSystemTemplates } from "../email/system-templates";
import type { Db } from "./client";
import { bookingTypes, retreats } from "./schema";

/**
 * Seeds the first retreat and its booking types when the database has no retreat at all.
 * Idempotent across restarts and several processes starting together, and never keyed on the
 * name: a retreat renamed in Settings must not bring the default one back on the next start.
 */
export async function seedBaseData(db: Db): Promise<void> {
  // The product's emails with their default text, so staff find them all in the templates list.
  await ensureSystemTemplates(db);
  await db.transaction(async (tx) => {
    // Without it, processes starting together each find no retreat and each insert one.
    await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
    const existing = await tx.select({ id: retreats.id }).from(retreats).limit(1);
    if (existing.length > 0) return;
    const [retreat] = await tx
      .insert(retreats)
      .values({
        name: retreatDefaults.name,
        description: retreatDefaults.description,
        capacity: retreatDefaults.capacity,
        location: retreatDefaults.location,
        currency: retreatDefaults.currency,
        status: "open",
        pricePerPerson: seedBookingTypes[0].basePrice,
      })
      .returning({ id: retreats.id });
    await tx.insert(bookingTypes).values(
      seedBookingTypes.map((type) => ({
        retreatId: retreat!.id,
        name: type.name,
        displayName: type.displayName,
        description: type.description,
        basePrice: type.basePrice,
        currency: retreatDefaults.currency,
        depositAmount: type.isAddon ? "0.00" : depositAmountPounds,
        maxOccupancy: type.maxOccupancy,
        isAddon: type.isAddon,
        isActive: true,
        priority: type.priority,
        features: [...type.features],
      })),
    );
  });
}
