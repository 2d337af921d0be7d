import { useId } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { createVendorSchema, type VendorDto } from "../../../shared/schemas/vendors";
import { FormDialog } from "../../components/ui/dialog";
import { focusInvalid, InputField, SelectField, TextareaField, useSchemaForm } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { useVendors, useVendorUsers, vendorRefresh, vendorsPath } from "./vendors-api";

type Fields = {
  name: string;
  type: string;
  email: string;
  phone: string;
  services: string;
  userId: string;
  notes: string;
};

function initial(vendor: VendorDto | null): Fields {
  return {
    name: vendor?.name ?? "",
    type: vendor?.type ?? "",
    email: vendor?.email ?? "",
    phone: vendor?.phone ?? "",
    services: vendor?.services.join(", ") ?? "",
    userId: vendor?.userId ?? "",
    notes: vendor?.notes ?? "",
  };
}

/** The form's strings as the API's body: blanks become null, services a comma-separated list. */
export function toVendorBody(f: Fields): z.input<typeof createVendorSchema> {
  const orNull = (v: string) => (v.trim() ? v.trim() : null);
  return {
    name: f.name.trim(),
    type: orNull(f.type),
    email: orNull(f.email),
    phone: orNull(f.phone),
    services: f.services
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    userId: f.userId || null,
    notes: orNull(f.notes),
  };
}

/** The inputs as typed, checked by the API's own rules (createVendorSchema) on their way to the API. */
const formSchema = z
  .object({
    name: z.string(),
    type: z.string(),
    email: z.string(),
    phone: z.string(),
    services: z.string(),
    userId: z.string(),
    notes: z.string(),
  })
  .transform(toVendorBody)
  .pipe(createVendorSchema);

/** Add (vendor null) or edit a vendor record, optionally linked to a user with the vendor role. */
export function VendorFormDialog({ vendor, onClose }: { vendor: VendorDto | null; onClose: () => void }) {
  const id = useId();
  const form = useSchemaForm(formSchema, initial(vendor));
  const userId = useWatch({ control: form.control, name: "userId" });
  const vendorUsers = useVendorUsers();
  const vendors = useVendors();
  const save = useWrite<ReturnType<typeof toVendorBody>, VendorDto>({
    request: (body) =>
      vendor
        ? { method: "PATCH", path: `${vendorsPath}/${vendor.id}`, body }
        : { method: "POST", path: vendorsPath, body },
    success: (saved) => (vendor ? `Vendor updated: ${saved.name}` : `Vendor added: ${saved.name}`),
    failure: vendor ? "Failed to update vendor" : "Failed to add vendor",
    refresh: vendorRefresh,
    onSuccess: onClose,
  });

  // Someone else's linked user is shown but not offered: the server refuses a second link (409).
  const linkedElsewhere = new Map(
    (vendors.data ?? []).filter((v) => v.userId && v.id !== vendor?.id).map((v) => [v.userId!, v.name]),
  );
  const users = vendorUsers.data ?? [];
  const currentMissing = userId && !users.some((u) => u.id === userId);
  const formId = `${id}-form`;
  return (
    <FormDialog
      size="lg"
      onClose={onClose}
      title={vendor ? "Edit vendor" : "Add vendor"}
      description="Link a user with the vendor role so they see their tasks and bookings in the vendor portal."
      formId={formId}
      onSubmit={form.handleSubmit(() => save.mutate(toVendorBody(form.getValues())), focusInvalid(formId))}
      pending={save.isPending}
      submitLabel={vendor ? "Save vendor" : "Add vendor"}
      className="grid gap-4 sm:grid-cols-2"
    >
      <InputField form={form} name="name" label="Name" required />
      <InputField form={form} name="type" label="Type" hint="e.g. catering, transport" />
      <InputField form={form} name="email" label="Email" type="email" />
      <InputField form={form} name="phone" label="Phone" type="tel" />
      <InputField
        form={form}
        name="services"
        label="Services"
        hint="Separate with commas, e.g. lunch, dinner"
        className="sm:col-span-2"
      />
      <SelectField
        form={form}
        name="userId"
        label="Vendor portal user"
        hint={
          vendorUsers.isError
            ? "Could not load users."
            : users.length === 0 && vendorUsers.isSuccess
              ? "No users with the vendor role yet: an owner can add one in Settings."
              : undefined
        }
        className="sm:col-span-2"
      >
        <option value="">Not linked</option>
        {currentMissing ? <option value={userId}>Current user (inactive or no longer a vendor)</option> : null}
        {users.map((u) => (
          <option key={u.id} value={u.id} disabled={linkedElsewhere.has(u.id)}>
            {linkedElsewhere.has(u.id) ? `${u.name} (linked to ${linkedElsewhere.get(u.id)})` : u.name}
          </option>
        ))}
      </SelectField>
      <TextareaField form={form} name="notes" label="Notes" rows={3} className="sm:col-span-2" />
    </FormDialog>
  );
}
