import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { subscriberCreateSchema } from "../../../../shared/schemas/email-subscribers";
import { FormDialog } from "../../../components/ui/dialog";
import { FormField, focusFirstError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { WriteError } from "../../../components/ui/write-error";
import { ConsentCheckbox, SegmentField, TagsField } from "./subscriber-fields";
import { tagsTextField } from "./tags-field";
import { useCreateSubscriber } from "./use-subscriber-mutations";

/** The server's rules, with tags typed as one comma-separated line. */
const formSchema = subscriberCreateSchema.extend({ tags: tagsTextField });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const blank: FormInput = {
  email: "",
  firstName: "",
  lastName: "",
  segment: "general",
  tags: "",
  marketingConsent: false,
};

/** Add one contact by hand (source admin_upload). */
export function AddSubscriberDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateSubscriber();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: blank,
    shouldFocusError: false,
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(
    (values) => create.mutate(values, { onSuccess: onClose }),
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  return (
    <FormDialog
      title="Add subscriber"
      description="Add someone who asked to hear from us in person, by email or at an event."
      onClose={onClose}
      formId={`${id}-form`}
      formRef={formRef}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Add subscriber"
      pendingLabel="Adding..."
      className="grid gap-4 sm:grid-cols-2"
    >
      <FormField
        id={`${id}-email`}
        name="email"
        label="Email"
        required
        error={errors.email?.message}
        className="sm:col-span-2"
      >
        {(control) => <Input {...control} type="email" autoComplete="off" {...form.register("email")} />}
      </FormField>
      <FormField id={`${id}-first`} name="firstName" label="First name" error={errors.firstName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register("firstName")} />}
      </FormField>
      <FormField id={`${id}-last`} name="lastName" label="Last name" error={errors.lastName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register("lastName")} />}
      </FormField>
      <SegmentField
        id={`${id}-segment`}
        label="Segment"
        error={errors.segment?.message}
        {...form.register("segment")}
      />
      <TagsField
        id={`${id}-tags`}
        label="Tags"
        hint="Separate tags with commas, e.g. donor, bali-2026."
        error={errors.tags?.message}
        {...form.register("tags")}
      />
      <Controller
        control={form.control}
        name="marketingConsent"
        render={({ field }) => (
          <ConsentCheckbox
            id={`${id}-consent`}
            label="This person agreed to receive marketing emails"
            hint="Without it they get application and system emails only, never campaigns."
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      {/* The server's reason, such as the 409 for an address already on the list. */}
      <WriteError mutation={create} fallback="The subscriber could not be added." className="sm:col-span-2" />
    </FormDialog>
  );
}
