/**
 * The lists (docs/decisions/017-lists-and-receipts.md): kitchen, arrivals and departures, rooming,
 * for owner and staff, and the kitchen list for a vendor staff gave it to. Every read of the kitchen
 * list decrypts allergies, so each one (page, CSV or PDF; staff or vendor) is written to the audit
 * log in the same transaction as the read: no trail, no data.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { displayName } from "../../../shared/display/people";
import {
  type ArrivalsReport,
  alreadyGrantedMessage,
  grantNotFoundMessage,
  type KitchenGrant,
  type KitchenGrantInput,
  type KitchenReport,
  kitchenGrantNotFoundMessage,
  type ReportFormat,
  type RoomingReport,
  type VendorLists,
  vendorInactiveGrantMessage,
  vendorNotFoundMessage,
} from "../../../shared/schemas/reports";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { type Retreat, retreats, users, vendorListGrants, vendors } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import type { FieldCipher } from "../../encryption/field-encryption";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { requireRetreat } from "../retreats/retreats.service";
import { buildArrivalsList } from "./arrivals-list";
import { buildKitchenList } from "./kitchen-list";
import { buildRoomingList } from "./rooming-list";

export const noRetreatYetMessage = "There is no retreat yet. Create one in Settings first.";
/** Audit actions: a read of the kitchen list (it holds allergies); giving a vendor a list, and taking it back. */
export const reportAuditActions = {
  kitchenRead: "report.kitchen_read",
  grant: "list.grant",
  revoke: "list.revoke",
} as const;

const kitchenList = "kitchen";

function auditKitchenRead(
  tx: DbOrTx,
  actor: Actor,
  report: KitchenReport,
  format: ReportFormat,
  via: { vendorId: string; grantId: string } | null,
) {
  return recordAudit(tx as Db, {
    ...actor,
    action: reportAuditActions.kitchenRead,
    entityType: "retreat",
    entityId: report.retreat.id,
    // Which encrypted field was shown and to how many bookings, never the values.
    newValues: {
      format,
      fields: ["allergies"],
      bookings: report.guests.length,
      withAllergies: report.counts.withAllergies,
      ...(via ?? {}),
    },
  });
}

/** GET /api/admin/reports/kitchen: the list, with its read audited. */
export async function readKitchenList(
  db: Db,
  cipher: FieldCipher,
  query: { retreatId?: string; format: ReportFormat },
  actor: Actor,
  now = new Date(),
): Promise<KitchenReport> {
  return db.transaction(async (tx) => {
    const retreat = await requireRetreat(tx, query.retreatId, noRetreatYetMessage);
    const report = await buildKitchenList(tx, cipher, retreat, now);
    await auditKitchenRead(tx, actor, report, query.format, null);
    return report;
  });
}

export async function readArrivalsList(
  db: Db,
  retreatId: string | undefined,
  now = new Date(),
): Promise<ArrivalsReport> {
  return buildArrivalsList(db, await requireRetreat(db, retreatId, noRetreatYetMessage), now);
}

export async function readRoomingList(db: Db, retreatId: string | undefined, now = new Date()): Promise<RoomingReport> {
  return buildRoomingList(db, await requireRetreat(db, retreatId, noRetreatYetMessage), now);
}

// ---------------------------------------------------------------------------------------------
// The kitchen list given to a vendor
// ---------------------------------------------------------------------------------------------

/** The active vendor record the signed-in vendor user stands for, or null. */
async function vendorOfUser(db: DbOrTx, userId: string) {
  const [vendor] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.userId, userId), eq(vendors.isActive, true)));
  return vendor ?? null;
}

function activeGrant(vendorId: string, retreatId: string) {
  return and(
    eq(vendorListGrants.vendorId, vendorId),
    eq(vendorListGrants.retreatId, retreatId),
    eq(vendorListGrants.list, kitchenList),
    isNull(vendorListGrants.revokedAt),
  );
}

/**
 * GET /api/vendor/reports/kitchen: the kitchen list of a retreat staff gave this vendor. Without
 * an active grant (never given, revoked, another vendor's, an unknown retreat) it is one 404, so
 * the answer tells a vendor nothing about retreats it was not given.
 */
export async function readVendorKitchenList(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  query: { retreatId: string; format: ReportFormat },
  actor: Actor,
  now = new Date(),
): Promise<KitchenReport> {
  return db.transaction(async (tx) => {
    const vendor = await vendorOfUser(tx, userId);
    const [grant] = vendor
      ? await tx
          .select({ grant: vendorListGrants, retreat: retreats })
          .from(vendorListGrants)
          .innerJoin(retreats, eq(retreats.id, vendorListGrants.retreatId))
          .where(activeGrant(vendor.id, query.retreatId))
      : [];
    if (!vendor || !grant) throw new AppError("not_found", kitchenGrantNotFoundMessage);
    const report = await buildKitchenList(tx, cipher, grant.retreat, now);
    await auditKitchenRead(tx, actor, report, query.format, { vendorId: vendor.id, grantId: grant.grant.id });
    return report;
  });
}

