import { useId } from "react";
import { zoneLabel } from "../../../shared/display/time";
import {
  type Session,
  type SessionInput,
  type SessionInputParsed,
  sessionInputSchema,
} from "../../../shared/schemas/schedule";
import { sessionTypeLabels, sessionTypes } from "../../../shared/session-types";
import { FormDialog } from "../../components/ui/dialog";
import {
  focusInvalid,
  InputField,
  LabelledOptions,
  SelectField,
  TextareaField,
  useSchemaForm,
} from "../../components/ui/rhf-fields";
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
  const formId = `${id}-form`;
  const form = useSchemaForm(sessionInputSchema, defaults(session, defaultDate));

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

  const title = session ? "Edit session" : "New session";
  return (
    <FormDialog
      size="lg"
      onClose={onClose}
      title={title}
      formLabel={session ? "Edit session" : "Create session"}
      description={`Times are ${zoneLabel(timeZone)}, the retreat's clock (${timeZone}).`}
      formId={formId}
      onSubmit={form.handleSubmit((values) => save.mutate(values), focusInvalid(formId))}
      pending={save.isPending}
      submitLabel={session ? "Save session" : "Create session"}
      className="grid gap-4 sm:grid-cols-2"
    >
      <InputField form={form} name="title" label="Title" required className="sm:col-span-2" />
      <TextareaField form={form} name="description" label="Description" rows={3} className="sm:col-span-2" />
      <InputField form={form} name="date" label="Date" required type="date" />
      <SelectField form={form} name="type" label="Type">
        <LabelledOptions values={sessionTypes} labels={sessionTypeLabels} />
      </SelectField>
      <InputField form={form} name="startTime" label="Start time" required type="time" />
      <InputField form={form} name="endTime" label="End time" required type="time" />
      <InputField form={form} name="location" label="Location" />
      <div className="flex items-center gap-3 self-end pb-2">
        <input id={`${id}-public`} type="checkbox" className="size-5 accent-primary" {...form.register("isPublic")} />
        <label htmlFor={`${id}-public`} className="text-sm font-medium">
          Show to guests (public)
        </label>
      </div>
    </FormDialog>
  );
}
