import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { zoneLabel } from "../../../shared/display/time";
import {
  type Session,
  type SessionInput,
  type SessionInputParsed,
  sessionInputSchema,
  sessionTypeLabels,
  sessionTypes,
} from "../../../shared/schemas/schedule";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { serverMessage } from "../../lib/api-error-message";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import { serverFieldErrors } from "../email-marketing/templates/server-field-errors";
import { sessionsPath } from "./schedule-api";

const formFields = new Set(["title", "description", "date", "startTime", "endTime", "location", "type"]);

function defaults(session: Session | null, defaultDate: string): SessionInput {
  return {
    title: session?.title ?? "",
    description: session?.description ?? "",
    date: session?.date ?? defaultDate,
    startTime: session?.localStartTime ?? "09:00",
    endTime: session?.localEndTime ?? "10:00",
    location: session?.location ?? "",
    type: (sessionTypes as readonly string[]).includes(session?.type ?? "")
      ? (session!.type as SessionInput["type"])
      : "workshop",
    isPublic: session?.isPublic ?? true,
  };
}

/** Create (session null) or edit a session; times are the retreat's local wall clock. */
export function SessionFormDialog({
  session,
  retreatId,
  timeZone,
  defaultDate,
  onClose,
}: {
  session: Session | null;
  retreatId: string | null;
  timeZone: string;
  defaultDate: string;
  onClose: () => void;
}) {
  const id = useId();
  const form = useForm<SessionInput, unknown, SessionInputParsed>({
    resolver: zodResolver(sessionInputSchema),
    defaultValues: defaults(session, defaultDate),
  });
  const errors = form.formState.errors;

  const save = useWrite<SessionInputParsed, Session>({
    request: ({ retreatId: _ignored, ...fields }) =>
      session
        ? { method: "PATCH", path: `${sessionsPath}/${session.id}`, body: fields }
        : { method: "POST", path: sessionsPath, body: { ...fields, ...(retreatId ? { retreatId } : {}) } },
    success: (saved) => ({ title: session ? "Session updated" : "Session created", description: saved.title }),
    refresh: [sessionsPath],
    onSuccess: onClose,
    onError: (error) => {
      // A reply about one field (a date outside the retreat, an end before the start) is shown under
      // that field, like the form's own checks; only a failure of the whole save is a toast.
      const fields = serverFieldErrors(error);
      let shown = false;
      for (const [name, message] of fields) {
        if (!formFields.has(name)) continue;
        form.setError(name as keyof SessionInput, { type: "server", message }, { shouldFocus: !shown });
        shown = true;
      }
      if (shown) return;
      toast({
        title: session ? "Failed to update session" : "Failed to create session",
        description: serverMessage(error) ?? "Please try again.",
        variant: "destructive",
      });
    },
  });

  const formId = `${id}-form`;
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={session ? "Edit session" : "New session"}
      description={`Times are ${zoneLabel(timeZone)}, the retreat's clock (${timeZone}).`}
      footer={
        <FormDialogFooter
          formId={formId}
          pending={save.isPending}
          submitLabel={session ? "Save session" : "Create session"}
          onCancel={onClose}
        />
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={session ? "Edit session" : "Create session"}
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField
          id={`${id}-title`}
          name="title"
          label="Title"
          required
          error={errors.title?.message}
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} {...form.register("title")} />}
        </FormField>
        <FormField
          id={`${id}-description`}
          name="description"
          label="Description"
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          {(control) => <Textarea rows={3} {...control} {...form.register("description")} />}
        </FormField>
        <FormField id={`${id}-date`} name="date" label="Date" required error={errors.date?.message}>
          {(control) => <Input type="date" {...control} {...form.register("date")} />}
        </FormField>
        <FormField id={`${id}-type`} name="type" label="Type" error={errors.type?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("type")}>
              {sessionTypes.map((type) => (
                <option key={type} value={type}>
                  {sessionTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-start`} name="startTime" label="Start time" required error={errors.startTime?.message}>
          {(control) => <Input type="time" {...control} {...form.register("startTime")} />}
        </FormField>
        <FormField id={`${id}-end`} name="endTime" label="End time" required error={errors.endTime?.message}>
          {(control) => <Input type="time" {...control} {...form.register("endTime")} />}
        </FormField>
        <FormField id={`${id}-location`} name="location" label="Location" error={errors.location?.message}>
          {(control) => <Input {...control} {...form.register("location")} />}
        </FormField>
        <div className="flex items-center gap-3 self-end pb-2">
          <input id={`${id}-public`} type="checkbox" className="size-5 accent-primary" {...form.register("isPublic")} />
          <label htmlFor={`${id}-public`} className="text-sm font-medium">
            Show to guests (public)
          </label>
        </div>
      </form>
    </AdminDialog>
  );
}
