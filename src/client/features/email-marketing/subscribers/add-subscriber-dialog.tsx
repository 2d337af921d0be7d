import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { subscriberCreateSchema } from "../../../../shared/schemas/email-subscribers";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { AdminDialog } from "../../../components/ui/dialog";
import { FormField, focusFirstError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { serverMessage } from "../../../lib/api-error-message";
import { SegmentOptions } from "./segment-options";
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
  const form = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(formSchema), defaultValues: blank });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(
    (values) => create.mutate(values, { onSuccess: onClose }),
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  return (
    <AdminDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add subscriber"
      description="Add someone who asked to hear from us in person, by email or at an event."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={create.isPending}>
            {create.isPending ? "Adding..." : "Add subscriber"}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} ref={formRef} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
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
        <FormField id={`${id}-segment`} name="segment" label="Segment" error={errors.segment?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("segment")}>
              <SegmentOptions />
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id={`${id}-tags`}
          name="tags"
          label="Tags"
          hint="Separate tags with commas, e.g. donor, bali-2026."
          error={errors.tags?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register("tags")} />}
        </FormField>
        <Controller
          control={form.control}
          name="marketingConsent"
          render={({ field }) => (
            <div className="flex items-start gap-3 sm:col-span-2" data-field="marketingConsent">
              <Checkbox
                id={`${id}-consent`}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-describedby={`${id}-consent-hint`}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-consent`}>This person agreed to receive marketing emails</Label>
                <p id={`${id}-consent-hint`} className="text-sm text-muted-foreground">
                  Without it they get application and system emails only, never campaigns.
                </p>
              </div>
            </div>
          )}
        />
        {create.isError ? (
          // The server's reason, such as the 409 for an address already on the list.
          <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
            {serverMessage(create.error) ?? "The subscriber could not be added."}
          </p>
        ) : null}
      </form>
    </AdminDialog>
  );
}
