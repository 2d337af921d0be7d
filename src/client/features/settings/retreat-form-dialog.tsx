import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { retreatDefaults } from "../../../shared/constants";
import {
  type AdminRetreat,
  datesProblem,
  maxRetreatCapacity,
  minRetreatCapacity,
  retreatCreateSchema,
  retreatStatuses,
  retreatStatusLabels,
  retreatUpdateSchema,
} from "../../../shared/schemas/admin-retreats";
import { defaultRetreatTimeZone } from "../../../shared/schemas/schedule";
import type { AppSettings } from "../../../shared/schemas/settings";
import { AdminDialog, FormDialogFooter } from "../../components/ui/dialog";
import { FieldError, FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { ApiError } from "../../lib/api-request";
import { useWrite } from "../../lib/use-write";
import { auditLogsPath } from "../audit/audit-api";
import { dashboardPath } from "../dashboard/dashboard-api";
import { currentRetreatPath } from "../landing/landing-api";
import { sessionsPath } from "../schedule/schedule-api";
import { retreatsPath, settingsQueryKey } from "./settings-api";

type Field =
  | "name"
  | "description"
  | "startDate"
  | "endDate"
  | "capacity"
  | "location"
  | "timezone"
  | "status"
  | "currency";
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const fields: readonly Field[] = [
  "name",
  "description",
  "startDate",
  "endDate",
  "capacity",
  "location",
  "timezone",
  "status",
  "currency",
];

/** Every zone the browser knows, offered as suggestions; the server has the final word. */
const timeZones: readonly string[] =
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

function initial(retreat: AdminRetreat | null, defaults: AppSettings | undefined): Values {
  if (retreat) {
    return {
      name: retreat.name,
      description: retreat.description ?? "",
      startDate: retreat.startDate ?? "",
      endDate: retreat.endDate ?? "",
      capacity: String(retreat.capacity),
      location: retreat.location,
      timezone: retreat.timezone,
      status: retreat.status,
      currency: retreat.currency,
    };
  }
  return {
    name: "",
    description: "",
    startDate: "",
    endDate: "",
    capacity: String(defaults?.defaultCapacity ?? retreatDefaults.capacity),
    location: defaults?.defaultLocation ?? retreatDefaults.location,
    timezone: defaultRetreatTimeZone,
    status: "planning",
    currency: defaults?.currency ?? retreatDefaults.currency,
  };
}

/** Form text to the API's types: empty dates are "no date", capacity a number (NaN fails validation). */
function toBody(values: Values, only: readonly Field[] = fields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of only) {
    const value = values[field];
    if (field === "startDate" || field === "endDate") body[field] = value || null;
    else if (field === "capacity") body[field] = value.trim() === "" ? Number.NaN : Number(value);
    else body[field] = value;
  }
  return body;
}

