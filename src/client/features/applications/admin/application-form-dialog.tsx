import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { storedRoomPreferences } from "../../../../shared/schemas/applications";
import {
  type AdminApplication,
  type AdminApplicationUpdate,
  adminApplicationCreateSchema,
} from "../../../../shared/schemas/applications-admin";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { AdminDialog } from "../../../components/ui/dialog";
import { FormField, focusFirstError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { WriteError } from "../../../components/ui/write-error";
import { toast } from "../../../lib/use-toast";
import { useSeason } from "../../admin-shell/use-season";
import { fullName } from "./format";
import { useCreateApplication, useUpdateApplication } from "./use-application-mutations";

/** The staff form: the server's rules, with the room select's empty choice allowed. */
const formSchema = adminApplicationCreateSchema
  .omit({ retreatId: true })
  .extend({ roomPreference: z.union([z.enum(storedRoomPreferences), z.literal("")]) });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const textFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "city",
  "country",
  "instagramHandle",
  "linkedinUrl",
  "websiteUrl",
  "motivations",
  "advocacyInvolvement",
  "dietaryNotes",
  "additionalInfo",
  "partnerFirstName",
  "partnerLastName",
  "partnerEmail",
  "partnerPhone",
  "partnerCity",
  "partnerCountry",
] as const;

function initialValues(app: AdminApplication | null): FormInput {
  const values: Record<string, unknown> = {
    applicationType: app?.applicationType === "couple" ? "couple" : "individual",
    roomPreference: app?.roomPreference === "private" || app?.roomPreference === "shared_bed" ? app.roomPreference : "",
    wantsVipUpgrade: app?.wantsVipUpgrade ?? false,
    consentGdpr: false,
    consentMarketing: false,
  };
  for (const field of textFields) values[field] = app?.[field] ?? "";
  return values as FormInput;
}

/** Add Application (staff entry) or edit an existing one; both use the public form's rules. */
export function ApplicationFormDialog({
  application,
  onClose,
}: {
  /** null: add a new application. */
  application: AdminApplication | null;
  onClose: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateApplication();
  const { retreatId } = useSeason();
  const update = useUpdateApplication();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: initialValues(application),
  });
  const errors = form.formState.errors;
  const isCouple = form.watch("applicationType") === "couple";
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit(
    ({ roomPreference, consentGdpr, consentMarketing, ...values }) => {
      const room = roomPreference === "" ? undefined : roomPreference;
      if (application) {
        const patch: AdminApplicationUpdate = { ...values, roomPreference: room };
        update.mutate(
          { id: application.id, patch },
          {
            onSuccess: (saved) => {
              toast({ title: "Application updated", description: `${fullName(saved)}'s details were saved.` });
              onClose();
            },
          },
        );
      } else {
        // A new application goes to the season the back office shows (the season switcher's).
        create.mutate(
          { ...values, roomPreference: room, consentGdpr, consentMarketing, ...(retreatId ? { retreatId } : {}) },
          { onSuccess: onClose },
        );
      }
    },
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  const text = (
    name: (typeof textFields)[number],
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string; className?: string } = {},
  ) => (
    <FormField
      id={`${id}-${name}`}
      name={name}
      label={label}
      required={options.required}
      error={errors[name]?.message}
      className={options.className}
    >
      {(control) => (
        <Input
          {...control}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete ?? "off"}
          {...form.register(name)}
        />
      )}
    </FormField>
  );

  const long = (
    name: "motivations" | "advocacyInvolvement" | "dietaryNotes" | "additionalInfo",
    label: string,
    hint?: string,
    required = false,
  ) => (
    <FormField
      id={`${id}-${name}`}
      name={name}
      label={label}
      hint={hint}
      required={required}
      error={errors[name]?.message}
      className="sm:col-span-2"
    >
      {(control) => <Textarea {...control} {...form.register(name)} />}
    </FormField>
  );

  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={application ? `Edit ${fullName(application)}` : "Add Application"}
      description={
        application
          ? "Correct the applicant's details. Stage, score and notes are changed from the details view."
          : "Enter an application received another way (email, phone, event). It starts in the new stage."
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={pending}>
            {pending ? "Saving..." : application ? "Save Changes" : "Add Application"}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} ref={formRef} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-type`} name="applicationType" label="Application type" className="sm:col-span-2">
          {(control) => (
            <NativeSelect {...control} {...form.register("applicationType")}>
              <option value="individual">Individual</option>
              <option value="couple">Couple</option>
            </NativeSelect>
          )}
        </FormField>
        {text("firstName", "First name", { required: true })}
        {text("lastName", "Last name")}
        {text("email", "Email", { required: true, type: "email" })}
        {text("phone", "Phone", { type: "tel" })}
        {text("city", "City")}
        {text("country", "Country")}
        {isCouple ? (
          <fieldset className="grid gap-4 rounded-md border border-border p-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold">Partner</legend>
            {text("partnerFirstName", "Partner first name")}
            {text("partnerLastName", "Partner last name")}
            {text("partnerEmail", "Partner email", { type: "email" })}
            {text("partnerPhone", "Partner phone", { type: "tel" })}
            {text("partnerCity", "Partner city")}
            {text("partnerCountry", "Partner country")}
          </fieldset>
        ) : null}
        {text("instagramHandle", "Instagram handle")}
        {text("linkedinUrl", "LinkedIn URL")}
        {text("websiteUrl", "Website", { className: "sm:col-span-2" })}
        {long("motivations", "Motivations", "At least 50 characters.", true)}
        {long("advocacyInvolvement", "Advocacy involvement", "At least 20 characters.", true)}
        <FormField
          id={`${id}-room`}
          name="roomPreference"
          label="Room preference"
          error={errors.roomPreference?.message}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register("roomPreference")}>
              <option value="">No preference given</option>
              <option value="shared_bed">Shared room</option>
              <option value="private">Private room</option>
            </NativeSelect>
          )}
        </FormField>
        <CheckboxField
          id={`${id}-vip`}
          label="Wants the VIP Ultimate upgrade"
          control={form.control}
          name="wantsVipUpgrade"
        />
        <WriteError
          mutation={create.isError ? create : update}
          fallback="The application could not be saved."
          className="sm:col-span-2"
        />
        {long("dietaryNotes", "Dietary notes")}
        {long("additionalInfo", "Additional information")}
        {application ? null : (
          <>
            <CheckboxField
              id={`${id}-gdpr`}
              label="The applicant agreed to the privacy policy"
              control={form.control}
              name="consentGdpr"
            />
            <CheckboxField
              id={`${id}-marketing`}
              label="The applicant agreed to marketing emails"
              control={form.control}
              name="consentMarketing"
            />
          </>
        )}
      </form>
    </AdminDialog>
  );
}

function CheckboxField({
  id,
  label,
  control,
  name,
}: {
  id: string;
  label: string;
  control: ReturnType<typeof useForm<FormInput, unknown, FormValues>>["control"];
  name: "wantsVipUpgrade" | "consentGdpr" | "consentMarketing";
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-3 self-end pb-2">
          <Checkbox
            id={id}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}
