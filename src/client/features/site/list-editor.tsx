import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { type ArrayPath, type FieldArray, get, useFieldArray, useFormState } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { FieldError } from "../../components/ui/form-field";
import { IconAction, IconActionProvider } from "../../components/ui/icon-action";
import type { SiteForm, SiteFormValues } from "./site-form";

type ListName = ArrayPath<SiteFormValues>;

/**
 * One list of the site's content (included items, days, audience, questions, team, links): each
 * entry in its own box with move up, move down and remove, and an add button under the list.
 * The order on screen is the order on the page. A message about the list as a whole (too few,
 * too many) shows under it.
 */
export function ListEditor<N extends ListName>({
  form,
  name,
  itemLabel,
  addLabel,
  newItem,
  max,
  empty,
  children,
}: {
  form: SiteForm;
  name: N;
  /** "Question 2", "Day 3": the entry's heading, also naming its buttons. */
  itemLabel: (index: number) => string;
  addLabel: string;
  newItem: () => FieldArray<SiteFormValues, N>;
  max: number;
  /** Shown while the list is empty (lists that may be). */
  empty?: string;
  /** The entry's fields; `prefix` is its place in the form ("faq.2"). */
  children: (prefix: `${N}.${number}`, index: number) => ReactNode;
}) {
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name });
  const { errors } = useFormState({ control: form.control, name });
  const listError = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const listMessage = listError?.root?.message ?? listError?.message;

  return (
    <IconActionProvider>
      <div className="grid gap-4" data-field={name}>
        {fields.length === 0 && empty ? <p className="text-sm text-muted-foreground">{empty}</p> : null}
        <ol className="grid gap-4">
          {fields.map((field, index) => {
            const label = itemLabel(index);
            return (
              <li key={field.id} className="grid gap-4 rounded-md border border-border p-3 sm:p-4">
                <div className="flex items-center justify-between gap-2">
                  <h4 className="text-sm font-semibold">{label}</h4>
                  <div className="flex items-center">
                    <IconAction
                      label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </IconAction>
                    <IconAction
                      label={`Move ${label} down`}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </IconAction>
                    <IconAction label={`Remove ${label}`} danger onClick={() => remove(index)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                    </IconAction>
                  </div>
                </div>
                {children(`${name}.${index}` as `${N}.${number}`, index)}
              </li>
            );
          })}
        </ol>
        {listMessage ? <FieldError>{listMessage}</FieldError> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={fields.length >= max}
            onClick={() => append(newItem(), { shouldFocus: true })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {addLabel}
          </Button>
          {fields.length >= max ? <span className="text-sm text-muted-foreground">At most {max}.</span> : null}
        </div>
      </div>
    </IconActionProvider>
  );
}