/** GET /api/vendor/lists: the lists the signed-in vendor may open. */
export async function vendorLists(db: Db, userId: string): Promise<VendorLists> {
  const vendor = await vendorOfUser(db, userId);
  if (!vendor) return { items: [] };
  const rows = await db
    .select({ retreatId: retreats.id, retreatName: retreats.name, grantedAt: vendorListGrants.createdAt })
    .from(vendorListGrants)
    .innerJoin(retreats, eq(retreats.id, vendorListGrants.retreatId))
    .where(
      and(
        eq(vendorListGrants.vendorId, vendor.id),
        eq(vendorListGrants.list, kitchenList),
        isNull(vendorListGrants.revokedAt),
      ),
    )
    .orderBy(asc(retreats.startDate), asc(retreats.name));
  return {
    items: rows.map((r) => ({ list: "kitchen" as const, ...r, grantedAt: r.grantedAt.toISOString() })),
  };
}

async function grantsOf(db: DbOrTx, retreat: Retreat, grantId?: string): Promise<KitchenGrant[]> {
  const rows = await db
    .select({ grant: vendorListGrants, vendor: vendors, grantor: users })
    .from(vendorListGrants)
    .innerJoin(vendors, eq(vendors.id, vendorListGrants.vendorId))
    .leftJoin(users, eq(users.id, vendorListGrants.grantedBy))
    .where(
      and(
        eq(vendorListGrants.retreatId, retreat.id),
        eq(vendorListGrants.list, kitchenList),
        isNull(vendorListGrants.revokedAt),
        grantId ? eq(vendorListGrants.id, grantId) : undefined,
      ),
    )
    .orderBy(asc(vendors.name));
  return rows.map(({ grant, vendor, grantor }) => ({
    id: grant.id,
    vendorId: vendor.id,
    vendorName: vendor.name,
    vendorCanSignIn: vendor.userId !== null && vendor.isActive,
    retreatId: grant.retreatId,
    grantedAt: grant.createdAt.toISOString(),
    grantedBy: grantor ? displayName(grantor) : null,
  }));
}

/** GET /api/admin/reports/kitchen/grants: the vendors who have the retreat's kitchen list now. */
export async function listKitchenGrants(db: Db, retreatId: string | undefined): Promise<KitchenGrant[]> {
  return grantsOf(db, await requireRetreat(db, retreatId, noRetreatYetMessage));
}

/** POST /api/admin/reports/kitchen/grants: gives a vendor the retreat's kitchen list; audited. */
export async function grantKitchenList(db: Db, input: KitchenGrantInput, actor: Actor): Promise<KitchenGrant> {
  try {
    return await db.transaction(async (tx) => {
      const retreat = await requireRetreat(tx, input.retreatId, noRetreatYetMessage);
      const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, input.vendorId)).for("update");
      if (!vendor) throw new AppError("not_found", vendorNotFoundMessage);
      if (!vendor.isActive) throw new AppError("conflict", vendorInactiveGrantMessage);
      const [existing] = await tx
        .select({ id: vendorListGrants.id })
        .from(vendorListGrants)
        .where(activeGrant(vendor.id, retreat.id));
      if (existing) throw new AppError("conflict", alreadyGrantedMessage);
      const [grant] = await tx
        .insert(vendorListGrants)
        .values({ vendorId: vendor.id, retreatId: retreat.id, list: kitchenList, grantedBy: actor.userId })
        .returning();
      await recordAudit(tx as Db, {
        ...actor,
        action: reportAuditActions.grant,
        entityType: "vendor",
        entityId: vendor.id,
        newValues: { list: kitchenList, retreatId: retreat.id, grantId: grant!.id, vendorName: vendor.name },
      });
      return (await grantsOf(tx, retreat, grant!.id))[0]!;
    });
  } catch (error) {
    // Two staff giving the same list at once: the partial unique index decides.
    if (isUniqueViolation(error)) throw new AppError("conflict", alreadyGrantedMessage);
    throw error;
  }
}

/** DELETE /api/admin/reports/kitchen/grants/{id}: the vendor loses the list at once; the grant stays as history. */
export async function revokeKitchenGrant(db: Db, grantId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(vendorListGrants)
      .set({ revokedAt: new Date(), revokedBy: actor.userId })
      .where(and(eq(vendorListGrants.id, grantId), isNull(vendorListGrants.revokedAt)))
      .returning();
    if (!revoked) throw new AppError("not_found", grantNotFoundMessage);
    await recordAudit(tx as Db, {
      ...actor,
      action: reportAuditActions.revoke,
      entityType: "vendor",
      entityId: revoked.vendorId,
      oldValues: { grantId, list: revoked.list, retreatId: revoked.retreatId, revokedAt: null },
      newValues: {
        grantId,
        list: revoked.list,
        retreatId: revoked.retreatId,
        revokedAt: revoked.revokedAt!.toISOString(),
      },
    });
  });
}
