import { Trash2, UserPlus } from "lucide-react";
import { useState } from "react";
import { formatInstant, formatLocalTimes } from "../../../shared/display/time";
import { formatAmount } from "../../../shared/finance/money";
import type { Session } from "../../../shared/schemas/schedule";
import type { AdminVendorBooking } from "../../../shared/schemas/vendors";
import { defaultRetreatTimeZone } from "../../../shared/session-types";
import {
  type VendorBookingStatus,
  vendorBookingStatuses,
  vendorBookingStatusLabels,
} from "../../../shared/vendor-booking-statuses";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { useWrite } from "../../lib/use-write";
import { useSessions } from "../schedule/schedule-api";
import { useVendorBookings, vendorBookingsPath, vendorRefresh } from "./vendors-api";

const BookVendorDialog = lazyDialog(() => import("./book-vendor-dialog").then((m) => m.BookVendorDialog));

type Target = { booking: AdminVendorBooking; sessionTitle: string };

function RemoveBookingDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const remove = useWrite({
    request: (id: string) => ({ method: "DELETE", path: `${vendorBookingsPath}/${id}` }),
    success: `${target.booking.vendorName} removed from ${target.sessionTitle}`,
    failure: "Failed to remove booking",
    refresh: vendorRefresh,
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      title="Remove booking?"
      description={`${target.booking.vendorName} will no longer be booked for "${target.sessionTitle}" and the booking leaves the vendor's portal.`}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      keepLabel="Cancel"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(target.booking.id)}
      onClose={onClose}
    >
      <p className="text-sm text-muted-foreground">
        To keep a record of it instead, set its status to Cancelled. Removing cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

function BookingRow({
  booking,
  sessionTitle,
  onRemove,
}: {
  booking: AdminVendorBooking;
  sessionTitle: string;
  onRemove: (target: Target) => void;
}) {
  const setStatus = useWrite<VendorBookingStatus, AdminVendorBooking>({
    request: (status) => ({ method: "PATCH", path: `${vendorBookingsPath}/${booking.id}`, body: { status } }),
    success: (b) => `${b.vendorName}: ${vendorBookingStatusLabels[b.status as VendorBookingStatus] ?? b.status}`,
    failure: "Failed to change booking",
    refresh: vendorRefresh,
  });
  const cancelled = booking.status === "cancelled";
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <div className="min-w-0">
        <p className={cancelled ? "font-medium text-muted-foreground line-through" : "font-medium"}>
          {booking.vendorName}
          {booking.vendorActive ? null : <span className="font-normal text-muted-foreground"> (inactive)</span>}
        </p>
        <p className="text-muted-foreground">
          {[booking.rate ? formatAmount(booking.rate) : null, booking.description].filter(Boolean).join(" · ") ||
            "No rate or notes"}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <NativeSelect
          aria-label={`Status of ${booking.vendorName} for ${sessionTitle}`}
          className="w-36"
          value={booking.status}
          disabled={setStatus.isPending}
          onChange={(e) => setStatus.mutate(e.target.value as VendorBookingStatus)}
        >
          {vendorBookingStatuses.map((s) => (
            <option key={s} value={s}>
              {vendorBookingStatusLabels[s]}
            </option>
          ))}
        </NativeSelect>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${booking.vendorName} from ${sessionTitle}`}
          onClick={() => onRemove({ booking, sessionTitle })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** "Sun 10 May, 07:00–08:00 (Bali time)": the day is the session's local date, so format it as a UTC date. */
function sessionWhen(s: Session, timeZone: string): string {
  const day = dayFormat.format(new Date(`${s.date}T00:00:00Z`));
  return `${day}, ${formatLocalTimes(s.localStartTime, s.localEndTime, timeZone)}`;
}

function timeOf(iso: string | null, timeZone: string): string {
  return iso ? formatInstant(iso, timeZone) : "no date";
}

/** Who is booked for each session: book a vendor, confirm or cancel a booking, or remove it. */
export function VendorBookingsSection() {
  const sessions = useSessions();
  const bookings = useVendorBookings();
  const [booking, setBooking] = useState<Session | null>(null);
  const [removing, setRemoving] = useState<Target | null>(null);
  const timeZone = sessions.data?.retreat?.timeZone ?? defaultRetreatTimeZone;
  const all = sessions.data?.sessions ?? [];
  const known = new Set(all.map((s) => s.id));
  const bySession = (id: string) => (bookings.data ?? []).filter((b) => b.retreatSessionId === id);
  // A deleted session leaves its bookings behind (they keep their copied times) as history.
  const orphans = (bookings.data ?? []).filter((b) => !b.retreatSessionId || !known.has(b.retreatSessionId));

  return (
    <SectionCard
      title="Vendor bookings"
      description="Book vendors onto sessions. A booked vendor sees the session in the vendor portal."
      contentClassName="grid gap-6"
      dialogs={
        <>
          {booking ? <BookVendorDialog session={booking} timeZone={timeZone} onClose={() => setBooking(null)} /> : null}
          {removing ? <RemoveBookingDialog target={removing} onClose={() => setRemoving(null)} /> : null}
        </>
      }
    >
      <LoadStatus
        loading={(sessions.isLoading || bookings.isLoading) && "Loading bookings..."}
        error={(sessions.isError || bookings.isError) && "Failed to load vendor bookings."}
        empty={sessions.data && all.length === 0 && "Add sessions first, then book vendors onto them."}
      />
      {all.length > 0 ? (
        <ul aria-label="Sessions and their vendors" className="divide-y divide-border rounded-md border border-border">
          {all.map((s) => {
            const list = bySession(s.id);
            return (
              <li key={s.id} aria-labelledby={`bookings-session-${s.id}`} className="grid gap-1 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p id={`bookings-session-${s.id}`} className="min-w-0">
                    <span className="text-sm text-muted-foreground tabular-nums">{sessionWhen(s, timeZone)}</span>{" "}
                    <span className="font-medium">{s.title}</span>
                  </p>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Book vendor for ${s.title}`}
                    onClick={() => setBooking(s)}
                  >
                    <UserPlus aria-hidden="true" className="size-4" />
                    Book vendor
                  </Button>
                </div>
                {list.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No vendors booked.</p>
                ) : (
                  <ul aria-label={`Vendors booked for ${s.title}`} className="divide-y divide-border">
                    {list.map((b) => (
                      <BookingRow key={b.id} booking={b} sessionTitle={s.title} onRemove={setRemoving} />
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {orphans.length > 0 ? (
        <section aria-labelledby="bookings-orphans">
          <h3 id="bookings-orphans" className="mb-1 text-base font-semibold">
            Bookings whose session was deleted
          </h3>
          <ul className="divide-y divide-border">
            {orphans.map((b) => {
              const title = b.sessionTitle ?? `Deleted session, ${timeOf(b.startTime, timeZone)}`;
              return <BookingRow key={b.id} booking={b} sessionTitle={title} onRemove={setRemoving} />;
            })}
          </ul>
        </section>
      ) : null}
    </SectionCard>
  );
}
