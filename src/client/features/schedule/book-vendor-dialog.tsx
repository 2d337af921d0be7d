import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { formatDay, formatLocalTimes } from "../../../shared/display/time";
import type { Session } from "../../../shared/schemas/schedule";
import {
  type AdminVendorBooking,
  type CreateVendorBookingInput,
  createVendorBookingSchema,
} from "../../../shared/schemas/vendors";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { useWrite } from "../../lib/use-write";
import { useVendorBookings, useVendors, vendorBookingsPath, vendorRefresh } from "./schedule-api";

type FormValues = { vendorId: string; rate: string; description: string };
type BookingBody = { vendorId: string; retreatSessionId: string; rate: string | null; description: string | null };

const blank: FormValues = { vendorId: "", rate: "", description: "" };

/** The fields as the API takes them: a blank rate or description is null. */
function toBody(values: FormValues, retreatSessionId: string): BookingBody {
  return {
    vendorId: values.vendorId,
    retreatSessionId,
    rate: values.rate.trim() || null,
    description: values.description.trim() || null,
  };
}

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
  // Checked by the API's own rules (createVendorBookingSchema) on the body the form would send.
  const formSchema = useMemo(
    () =>
      z
        .object({ vendorId: z.string(), rate: z.string(), description: z.string() })
        .transform((values): CreateVendorBookingInput => toBody(values, session.id))
        .pipe(createVendorBookingSchema),
    [session.id],
  );
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: blank,
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const vendors = useVendors();
  const bookings = useVendorBookings();
  const book = useWrite<BookingBody, AdminVendorBooking>({
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

  const submit = form.handleSubmit(
    () => book.mutate(toBody(form.getValues(), session.id)),
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

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
          error={errors.vendorId?.message}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register("vendorId")}>
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
        <FormField
          id={`${id}-rate`}
          name="rate"
          label="Rate (GBP)"
          hint="Optional, e.g. 150.00"
          error={errors.rate?.message}
        >
          {(control) => <Input {...control} inputMode="decimal" {...form.register("rate")} />}
        </FormField>
        <FormField id={`${id}-description`} name="description" label="Description" error={errors.description?.message}>
          {(control) => (
            <Textarea rows={3} {...control} placeholder="e.g. Lunch for 15, vegan" {...form.register("description")} />
          )}
        </FormField>
      </form>
    </AdminDialog>
  );
}
