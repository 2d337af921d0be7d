import { type FormEvent, useId, useRef, useState } from "react";
import { formatDay, formatLocalTimes } from "../../../shared/display/time";
import type { Session } from "../../../shared/schemas/schedule";
import { type AdminVendorBooking, createVendorBookingSchema } from "../../../shared/schemas/vendors";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { useWrite } from "../../lib/use-write";
import { NativeSelect } from "../admin-shell/native-select";
import { AdminDialog, FormDialogFooter } from "../applications/admin/admin-dialog";
import { useVendorBookings, useVendors, vendorBookingsPath, vendorRefresh } from "./schedule-api";

type FieldName = "vendorId" | "rate" | "description";

/** Book a vendor onto one session: the session sets the retreat and the times. */
export function BookVendorDialog({
  session,
  timeZone,
  onClose,
}: {
  session: Session;
  timeZone: string;
  onClose: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [vendorId, setVendorId] = useState("");
  const [rate, setRate] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const vendors = useVendors();
  const bookings = useVendorBookings();
  const book = useWrite<
    { vendorId: string; retreatSessionId: string; rate: string | null; description: string | null },
    AdminVendorBooking
  >({
    request: (body) => ({ method: "POST", path: vendorBookingsPath, body }),
    success: (b) => `${b.vendorName} booked for ${b.sessionTitle ?? session.title}`,
    failure: "Failed to book vendor",
    refresh: vendorRefresh,
    onSuccess: onClose,
  });
  // Inactive vendors cannot be booked, and one vendor is booked once per session.
  const alreadyBooked = new Set(
    (bookings.data ?? [])
      .filter((b) => b.retreatSessionId === session.id && b.status !== "cancelled")
      .map((b) => b.vendorId),
  );
  const choices = (vendors.data ?? []).filter((v) => v.isActive);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      vendorId,
      retreatSessionId: session.id,
      rate: rate.trim() || null,
      description: description.trim() || null,
    };
    const parsed = createVendorBookingSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      focusFirstError(formRef.current, Object.keys(found));
      return;
    }
    setErrors({});
    book.mutate(body);
  };

  const formId = `${id}-form`;
  const when = `${formatDay(session.date)}, ${formatLocalTimes(session.localStartTime, session.localEndTime, timeZone)}`;
  return (
    <AdminDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Book vendor"
      description={`${session.title}, ${when}`}
      footer={
        <FormDialogFooter
          formId={formId}
          pending={book.isPending}
          submitLabel="Book vendor"
          pendingLabel="Booking..."
          onCancel={onClose}
        />
      }
    >
      <form ref={formRef} id={formId} noValidate aria-label="Book vendor" onSubmit={submit} className="grid gap-4">
        <FormField
          id={`${id}-vendor`}
          name="vendorId"
          label="Vendor"
          required
          hint={vendors.isSuccess && choices.length === 0 ? "No active vendors: add one in Vendors first." : undefined}
          error={errors.vendorId}
        >
          {(control) => (
            <NativeSelect {...control} value={vendorId} onChange={(e) => setVendorId(e.target.value)}>
              <option value="">Choose a vendor...</option>
              {choices.map((v) => (
                <option key={v.id} value={v.id} disabled={alreadyBooked.has(v.id)}>
                  {v.name}
                  {v.type ? ` (${v.type})` : ""}
                  {alreadyBooked.has(v.id) ? " – already booked" : ""}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-rate`} name="rate" label="Rate (GBP)" hint="Optional, e.g. 150.00" error={errors.rate}>
          {(control) => (
            <Input {...control} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
          )}
        </FormField>
        <FormField id={`${id}-description`} name="description" label="Description" error={errors.description}>
          {(control) => (
            <Textarea
              rows={3}
              {...control}
              placeholder="e.g. Lunch for 15, vegan"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </FormField>
      </form>
    </AdminDialog>
  );
}
