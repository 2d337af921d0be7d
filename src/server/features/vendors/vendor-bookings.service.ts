import { and, asc, eq, ne } from "drizzle-orm";
import {
  type AdminVendorBooking,
  type CreateVendorBookingInput,
  createVendorBookingSchema,
  type UpdateVendorBookingInput,
  vendorAlreadyBookedMessage,
  vendorInactiveMessage,
} from "../../../shared/schemas/vendors";
import type { Db } from "../../db/client";
import { retreatSessions, vendorBookings, vendors } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { AppError } from "../../http/errors";
import { type Actor, recordAudit } from "../audit/audit.service";
import { resolveRetreat } from "../retreats/retreats.service";
import { sessionNotFoundMessage } from "../schedule/schedule.service";

export const bookingNotFoundMessage = "Vendor booking not found.";
export const vendorNotFoundMessage = "Vendor not found.";

type BookingRow = typeof vendorBookings.$inferSelect;
type VendorRow = typeof vendors.$inferSelect;
type SessionRow = typeof retreatSessions.$inferSelect;

function toDto(booking: BookingRow, vendor: VendorRow, session: SessionRow | null): AdminVendorBooking {
  // The session's own times win while it exists (it may have moved since the booking); the copy
  // taken at booking time keeps the record meaningful after the session is deleted.
  const start = session?.startTime ?? booking.startTime;
  const end = session ? session.endTime : booking.endTime;
  return {
    id: booking.id,
    retreatId: booking.retreatId,
    vendorId: vendor.id,
    vendorName: vendor.name,
    vendorActive: vendor.isActive,
    retreatSessionId: booking.retreatSessionId,
    sessionTitle: session?.title ?? null,
    startTime: start?.toISOString() ?? null,
    endTime: end?.toISOString() ?? null,
    rate: booking.rate,
    description: booking.description,
    status: booking.status,
  };
}

function auditView(row: BookingRow) {
  const { vendorId, retreatSessionId, retreatId, rate, description, status } = row;
  return { vendorId, retreatSessionId, retreatId, rate, description, status };
}

function bookingQuery(db: DbOrTx) {
  return db
    .select({ booking: vendorBookings, vendor: vendors, session: retreatSessions })
    .from(vendorBookings)
    .innerJoin(vendors, eq(vendors.id, vendorBookings.vendorId))
    .leftJoin(retreatSessions, eq(retreatSessions.id, vendorBookings.retreatSessionId));
}

/** GET /api/admin/vendor-bookings: one retreat's bookings (the current retreat by default), by time. */
export async function listVendorBookings(db: Db, retreatId?: string): Promise<AdminVendorBooking[]> {
  const retreat = await resolveRetreat(db, retreatId);
  if (!retreat) return [];
  const rows = await bookingQuery(db)
    .where(eq(vendorBookings.retreatId, retreat.id))
    .orderBy(asc(vendors.name), asc(vendorBookings.createdAt));
  const dtos = rows.map((r) => toDto(r.booking, r.vendor, r.session));
  // Undated last; ISO instants in UTC compare correctly as plain strings. Stable, so ties keep vendor order.
  const key = (b: AdminVendorBooking) => b.startTime ?? "9999";
  return dtos.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

async function lockedVendor(tx: DbOrTx, vendorId: string): Promise<VendorRow> {
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for("update");
  if (!vendor) throw new AppError("not_found", vendorNotFoundMessage);
  return vendor;
}

/** An active (not cancelled) booking of this vendor on this session, other than `exceptId`. */
async function activeDuplicate(tx: DbOrTx, vendorId: string, sessionId: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: vendorBookings.id })
    .from(vendorBookings)
    .where(
      and(
        eq(vendorBookings.vendorId, vendorId),
        eq(vendorBookings.retreatSessionId, sessionId),
        ne(vendorBookings.status, "cancelled"),
        exceptId ? ne(vendorBookings.id, exceptId) : undefined,
      ),
    );
  return row;
}

/**
 * Books a vendor onto a session. The vendor row is locked for the check-and-insert, so two staff
 * booking the same vendor at once take turns and the second sees the first's booking. A cancelled
 * booking stays as history and does not block a new one.
 */
export async function createVendorBooking(
  db: Db,
  input: CreateVendorBookingInput,
  actor: Actor,
): Promise<AdminVendorBooking> {
  const data = createVendorBookingSchema.parse(input);
  return db.transaction(async (tx) => {
    const vendor = await lockedVendor(tx, data.vendorId);
    const [session] = await tx.select().from(retreatSessions).where(eq(retreatSessions.id, data.retreatSessionId));
    if (!session) throw new AppError("not_found", sessionNotFoundMessage);
    if (!vendor.isActive) throw new AppError("conflict", vendorInactiveMessage);
    if (await activeDuplicate(tx, vendor.id, session.id)) throw new AppError("conflict", vendorAlreadyBookedMessage);
    const [row] = await tx
      .insert(vendorBookings)
      .values({
        vendorId: vendor.id,
        retreatSessionId: session.id,
        retreatId: session.retreatId,
        startTime: session.startTime,
        endTime: session.endTime,
        rate: data.rate,
        description: data.description || null,
      })
      .returning();
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "create",
      entityType: "vendor_booking",
      entityId: row!.id,
      newValues: auditView(row!),
    });
    return toDto(row!, vendor, session);
  });
}

async function lockedBooking(tx: DbOrTx, id: string): Promise<BookingRow> {
  const [row] = await tx.select().from(vendorBookings).where(eq(vendorBookings.id, id)).for("update");
  if (!row?.vendorId) throw new AppError("not_found", bookingNotFoundMessage);
  return row;
}

export async function updateVendorBooking(
  db: Db,
  id: string,
  patch: UpdateVendorBookingInput,
  actor: Actor,
): Promise<AdminVendorBooking> {
  return db.transaction(async (tx) => {
    const before = await lockedBooking(tx, id);
    const vendor = await lockedVendor(tx, before.vendorId!);
    const reviving = before.status === "cancelled" && patch.status !== undefined && patch.status !== "cancelled";
    if (reviving) {
      if (!vendor.isActive) throw new AppError("conflict", vendorInactiveMessage);
      if (before.retreatSessionId && (await activeDuplicate(tx, vendor.id, before.retreatSessionId, id))) {
        throw new AppError("conflict", vendorAlreadyBookedMessage);
      }
    }
    const { description, ...rest } = patch;
    const [after] = await tx
      .update(vendorBookings)
      .set({
        ...rest,
        ...(description !== undefined ? { description: description || null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(vendorBookings.id, id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "update",
      entityType: "vendor_booking",
      entityId: id,
      oldValues: auditView(before),
      newValues: auditView(after!),
    });
    const [session] = after!.retreatSessionId
      ? await tx.select().from(retreatSessions).where(eq(retreatSessions.id, after!.retreatSessionId))
      : [];
    return toDto(after!, vendor, session ?? null);
  });
}

export async function deleteVendorBooking(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedBooking(tx, id);
    await tx.delete(vendorBookings).where(eq(vendorBookings.id, id));
    await recordAudit(tx as unknown as Db, {
      ...actor,
      action: "delete",
      entityType: "vendor_booking",
      entityId: id,
      oldValues: auditView(before),
    });
  });
}
