import { type FormEvent, useId, useRef, useState } from "react";
import { type AdminBookingType, createBookingTypeSchema } from "../../../shared/schemas/payments";
import { Checkbox } from "../../components/ui/checkbox";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
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
type FieldName = keyof Fields;

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
export function toBookingTypeBody(f: Fields) {
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

/** Add (type null) or edit a rate or add-on; the landing page shows the active ones. */
export function BookingTypeDialog({ type, onClose }: { type: AdminBookingType | null; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields>(() => initial(type));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const save = useWrite<ReturnType<typeof toBookingTypeBody>, AdminBookingType>({
    request: (body) =>
      type
        ? { method: "PATCH", path: `${bookingTypesPath}/${type.id}`, body }
        : { method: "POST", path: bookingTypesPath, body },
    success: (saved) => `Booking type saved: ${saved.displayName ?? saved.name}`,
    failure: type ? "Failed to update booking type" : "Failed to add booking type",
    refresh: paymentsRefresh,
    onSuccess: onClose,
  });
  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBookingTypeBody(fields);
    const parsed = createBookingTypeSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      focusFirstError(formRef.current, Object.keys(found));
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const formId = `${id}-form`;
  const title = type ? `Edit ${type.displayName ?? type.name}` : "Add booking type";
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Prices are per person. Plans already agreed keep their amounts; new acceptances use these."
      footer={
        <FormDialogFooter formId={formId} pending={save.isPending} submitLabel="Save booking type" onCancel={onClose} />
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        aria-label={title}
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField
          id={`${id}-name`}
          name="name"
          label="Name"
          hint="Short key, e.g. solo, couple, vip"
          required
          error={errors.name}
        >
          {(control) => <Input {...control} autoComplete="off" value={fields.name} onChange={set("name")} />}
        </FormField>
        <FormField id={`${id}-display`} name="displayName" label="Display name" error={errors.displayName}>
          {(control) => <Input {...control} value={fields.displayName} onChange={set("displayName")} />}
        </FormField>
        <FormField id={`${id}-price`} name="basePrice" label="Price per person (£)" required error={errors.basePrice}>
          {(control) => <Input {...control} inputMode="decimal" value={fields.basePrice} onChange={set("basePrice")} />}
        </FormField>
        <FormField
          id={`${id}-deposit`}
          name="depositAmount"
          label="Deposit per person (£)"
          hint="0 for an add-on"
          error={errors.depositAmount}
        >
          {(control) => (
            <Input {...control} inputMode="decimal" value={fields.depositAmount} onChange={set("depositAmount")} />
          )}
        </FormField>
        <FormField id={`${id}-occupancy`} name="maxOccupancy" label="People" error={errors.maxOccupancy}>
          {(control) => (
            <NativeSelect {...control} value={fields.maxOccupancy} onChange={set("maxOccupancy")}>
              <option value="1">1 (solo)</option>
              <option value="2">2 (couple)</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id={`${id}-priority`}
          name="priority"
          label="Order on the page"
          hint="Lower comes first"
          error={errors.priority}
        >
          {(control) => (
            <Input {...control} type="number" min={0} max={1000} value={fields.priority} onChange={set("priority")} />
          )}
        </FormField>
        <FormField
          id={`${id}-description`}
          name="description"
          label="Description"
          error={errors.description}
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} value={fields.description} onChange={set("description")} />}
        </FormField>
        <FormField
          id={`${id}-features`}
          name="features"
          label="Features"
          hint="One per line"
          error={errors.features}
          className="sm:col-span-2"
        >
          {(control) => <Textarea rows={4} {...control} value={fields.features} onChange={set("features")} />}
        </FormField>
        <div className="flex items-center gap-3" data-field="isAddon">
          <Checkbox
            id={`${id}-addon`}
            checked={fields.isAddon}
            onCheckedChange={(checked) => setFields((f) => ({ ...f, isAddon: checked === true }))}
          />
          <Label htmlFor={`${id}-addon`}>Add-on (e.g. the VIP upgrade)</Label>
        </div>
        <div className="flex items-center gap-3" data-field="isActive">
          <Checkbox
            id={`${id}-active`}
            checked={fields.isActive}
            onCheckedChange={(checked) => setFields((f) => ({ ...f, isActive: checked === true }))}
          />
          <Label htmlFor={`${id}-active`}>Active (shown and bookable)</Label>
        </div>
      </form>
    </AdminDialog>
  );
}
