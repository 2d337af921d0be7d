import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

/** Props a field hands to its control so the label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
}

interface FieldProps {
  /** The control's id; hint and error ids derive from it. */
  id: string;
  /** The form value name, used to find the first invalid field (see focusFirstError). */
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

/** The visual asterisk; screen readers get aria-required on the control instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-accent">
      *
    </span>
  );
}

/** role=alert so a message that appears after submit is read out without moving focus. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

function controlProps(id: string, required: boolean | undefined, hint: unknown, error: unknown): FieldControlProps {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    "aria-required": required ? true : undefined,
  };
}

/** A labelled control with an optional hint and error message. */
export function FormField({
  id,
  name,
  label,
  required,
  hint,
  error,
  className,
  children,
}: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  return (
    <div className={cn("grid content-start gap-2", className)} data-field={name}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {children(controlProps(id, required, hint, error))}
      {/* Below the control, so controls side by side stay aligned whether or not they have a hint. */}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * A group of controls (radio cards) under a legend. The control gets aria-labelledby pointing at
 * the legend, since a radiogroup inside a fieldset is otherwise unnamed.
 */
export function FieldGroup({
  id,
  name,
  label,
  required,
  hint,
  error,
  className,
  children,
}: FieldProps & { children: (control: FieldControlProps & { "aria-labelledby": string }) => ReactNode }) {
  return (
    <fieldset className={cn("grid gap-3", className)} data-field={name}>
      <legend id={`${id}-label`} className="mb-2 text-sm font-medium leading-none">
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children({ ...controlProps(id, required, hint, error), "aria-labelledby": `${id}-label` })}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

const focusableControl = [
  'input:not([type="hidden"]):not([aria-hidden="true"])',
  "textarea",
  "select",
  '[role="radio"]',
  '[role="checkbox"]',
  '[role="switch"]',
].join(",");

/**
 * Moves focus to the first invalid field in page order (not in schema order), so keyboard and
 * screen-reader users land where the first message is.
 */
export function focusFirstError(root: ParentNode | null | undefined, invalidNames: Iterable<string>): void {
  if (!root) return;
  const invalid = new Set(invalidNames);
  for (const field of root.querySelectorAll<HTMLElement>("[data-field]")) {
    if (!invalid.has(field.dataset.field ?? "")) continue;
    const control = field.querySelector<HTMLElement>(focusableControl);
    if (control) {
      control.focus();
      return;
    }
  }
}
