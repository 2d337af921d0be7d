import { useState } from "react";
import { FieldError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useDebouncedSearch } from "../admin-shell/use-debounced-search";
import { StageBadge } from "../applications/admin/stage-badge";
import { personName } from "./format";
import { type PickedApplication, useApplicationSearch } from "./interview-api";

/**
 * Search box plus native radios for the matches: arrow keys move between them and screen readers
 * announce "1 of 8" without any combobox scripting.
 */
export function ApplicationPicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: PickedApplication | null;
  onChange: (application: PickedApplication) => void;
  error?: string;
}) {
  const [filters, setFilters] = useState({ search: "", page: 1 });
  const [text, setText] = useDebouncedSearch(setFilters);
  const results = useApplicationSearch(filters.search, true);
  const found = results.data?.items ?? [];
  // The chosen one stays on screen while another search is typed.
  const options = value && !found.some((a) => a.id === value.id) ? [value, ...found] : found;

  return (
    <fieldset className="grid gap-3" data-field="applicationId">
      <legend className="mb-2 text-sm font-medium leading-none">
        Application
        <span aria-hidden="true" className="ml-0.5 text-accent">
          *
        </span>
      </legend>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-search`}>Find by name or email</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
      </div>
      {results.isPending ? <p className="text-sm text-muted-foreground">Searching…</p> : null}
      {results.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Applications could not be loaded.
        </p>
      ) : null}
      {results.isSuccess && options.length === 0 ? (
        <p className="text-sm text-muted-foreground">No applications match.</p>
      ) : null}
      {options.length > 0 ? (
        <ul
          className="grid max-h-56 gap-1 overflow-y-auto rounded-md border border-border p-1"
          aria-label="Matching applications"
        >
          {options.map((a) => {
            const optionId = `${id}-app-${a.id}`;
            return (
              <li key={a.id}>
                <label
                  htmlFor={optionId}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-muted has-[:checked]:bg-secondary"
                >
                  <input
                    id={optionId}
                    type="radio"
                    name={`${id}-application`}
                    className="size-4 accent-primary"
                    checked={value?.id === a.id}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={() =>
                      onChange({
                        id: a.id,
                        firstName: a.firstName,
                        lastName: a.lastName,
                        email: a.email,
                        stage: a.stage,
                      })
                    }
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{personName(a)}</span>
                    <span className="block truncate text-xs text-muted-foreground">{a.email}</span>
                  </span>
                  <StageBadge stage={a.stage} />
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}
