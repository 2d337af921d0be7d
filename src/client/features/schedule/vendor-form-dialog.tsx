import { type FormEvent, useId, useRef, useState } from "react";
import { createVendorSchema, type VendorDto } from "../../../shared/schemas/vendors";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { useWrite } from "../../lib/use-write";
import { useVendors, useVendorUsers, vendorRefresh, vendorsPath } from "./schedule-api";

type Fields = {
  name: string;
  type: string;
  email: string;
  phone: string;
  services: string;
  userId: string;
  notes: string;
};
type FieldName = keyof Fields;

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
export function toVendorBody(f: Fields) {
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

/** Add (vendor null) or edit a vendor record, optionally linked to a user with the vendor role. */
export function VendorFormDialog({ vendor, onClose }: { vendor: VendorDto | null; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields>(() => initial(vendor));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
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

  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toVendorBody(fields);
    const parsed = createVendorSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= issue.message;
      }
      setErrors(found);
      focusFirstError(formRef.current, Object.keys(found));
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  // Someone else's linked user is shown but not offered: the server refuses a second link (409).
  const linkedElsewhere = new Map(
    (vendors.data ?? []).filter((v) => v.userId && v.id !== vendor?.id).map((v) => [v.userId!, v.name]),
  );
  const users = vendorUsers.data ?? [];
  const currentMissing = fields.userId && !users.some((u) => u.id === fields.userId);
  const formId = `${id}-form`;
  const title = vendor ? "Edit vendor" : "Add vendor";
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Link a user with the vendor role so they see their tasks and bookings in the vendor portal."
      footer={
        <FormDialogFooter
          formId={formId}
          pending={save.isPending}
          submitLabel={vendor ? "Save vendor" : "Add vendor"}
          onCancel={onClose}
        />
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
        <FormField id={`${id}-name`} name="name" label="Name" required error={errors.name}>
          {(control) => <Input {...control} value={fields.name} onChange={set("name")} />}
        </FormField>
        <FormField id={`${id}-type`} name="type" label="Type" hint="e.g. catering, transport" error={errors.type}>
          {(control) => <Input {...control} value={fields.type} onChange={set("type")} />}
        </FormField>
        <FormField id={`${id}-email`} name="email" label="Email" error={errors.email}>
          {(control) => <Input type="email" {...control} value={fields.email} onChange={set("email")} />}
        </FormField>
        <FormField id={`${id}-phone`} name="phone" label="Phone" error={errors.phone}>
          {(control) => <Input type="tel" {...control} value={fields.phone} onChange={set("phone")} />}
        </FormField>
        <FormField
          id={`${id}-services`}
          name="services"
          label="Services"
          hint="Separate with commas, e.g. lunch, dinner"
          error={errors.services}
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} value={fields.services} onChange={set("services")} />}
        </FormField>
        <FormField
          id={`${id}-user`}
          name="userId"
          label="Vendor portal user"
          hint={
            vendorUsers.isError
              ? "Could not load users."
              : users.length === 0 && vendorUsers.isSuccess
                ? "No users with the vendor role yet: an owner can add one in Settings."
                : undefined
          }
          error={errors.userId}
          className="sm:col-span-2"
        >
          {(control) => (
            <NativeSelect {...control} value={fields.userId} onChange={set("userId")}>
              <option value="">Not linked</option>
              {currentMissing ? (
                <option value={fields.userId}>Current user (inactive or no longer a vendor)</option>
              ) : null}
              {users.map((u) => (
                <option key={u.id} value={u.id} disabled={linkedElsewhere.has(u.id)}>
                  {linkedElsewhere.has(u.id) ? `${u.name} (linked to ${linkedElsewhere.get(u.id)})` : u.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-notes`} name="notes" label="Notes" error={errors.notes} className="sm:col-span-2">
          {(control) => <Textarea rows={3} {...control} value={fields.notes} onChange={set("notes")} />}
        </FormField>
      </form>
    </AdminDialog>
  );
}
