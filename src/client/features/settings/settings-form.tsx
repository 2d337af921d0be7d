import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { currencies } from "../../../shared/constants";
import type { AppSettings } from "../../../shared/schemas/settings";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { lazySchema, useSchemaForm } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { auditLogsPath } from "../audit/audit-api";
import { settingsPath, settingsQueryKey } from "./settings-api";

/**
 * What the setting really does (issue 16): it only pre-fills Add retreat. Prices, payments and
 * finance are kept in each retreat's own currency (GBP, spec section 3) and nothing is converted.
 */
export const currencyHint =
  "Pre-fills the currency of a new retreat in Add retreat. It does not change or convert existing retreats, prices, payments or finance figures.";

const settingsSchema = lazySchema(() => import("../../../shared/schemas/settings").then((m) => m.appSettingsSchema));

function SettingsFields({ saved }: { saved: AppSettings }) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useSchemaForm(settingsSchema, saved, { shouldFocusError: true });
  const errors = form.formState.errors;
  useEffect(() => form.reset(saved), [saved, form]);

  const save = useWrite<AppSettings, AppSettings>({
    request: (body) => ({ method: "PUT", path: settingsPath, body }),
    success: "Settings saved",
    failure: "Failed to save settings",
    refresh: [auditLogsPath],
    onSuccess: (next) => queryClient.setQueryData(settingsQueryKey, next),
  });

  return (
    <form
      noValidate
      aria-label="Retreat defaults"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid gap-4 sm:grid-cols-3"
    >
      <FormField
        id={`${id}-currency`}
        name="currency"
        label="Currency"
        hint={currencyHint}
        error={errors.currency?.message}
      >
        {(control) => (
          <NativeSelect {...control} {...form.register("currency")}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={`${id}-capacity`}
        name="defaultCapacity"
        label="Default retreat capacity"
        hint="Pre-fills the capacity of a new retreat in Add retreat."
        error={errors.defaultCapacity?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            {...form.register("defaultCapacity", { valueAsNumber: true })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-location`}
        name="defaultLocation"
        label="Default location"
        hint="Pre-fills the location of a new retreat in Add retreat."
        error={errors.defaultLocation?.message}
      >
        {(control) => <Input {...control} {...form.register("defaultLocation")} />}
      </FormField>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save settings"}
        </Button>
      </div>
    </form>
  );
}

export function SettingsForm() {
  const { data, error } = useQuery<AppSettings>({ queryKey: settingsQueryKey });
  if (error) return <p role="alert">Unable to load settings.</p>;
  if (!data) return <p role="status">Loading settings…</p>;
  return <SettingsFields saved={data} />;
}
