import { useEffect, useId } from "react";
import { type AdminRetreat, type SeasonCopyInput, seasonCopySchema } from "../../../shared/schemas/retreats-admin";
import { dayYearsLater, nextSeasonName, seasonYear } from "../../../shared/season";
import { FormDialog } from "../../components/ui/dialog";
import { focusInvalid, InputField, useSchemaForm } from "../../components/ui/rhf-fields";
import { FormAlert } from "../../components/ui/write-error";
import { serverMessage } from "../../lib/api-error-message";
import { useWrite } from "../../lib/use-write";
import { auditLogsPath } from "../audit/audit-api";
import { serverFieldErrors } from "../email-marketing/templates/server-field-errors";
import { retreatCopyPath, retreatsPath } from "./settings-api";

type Fields = { name: string; startDate: string; endDate: string };
const fieldNames = ["name", "startDate", "endDate"] as const;

/** The following season: named for the next year, a year after the source's dates when it has them. */
export function copyDefaults(source: Pick<AdminRetreat, "name" | "startDate" | "endDate">): Fields {
  const year = seasonYear(source) + 1;
  return {
    name: nextSeasonName(source.name, year),
    startDate: source.startDate ? dayYearsLater(source.startDate, 1) : "",
    endDate: source.endDate ? dayYearsLater(source.endDate, 1) : "",
  };
}

/**
 * Copy season: a new planning retreat from this one with its prices, site draft and templates,
 * named and dated for the following year (both editable). The server's rules check the form.
 */
export function CopySeasonDialog({ source, onClose }: { source: AdminRetreat; onClose: () => void }) {
  const id = useId();
  const formId = `${id}-form`;
  const form = useSchemaForm(seasonCopySchema, copyDefaults(source), {
    reValidateMode: "onSubmit",
  });

  // Until the owner edits the name, it follows the year of the start date they pick.
  const startDate = form.watch("startDate");
  useEffect(() => {
    const year = Number(startDate.slice(0, 4));
    if (form.getFieldState("name").isDirty || !/^\d{4}-\d{2}-\d{2}$/.test(startDate) || year < 1900) return;
    form.setValue("name", nextSeasonName(source.name, year));
  }, [startDate, form, source.name]);

  const copy = useWrite<SeasonCopyInput, AdminRetreat>({
    request: (body) => ({ method: "POST", path: retreatCopyPath(source.id), body }),
    success: (created) => ({
      title: "Season copied",
      description: `${created.name} is planned. Its site is a draft until you publish it.`,
    }),
    refresh: [retreatsPath, auditLogsPath],
    onSuccess: onClose,
    onError: (error) => {
      const fields = serverFieldErrors(error);
      for (const name of fieldNames) {
        const message = fields.get(name);
        if (message) form.setError(name, { type: "server", message });
      }
      if (fields.size === 0) form.setError("root.server", { message: serverMessage(error) ?? "Copying failed." });
    },
  });

  return (
    <FormDialog
      onClose={onClose}
      title="Copy season"
      description={`A new retreat in planning from ${source.name}: capacity, place, prices, the site's words (as a draft) and the season's task and email templates. Applications, guests, payments and money stay with this season.`}
      formId={formId}
      onSubmit={form.handleSubmit((values) => copy.mutate(values), focusInvalid(formId))}
      pending={copy.isPending}
      submitLabel="Copy season"
      pendingLabel="Copying..."
      className="grid gap-4 sm:grid-cols-2"
    >
      <InputField form={form} name="name" label="Name" required className="sm:col-span-2" autoComplete="off" />
      <InputField form={form} name="startDate" label="Start date" required type="date" />
      <InputField form={form} name="endDate" label="End date" required type="date" min={startDate || undefined} />
      <FormAlert className="sm:col-span-2">{form.formState.errors.root?.server?.message}</FormAlert>
    </FormDialog>
  );
}
