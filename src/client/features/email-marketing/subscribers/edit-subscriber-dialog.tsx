import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import {
  type AdminSubscriber,
  type SubscriberUpdate,
  subscriberUpdateSchema,
} from "../../../../shared/schemas/email-subscribers";
import { Button } from "../../../components/ui/button";
import { AdminDialog, FormDialogFooter } from "../../../components/ui/dialog";
import { FormField, focusFirstError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { WriteError } from "../../../components/ui/write-error";
import { toast } from "../../../lib/use-toast";
import { formatDate } from "../../applications/admin/format";
import { SegmentField, TagsField } from "./subscriber-fields";
import { SubscriberStatusBadge, subscriberName } from "./subscriber-labels";
import { tagsTextField } from "./tags-field";
import { useUpdateSubscriber } from "./use-subscriber-mutations";

const formSchema = subscriberUpdateSchema.pick({ segment: true }).required().extend({
  firstName: subscriberUpdateSchema.shape.firstName.unwrap(),
  lastName: subscriberUpdateSchema.shape.lastName.unwrap(),
  tags: tagsTextField,
  applicationEmails: z.boolean(),
  marketingEmails: z.boolean(),
  systemNotifications: z.boolean(),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const preferences = [
  { name: "applicationEmails", label: "Application emails", hint: "Updates about their application and booking." },
  { name: "marketingEmails", label: "Marketing emails", hint: "Campaigns and newsletters." },
  { name: "systemNotifications", label: "System notifications", hint: "Account and security notices." },
] as const;

function initialValues(subscriber: AdminSubscriber): FormInput {
  return {
    firstName: subscriber.firstName ?? "",
    lastName: subscriber.lastName ?? "",
    segment: subscriber.segment as FormInput["segment"],
    tags: subscriber.tags.join(", "),
    applicationEmails: subscriber.applicationEmails,
    marketingEmails: subscriber.marketingEmails,
    systemNotifications: subscriber.systemNotifications,
  };
}

/** Only what changed is sent, so the server judges just the switches staff actually moved. */
function changes(subscriber: AdminSubscriber, values: FormValues): SubscriberUpdate {
  const patch: SubscriberUpdate = {};
  if (values.firstName !== (subscriber.firstName ?? "")) patch.firstName = values.firstName;
  if (values.lastName !== (subscriber.lastName ?? "")) patch.lastName = values.lastName;
  if (values.segment !== subscriber.segment) patch.segment = values.segment;
  if (values.tags.join(",") !== subscriber.tags.join(",")) patch.tags = values.tags;
  for (const { name } of preferences) {
    if (values[name] !== subscriber[name]) patch[name] = values[name];
  }
  return patch;
}

const isUnsubscribed = (subscriber: AdminSubscriber) =>
  subscriber.globallyUnsubscribed || subscriber.status === "unsubscribed";

/**
 * Names, segment, tags and the three preferences. Staff may switch preferences off, never back
 * on when the person switched them off: the server refuses with 409 and its message is shown.
 */
export function EditSubscriberDialog({ subscriber, onClose }: { subscriber: AdminSubscriber; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateSubscriber();
  const [confirmingUnsubscribe, setConfirmingUnsubscribe] = useState(false);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: initialValues(subscriber),
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const name = subscriberName(subscriber);

  const submit = form.handleSubmit(
    (values) => {
      const patch = changes(subscriber, values);
      if (Object.keys(patch).length === 0) {
        onClose();
        return;
      }
      update.mutate(
        { id: subscriber.id, patch },
        {
          onSuccess: (saved) => {
            toast({ title: "Subscriber updated", description: `${saved.email}'s details were saved.` });
            onClose();
          },
        },
      );
    },
    (invalid) => focusFirstError(formRef.current, Object.keys(invalid)),
  );

  const unsubscribe = () =>
    update.mutate(
      { id: subscriber.id, patch: { unsubscribed: true } },
      {
        onSuccess: (saved) => {
          toast({ title: "Unsubscribed", description: `${saved.email} will get no more emails.` });
          onClose();
        },
      },
    );

  return (
    <AdminDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${name ?? subscriber.email}`}
      description={subscriber.email}
      footer={
        <FormDialogFooter
          formId={`${id}-form`}
          pending={update.isPending}
          submitLabel="Save Changes"
          onCancel={onClose}
        />
      }
    >
      <div className="flex flex-col gap-5">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <SubscriberStatusBadge status={subscriber.status} />
          <span>Subscribed {formatDate(subscriber.subscribedAt)}</span>
          {subscriber.consentAt ? <span>· Marketing consent {formatDate(subscriber.consentAt)}</span> : null}
        </p>
        <form id={`${id}-form`} ref={formRef} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
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
            hint="Separate tags with commas."
            error={errors.tags?.message}
            {...form.register("tags")}
          />
          <fieldset className="grid gap-3 rounded-md border border-border p-4 sm:col-span-2">
            <legend className="px-1 text-sm font-semibold">Email preferences</legend>
            <p className="text-sm text-muted-foreground">
              You can switch a preference off. Only the person can switch back on what they switched off, from the
              preferences link in any email.
            </p>
            {isUnsubscribed(subscriber) ? (
              <p className="text-sm font-medium">They unsubscribed from all emails, so none of these is sent.</p>
            ) : null}
            {preferences.map((preference) => (
              <Controller
                key={preference.name}
                control={form.control}
                name={preference.name}
                render={({ field }) => (
                  <div className="flex items-start justify-between gap-4" data-field={preference.name}>
                    <div className="grid gap-1">
                      <Label htmlFor={`${id}-${preference.name}`}>{preference.label}</Label>
                      <p id={`${id}-${preference.name}-hint`} className="text-sm text-muted-foreground">
                        {preference.hint}
                      </p>
                    </div>
                    <Switch
                      id={`${id}-${preference.name}`}
                      checked={field.value === true}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      aria-describedby={`${id}-${preference.name}-hint`}
                    />
                  </div>
                )}
              />
            ))}
          </fieldset>
        </form>
        {/* The server's reason, such as the 409 when switching on what the person switched off. */}
        <WriteError mutation={update} fallback="The changes could not be saved." />
        <section aria-labelledby={`${id}-unsub`} className="flex flex-col gap-2 border-t border-border pt-4">
          <h3 id={`${id}-unsub`} className="text-sm font-semibold">
            Unsubscribe
          </h3>
          {isUnsubscribed(subscriber) ? (
            <p className="text-sm text-muted-foreground">
              Unsubscribed from all emails
              {subscriber.unsubscribedAt ? ` on ${formatDate(subscriber.unsubscribedAt)}` : ""}
              {subscriber.unsubscribeReason ? ` (${subscriber.unsubscribeReason})` : ""}. Only they can subscribe again.
            </p>
          ) : confirmingUnsubscribe ? (
            <div className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-red-50 p-3">
              <p className="text-sm">
                {subscriber.email} will get no more emails of any kind. Only they can undo this, from their preferences
                link.
              </p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button variant="outline" size="sm" onClick={() => setConfirmingUnsubscribe(false)}>
                  Keep subscribed
                </Button>
                <Button variant="destructive" size="sm" disabled={update.isPending} onClick={unsubscribe}>
                  Confirm unsubscribe
                </Button>
              </div>
            </div>
          ) : (
            <div>
              <Button variant="outline" size="sm" onClick={() => setConfirmingUnsubscribe(true)}>
                Unsubscribe from all emails
              </Button>
            </div>
          )}
        </section>
      </div>
    </AdminDialog>
  );
}
