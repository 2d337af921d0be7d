import { useId } from "react";
import { z } from "zod";
import { type AdminBookingType, createBookingTypeSchema } from "../../../shared/schemas/payments";
import { FormDialog } from "../../components/ui/dialog";
import {
  CheckboxField,
  focusInvalid,
  InputField,
  SelectField,
  TextareaField,
  useSchemaForm,
} from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { bookingTypesPath, paymentsRefresh } from "./payments-api";

type Fields = {
  name: string;
  displayName: string;
  description: string;
  basePrice: string;
  depositAmount: string;
  maxOccupancy: string;
  priority: string;
  features: string;
  isAddon: boolean;
  isActive: boolean;
};

function initial(type: AdminBookingType | null): Fields {
  return {
    name: type?.name ?? "",
    displayName: type?.displayName ?? "",
    description: type?.description ?? "",
    basePrice: type?.basePrice ?? "",
    depositAmount: type?.depositAmount ?? "500.00",
    maxOccupancy: String(type?.maxOccupancy ?? 1),
    priority: String(type?.priority ?? 0),
    features: type?.features.join("\n") ?? "",
    isAddon: type?.isAddon ?? false,
    isActive: type?.isActive ?? true,
  };
}

const amount = (v: string) => v.trim().replace(/^£/, "").replaceAll(",", "");

/** The form's strings as the API's body: blanks become null, one feature per line. */
export function toBookingTypeBody(f: Fields): z.input<typeof createBookingTypeSchema> {
  const orNull = (v: string) => (v.trim() ? v.trim() : null);
  return {
    name: f.name.trim(),
    displayName: orNull(f.displayName),
    description: orNull(f.description),
    basePrice: amount(f.basePrice),
    depositAmount: amount(f.depositAmount) || "0.00",
    maxOccupancy: Number(f.maxOccupancy),
    priority: f.priority.trim() === "" ? 0 : Number(f.priority),
    features: f.features
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean),
    isAddon: f.isAddon,
    isActive: f.isActive,
  };
}

/** The inputs as typed, checked by the API's own rules (createBookingTypeSchema) on their way to the API. */
const formSchema = z
  .object({
    name: z.string(),
    displayName: z.string(),
    description: z.string(),
    basePrice: z.string(),
    depositAmount: z.string(),
    maxOccupancy: z.string(),
    priority: z.string(),
    features: z.string(),
    isAddon: z.boolean(),
    isActive: z.boolean(),
  })
  .transform(toBookingTypeBody)
  .pipe(createBookingTypeSchema);

/** Add (type null) to the season's retreat, or edit, a rate or add-on; the landing page shows the active ones. */
export function BookingTypeDialog({
  type,
  retreatId = null,
  onClose,
}: {
  type: AdminBookingType | null;
  /** The retreat a new type belongs to (the season's); the server's current retreat when null. */
  retreatId?: string | null;
  onClose: () => void;
}) {
  const id = useId();
  const form = useSchemaForm(formSchema, initial(type));
  const save = useWrite<ReturnType<typeof toBookingTypeBody>, AdminBookingType>({
    request: (body) =>
      type
        ? { method: "PATCH", path: `${bookingTypesPath}/${type.id}`, body }
        : { method: "POST", path: bookingTypesPath, body: retreatId ? { ...body, retreatId } : body },
    success: (saved) => `Booking type saved: ${saved.displayName ?? saved.name}`,
    failure: type ? "Failed to update booking type" : "Failed to add booking type",
    refresh: paymentsRefresh,
    onSuccess: onClose,
  });

  const formId = `${id}-form`;
  return (
    <FormDialog
      size="lg"
      onClose={onClose}
      title={type ? `Edit ${type.displayName ?? type.name}` : "Add booking type"}
      description="Prices are per person. Plans already agreed keep their amounts; new acceptances use these."
      formId={formId}
      onSubmit={form.handleSubmit(() => save.mutate(toBookingTypeBody(form.getValues())), focusInvalid(formId))}
      pending={save.isPending}
      submitLabel="Save booking type"
      className="grid gap-4 sm:grid-cols-2"
    >
      <InputField
        form={form}
        name="name"
        label="Name"
        hint="Short key, e.g. solo, couple, vip"
        required
        autoComplete="off"
      />
      <InputField form={form} name="displayName" label="Display name" />
      <InputField form={form} name="basePrice" label="Price per person (£)" required inputMode="decimal" />
      <InputField
        form={form}
        name="depositAmount"
        label="Deposit per person (£)"
        hint="0 for an add-on"
        inputMode="decimal"
      />
      <SelectField form={form} name="maxOccupancy" label="People">
        <option value="1">1 (solo)</option>
        <option value="2">2 (couple)</option>
      </SelectField>
      <InputField
        form={form}
        name="priority"
        label="Order on the page"
        hint="Lower comes first"
        type="number"
        min={0}
        max={1000}
      />
      <InputField form={form} name="description" label="Description" className="sm:col-span-2" />
      <TextareaField
        form={form}
        name="features"
        label="Features"
        hint="One per line"
        rows={4}
        className="sm:col-span-2"
      />
      <CheckboxField form={form} name="isAddon" label="Add-on (e.g. the VIP upgrade)" />
      <CheckboxField form={form} name="isActive" label="Active (shown and bookable)" />
    </FormDialog>
  );
}
