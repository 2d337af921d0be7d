import { and, asc, eq, ne } from "drizzle-orm";
import type { VendorDto, VendorSchedule } from "../../../shared/schemas/vendors";
import {
  type CreateVendorInput,
  createVendorSchema,
  type UpdateVendorInput,
  vendorHasHistoryMessage,
  vendorUserInvalidMessage,
  vendorUserTakenMessage,
} from "../../../shared/schemas/vendors";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { expenses, retreatSessions, retreats, users, vendorBookings, vendorPayments, vendors } from "../../db/schema";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { timeZoneOf } from "../schedule/schedule.service";

type VendorRow = typeof vendors.$inferSelect;

function toDto(row: VendorRow): VendorDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    email: row.email,
    phone: row.phone,
    services: row.services,
    userId: row.userId,
    notes: row.notes,
    isActive: row.isActive,
    contractStatus: row.contractStatus,
  };
}

function auditView(row: VendorRow) {
  const { name, type, email, phone, services, userId, notes, isActive } = row;
  return { name, type, email, phone, services, userId, notes, isActive };
}

export async function listVendors(db: Db): Promise<VendorDto[]> {
  const rows = await db.select().from(vendors).orderBy(asc(vendors.name));
  return rows.map(toDto);
}

/** The linked user must be an active vendor, and linked to no other vendor record (409). */
async function checkVendorUser(db: Db, userId: string | null | undefined, vendorId: string | null): Promise<void> {
  if (!userId) return;
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, "vendor"), eq(users.isActive, true)));
  if (!u)
    throw new AppError("bad_request", vendorUserInvalidMessage, [
      { path: "userId", message: vendorUserInvalidMessage },
    ]);
  const [taken] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(vendorId ? and(eq(vendors.userId, userId), ne(vendors.id, vendorId)) : eq(vendors.userId, userId));
  if (taken) throw new AppError("conflict", vendorUserTakenMessage);
}

export async function createVendor(db: Db, input: CreateVendorInput, actor: Actor): Promise<VendorDto> {
  const data = createVendorSchema.parse(input);
  try {
    return await db.transaction(async (tx) => {
      await checkVendorUser(tx, data.userId, null);
      const [row] = await tx.insert(vendors).values(data).returning();
      await recordAudit(tx, {
        ...actor,
        action: "create",
        entityType: "vendor",
        entityId: row!.id,
        newValues: auditView(row!),
      });
      return toDto(row!);
    });
  } catch (error) {
    // Two staff linking the same user at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError("conflict", vendorUserTakenMessage);
    throw error;
  }
}

export async function updateVendor(db: Db, id: string, patch: UpdateVendorInput, actor: Actor): Promise<VendorDto> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(vendors).where(eq(vendors.id, id)).for("update");
      if (!before) throw new AppError("not_found", "Vendor not found.");
      await checkVendorUser(tx, patch.userId, id);
      const [after] = await tx.update(vendors).set(patch).where(eq(vendors.id, id)).returning();
      await recordAudit(tx, {
        ...actor,
        action: "update",
        entityType: "vendor",
        entityId: id,
        oldValues: auditView(before),
        newValues: auditView(after!),
      });
      return toDto(after!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", vendorUserTakenMessage);
    throw error;
  }
}

/**
 * DELETE /api/admin/vendors/{id}: only for a record with no history (a mistaken entry). A vendor
 * with bookings, expenses or payments is refused (409): deleting would cascade away its bookings
 * and orphan its expenses, so such a vendor is deactivated (PATCH isActive false) instead.
 */
export async function deleteVendor(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, id)).for("update");
    if (!before) throw new AppError("not_found", "Vendor not found.");
    for (const table of [vendorBookings, expenses, vendorPayments]) {
      const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.vendorId, id)).limit(1);
      if (row) throw new AppError("conflict", vendorHasHistoryMessage);
    }
    await tx.delete(vendors).where(eq(vendors.id, id));
    await recordAudit(tx, {
      ...actor,
      action: "delete",
      entityType: "vendor",
      entityId: id,
      oldValues: auditView(before),
    });
  });
}

/** The sessions the signed-in vendor user is booked for, soonest first. */
export async function vendorSchedule(db: Db, userId: string): Promise<VendorSchedule> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.userId, userId));
  if (!vendor) return { vendorName: null, bookings: [] };
  const rows = await db
    .select({ booking: vendorBookings, session: retreatSessions, zone: retreats.timezone })
    .from(vendorBookings)
    .leftJoin(retreatSessions, eq(retreatSessions.id, vendorBookings.retreatSessionId))
    .leftJoin(retreats, eq(retreats.id, vendorBookings.retreatId))
    .where(eq(vendorBookings.vendorId, vendor.id));
  const bookings = rows.map(({ booking, session, zone }) => {
    // The session's times win while it exists (it may have moved since the booking was made).
    const start = session?.startTime ?? booking.startTime ?? null;
    const end = session ? session.endTime : booking.endTime;
    return {
      id: booking.id,
      title: session?.title ?? booking.description ?? "Booked session",
      description: session ? booking.description : null,
      startTime: start?.toISOString() ?? null,
      endTime: end?.toISOString() ?? null,
      location: session?.location ?? null,
      status: booking.status,
      // The retreat's clock: the vendor's device may be anywhere.
      timeZone: timeZoneOf({ timezone: zone ?? "" }),
    };
  });
  // Undated bookings last; ISO instants in UTC compare correctly as plain strings.
  const key = (b: { startTime: string | null }) => b.startTime ?? "9999";
  bookings.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return { vendorName: vendor.name, bookings };
}
