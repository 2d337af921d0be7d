import { useRef } from "react";
import type { TemplateVariable } from "../../../../shared/schemas/email-templates";

/** `{{ name }}` as it is typed in a template. */
export function variableToken(name: string): string {
  return `{{ ${name} }}`;
}

/**
 * Puts text where the cursor (or selection) was in a field, then returns the cursor to just
 * after it. The field keeps its selection while a button is clicked, so this works from a list.
 */
export function insertAtCursor(
  field: HTMLInputElement | HTMLTextAreaElement | null,
  text: string,
  setValue: (next: string) => void,
): void {
  if (!field) return;
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  setValue(field.value.slice(0, start) + text + field.value.slice(end));
  const caret = start + text.length;
  field.focus();
  field.setSelectionRange(caret, caret);
}

/** The variables a message may use, each a button that inserts it at the cursor. */
export function VariableList({
  variables,
  onInsert,
  headingId,
  fields = "subject or content",
}: {
  variables: readonly TemplateVariable[];
  onInsert: (token: string) => void;
  headingId: string;
  /** Where a click inserts, as the form names its fields. */
  fields?: string;
}) {
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-border p-3">
      <h4 id={headingId} className="text-sm font-medium">
        Variables
      </h4>
      <p className="text-sm text-muted-foreground">Click one to insert it where the cursor is in the {fields}.</p>
      <ul className="grid gap-1.5 sm:grid-cols-2">
        {variables.map((variable) => {
          const token = variableToken(variable.name);
          return (
            <li key={variable.name} className="flex min-w-0 flex-col items-start gap-0.5">
              <button
                type="button"
                aria-label={`Insert ${token}`}
                onClick={() => onInsert(token)}
                className="rounded-md border border-border bg-muted px-2 py-1 font-mono text-xs text-foreground hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {token}
              </button>
              <span className="text-xs text-muted-foreground">{variable.description}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * Remembers which of a form's text fields had the cursor last, so a variable button inserts
 * there. `bind` goes on each field after react-hook-form's register (it chains register's ref).
 */
export function useInsertTarget<N extends string>(initial: N) {
  const fields = useRef<Partial<Record<N, TextField | null>>>({});
  const last = useRef<N>(initial);
  return {
    bind: (name: N, registeredRef: (element: TextField | null) => void) => ({
      ref: (element: TextField | null) => {
        registeredRef(element);
        fields.current[name] = element;
      },
      onFocus: () => {
        last.current = name;
      },
    }),
    insert: (token: string, setValue: (name: N, next: string) => void) => {
      const name = last.current;
      insertAtCursor(fields.current[name] ?? null, token, (next) => setValue(name, next));
    },
  };
}