function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (fields.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's `{ message, errors: [{ path: "body.capacity", message }] }` as field errors plus a message. */
function serverErrors(error: unknown): { fieldErrors: Errors; message: string } {
  const fallback = "Saving failed. Please try again.";
  if (!(error instanceof ApiError)) return { fieldErrors: {}, message: fallback };
  try {
    const body = JSON.parse(error.body) as { message?: string; errors?: { path: string; message: string }[] };
    const issues = (body.errors ?? []).map((e) => ({
      path: e.path.replace(/^body\./, "").split("."),
      message: e.message,
    }));
    return { fieldErrors: issuesToErrors(issues), message: body.message || fallback };
  } catch {
    return { fieldErrors: {}, message: fallback };
  }
}

/** Add (retreat null) or edit a retreat. Field problems show under their field; others above the buttons. */
export function RetreatFormDialog({ retreat, onClose }: { retreat: AdminRetreat | null; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const settings = useQuery<AppSettings>({ queryKey: settingsQueryKey, enabled: !retreat });
  const [values, setValues] = useState<Values>(() => initial(retreat, settings.data));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const original = useRef(values);
  const untouchedDefaults = useRef(retreat ? null : values);

  // The defaults may arrive after the dialog opened; take them unless the owner has started typing.
  useEffect(() => {
    if (!settings.data || !untouchedDefaults.current) return;
    const fallback = untouchedDefaults.current;
    untouchedDefaults.current = null;
    setValues((current) => (fields.every((f) => current[f] === fallback[f]) ? initial(null, settings.data) : current));
  }, [settings.data]);

  const showErrors = (next: Errors) => {
    setErrors(next);
    // The messages are role=alert, so they are read out even though focus moves before they render.
    focusFirstError(formRef.current, Object.keys(next));
  };

  // Focus lands on the control; on a phone its message below can sit under the pinned buttons.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const field = formRef.current?.querySelector('[aria-invalid="true"]')?.closest("[data-field]");
    field?.scrollIntoView?.({ block: "nearest" });
  }, [errors]);

  const save = useWrite<Record<string, unknown>, AdminRetreat>({
    request: (body) =>
      retreat
        ? { method: "PATCH", path: `${retreatsPath}/${retreat.id}`, body }
        : { method: "POST", path: retreatsPath, body },
    success: (saved) => ({ title: retreat ? "Retreat updated" : "Retreat created", description: saved.name }),
    // Dates, capacity and zone feed the landing page, schedule, places and the dashboard.
    refresh: [retreatsPath, currentRetreatPath, dashboardPath, sessionsPath, auditLogsPath],
    onSuccess: onClose,
    onError: (error) => {
      const { fieldErrors, message } = serverErrors(error);
      setFormError(Object.keys(fieldErrors).length > 0 ? null : message);
      showErrors(fieldErrors);
    },
  });

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    // Only what changed on an edit, so an untouched field never blocks it and the audit stays precise.
    const changed = retreat ? fields.filter((f) => values[f] !== original.current[f]) : fields;
    if (changed.length === 0) return onClose();
    const body = toBody(values, changed);
    const parsed = (retreat ? retreatUpdateSchema : retreatCreateSchema).safeParse(body);
    const next = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    // Checked apart from the schema, whose object-level rule is skipped while any field is invalid.
    if (changed.includes("startDate") || changed.includes("endDate")) {
      const problem = datesProblem({ startDate: values.startDate || null, endDate: values.endDate || null });
      if (problem) next[problem.path] ??= problem.message;
    }
    if (Object.keys(next).length > 0) return showErrors(next);
    setErrors({});
    save.mutate(body);
  }

  const control = (field: Field) => ({ value: values[field], onChange: set(field) });
  const formId = `${id}-form`;
  const title = retreat ? "Edit retreat" : "Add retreat";
  return (
    <AdminDialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Payment plans, refunds, places and the schedule follow these dates, capacity and time zone."
      footer={
        <FormDialogFooter
          formId={formId}
          pending={save.isPending}
          submitLabel={retreat ? "Save retreat" : "Add retreat"}
          onCancel={onClose}
        />
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        aria-label={title}
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField id={`${id}-name`} name="name" label="Name" required error={errors.name} className="sm:col-span-2">
          {(c) => <Input {...c} {...control("name")} autoComplete="off" />}
        </FormField>
        <FormField
          id={`${id}-description`}
          name="description"
          label="Description"
          error={errors.description}
          className="sm:col-span-2"
        >
          {(c) => <Textarea rows={3} {...c} {...control("description")} />}
        </FormField>
        <FormField
          id={`${id}-start`}
          name="startDate"
          label="Start date"
          hint="Leave both dates empty while they are to be announced."
          error={errors.startDate}
        >
          {(c) => <Input type="date" {...c} {...control("startDate")} />}
        </FormField>
        <FormField id={`${id}-end`} name="endDate" label="End date" error={errors.endDate}>
          {(c) => <Input type="date" min={values.startDate || undefined} {...c} {...control("endDate")} />}
        </FormField>
        <FormField
          id={`${id}-capacity`}
          name="capacity"
          label="Capacity (people)"
          required
          hint={retreat ? `${retreat.placesTaken} taken now; a couple counts as 2.` : "A couple counts as 2."}
          error={errors.capacity}
        >
          {(c) => (
            <Input
              type="number"
              inputMode="numeric"
              min={Math.max(minRetreatCapacity, retreat?.placesTaken ?? 0)}
              max={maxRetreatCapacity}
              step={1}
              {...c}
              {...control("capacity")}
            />
          )}
        </FormField>
        <FormField id={`${id}-status`} name="status" label="Status" error={errors.status}>
          {(c) => (
            <NativeSelect {...c} {...control("status")}>
              {/* An older row may carry a status outside the list; keep it selectable rather than lose it. */}
              {(retreatStatuses as readonly string[]).includes(values.status) ? null : (
                <option value={values.status}>{values.status}</option>
              )}
              {retreatStatuses.map((s) => (
                <option key={s} value={s}>
                  {retreatStatusLabels[s]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-location`} name="location" label="Location" required error={errors.location}>
          {(c) => <Input {...c} {...control("location")} />}
        </FormField>
        <FormField
          id={`${id}-timezone`}
          name="timezone"
          label="Time zone"
          required
          hint="IANA name, e.g. Asia/Makassar for Bali."
          error={errors.timezone}
        >
          {(c) => (
            <>
              <Input {...c} {...control("timezone")} list={`${id}-zones`} autoComplete="off" spellCheck={false} />
              <datalist id={`${id}-zones`}>
                {timeZones.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField
          id={`${id}-currency`}
          name="currency"
          label="Currency"
          required
          hint="Three letters, e.g. GBP."
          error={errors.currency}
        >
          {(c) => (
            <Input
              {...c}
              {...control("currency")}
              maxLength={3}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              className="uppercase"
            />
          )}
        </FormField>
        {formError ? (
          <div className="sm:col-span-2">
            <FieldError>{formError}</FieldError>
          </div>
        ) : null}
      </form>
    </AdminDialog>
  );
}
