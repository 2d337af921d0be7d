import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { retreatStatuses, retreatStatusLabels } from "../../../shared/admin-constants";
import { retreatDefaults } from "../../../shared/constants";
import {
  type AdminRetreat,
  datesProblem,
  maxRetreatCapacity,
  minRetreatCapacity,
  retreatCreateSchema,
  retreatUpdateSchema,
} from "../../../shared/schemas/retreats-admin";
import type { AppSettings } from "../../../shared/schemas/settings";
import { defaultRetreatTimeZone } from "../../../shared/session-types";
import { FormDialog } from "../../components/ui/dialog";
import { FieldError, focusFirstError } from "../../components/ui/form-field";
import { InputField, LabelledOptions, SelectField, TextareaField } from "../../components/ui/rhf-fields";
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

/**
 * The form checked by the API's own schema (create, or update over the changed fields only), plus
 * the dates rule, which the schema skips while any field is invalid. The body sent is what was typed.
 */
function retreatResolver(editing: boolean, changedOf: (values: Values) => readonly Field[]): Resolver<Values> {
  return (values) => {
    const changed = changedOf(values);
    if (changed.length === 0) return { values, errors: {} };
    const parsed = (editing ? retreatUpdateSchema : retreatCreateSchema).safeParse(toBody(values, changed));
    const next = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (changed.includes("startDate") || changed.includes("endDate")) {
      const problem = datesProblem({ startDate: values.startDate || null, endDate: values.endDate || null });
      if (problem) next[problem.path] ??= problem.message;
    }
    const errors: FieldErrors<Values> = {};
    for (const [field, message] of Object.entries(next)) errors[field as Field] = { type: "validate", message };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Add (retreat null) or edit a retreat. Field problems show under their field; others above the buttons. */
export function RetreatFormDialog({ retreat, onClose }: { retreat: AdminRetreat | null; onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const settings = useQuery<AppSettings>({ queryKey: settingsQueryKey, enabled: !retreat });
  const original = useRef(initial(retreat, settings.data));
  const untouchedDefaults = useRef(retreat ? null : original.current);
  // Only what changed on an edit, so an untouched field never blocks it and the audit stays precise.
  const changedOf = (values: Values) => (retreat ? fields.filter((f) => values[f] !== original.current[f]) : fields);
  const form = useForm<Values>({
    resolver: retreatResolver(retreat !== null, changedOf),
    defaultValues: original.current,
    shouldFocusError: false,
    reValidateMode: "onSubmit",
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [errorsShown, setErrorsShown] = useState(0);

  // The defaults may arrive after the dialog opened; take them unless the owner has started typing.
  useEffect(() => {
    if (!settings.data || !untouchedDefaults.current) return;
    const fallback = untouchedDefaults.current;
    untouchedDefaults.current = null;
    const current = form.getValues();
    if (fields.every((f) => current[f] === fallback[f])) form.reset(initial(null, settings.data));
  }, [settings.data, form]);

  const showErrors = (names: string[]) => {
    // The messages are role=alert, so they are read out even though focus moves before they render.
    focusFirstError(document.getElementById(formId), names);
    setErrorsShown((n) => n + 1);
  };

  // Focus lands on the control; on a phone its message below can sit under the pinned buttons.
  useEffect(() => {
    if (errorsShown === 0) return;
    const field = document.getElementById(formId)?.querySelector('[aria-invalid="true"]')?.closest("[data-field]");
    field?.scrollIntoView?.({ block: "nearest" });
  }, [errorsShown, formId]);

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
      for (const [field, text] of Object.entries(fieldErrors))
        form.setError(field as Field, { type: "server", message: text });
      showErrors(Object.keys(fieldErrors));
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      const changed = changedOf(values);
      if (changed.length === 0) return onClose();
      save.mutate(toBody(values, changed));
    },
    (errors) => {
      setFormError(null);
      showErrors(Object.keys(errors));
    },
  );

  const [status, startDate] = form.watch(["status", "startDate"]);
  return (
    <FormDialog
      size="lg"
      onClose={onClose}
      title={retreat ? "Edit retreat" : "Add retreat"}
      description="Payment plans, refunds, places and the schedule follow these dates, capacity and time zone."
      formId={formId}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={retreat ? "Save retreat" : "Add retreat"}
      className="grid gap-4 sm:grid-cols-2"
    >
      <InputField form={form} name="name" label="Name" required className="sm:col-span-2" autoComplete="off" />
      <TextareaField form={form} name="description" label="Description" className="sm:col-span-2" rows={3} />
      <InputField
        form={form}
        name="startDate"
        label="Start date"
        hint="Leave both dates empty while they are to be announced."
        type="date"
      />
      <InputField form={form} name="endDate" label="End date" type="date" min={startDate || undefined} />
      <InputField
        form={form}
        name="capacity"
        label="Capacity (people)"
        required
        hint={retreat ? `${retreat.placesTaken} taken now; a couple counts as 2.` : "A couple counts as 2."}
        type="number"
        inputMode="numeric"
        min={Math.max(minRetreatCapacity, retreat?.placesTaken ?? 0)}
        max={maxRetreatCapacity}
        step={1}
      />
      <SelectField form={form} name="status" label="Status">
        {/* An older row may carry a status outside the list; keep it selectable rather than lose it. */}
        {(retreatStatuses as readonly string[]).includes(status) ? null : <option value={status}>{status}</option>}
        <LabelledOptions values={retreatStatuses} labels={retreatStatusLabels} />
      </SelectField>
      <InputField form={form} name="location" label="Location" required />
      <InputField
        form={form}
        name="timezone"
        label="Time zone"
        required
        hint="IANA name, e.g. Asia/Makassar for Bali."
        list={`${id}-zones`}
        autoComplete="off"
        spellCheck={false}
      />
      <datalist id={`${id}-zones`}>
        {timeZones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <InputField
        form={form}
        name="currency"
        label="Currency"
        required
        hint="Three letters, e.g. GBP."
        maxLength={3}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        inputClassName="uppercase"
      />
      {formError ? (
        <div className="sm:col-span-2">
          <FieldError>{formError}</FieldError>
        </div>
      ) : null}
    </FormDialog>
  );
}
