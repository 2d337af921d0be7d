/**
 * Form fields bound to a react-hook-form form by name: each one is a FormField (label, hint, error
 * wired to the control by id) around one control registered with the form. A dialog built with
 * useSchemaForm then only lists its fields:
 *
 *   const form = useSchemaForm(formSchema, initial(item));
 *   <FormDialog formId={formId} onSubmit={form.handleSubmit(save, focusInvalid(formId))} ...>
 *     <InputField form={form} name="name" label="Name" required />
 *     <SelectField form={form} name="type" label="Type">{options}</SelectField>
 *     <CheckboxField form={form} name="isActive" label="Active" />
 *   </FormDialog>
 *
 * Inside a FormDialog a field's id is `${formId}-${name}`; elsewhere pass `id`.
 * The message shown is the form's error for that name (the schema's, or one set with form.setError).
 * `showError={false}` only marks the control invalid, for forms that list every message elsewhere
 * (the finance dialogs' ValidationAlert). Any other prop goes to the control (type, inputMode, rows, ...).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentProps, type ReactNode, useContext, useEffect } from "react";
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
  useFormState,
} from "react-hook-form";
import type { z } from "zod";
import { cn } from "../../lib/cn";
import { whenIdle } from "../../lib/when-idle";
import { Checkbox } from "./checkbox";
import { FormIdContext } from "./dialog";
import { type FieldControlProps, FormField, focusFirstError } from "./form-field";
import { Input } from "./input";
import { Label } from "./label";
import { NativeSelect } from "./native-select";
import { Textarea } from "./textarea";

/**
 * useForm checked by a zod schema (form shape in, API body out), with focus left to the caller:
 * pass focusInvalid(formId) as handleSubmit's second argument so it lands in page order.
 */
export function useSchemaForm<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TValues> | LazySchema<TOutput, TValues>,
  defaultValues: UseFormProps<TValues, unknown, TOutput>["defaultValues"],
  options: Omit<UseFormProps<TValues, unknown, TOutput>, "resolver" | "defaultValues"> = {},
): UseFormReturn<TValues, unknown, TOutput> {
  const lazy = schema instanceof LazySchema ? schema : null;
  useEffect(() => (lazy ? whenIdle(() => void lazy.load().catch(() => undefined)) : undefined), [lazy]);
  return useForm<TValues, unknown, TOutput>({
    resolver: lazy ? lazy.resolver : zodResolver(schema as z.ZodType<TOutput, TValues>),
    defaultValues,
    shouldFocusError: false,
    ...options,
  });
}

/**
 * A form's schema in a module of its own, loaded once the form is on screen and the browser is idle
 * (at the latest when the form is first checked) instead of with the page (decision 024): the form
 * is usable at once, and zod's 25 KB stay out of the tab's first download. Declare it at module
 * level, `const formSchema = lazySchema(() => import("./x-form-schema").then((m) => m.formSchema))`,
 * and pass it to useSchemaForm as a schema.
 */
export class LazySchema<TOutput, TValues extends FieldValues> {
  private started: Promise<z.ZodType<TOutput, TValues>> | undefined;
  constructor(private readonly importSchema: () => Promise<z.ZodType<TOutput, TValues>>) {}

  load(): Promise<z.ZodType<TOutput, TValues>> {
    if (!this.started) {
      this.started = this.importSchema();
      // A failed download is tried again at the next check.
      this.started.catch(() => {
        this.started = undefined;
      });
    }
    return this.started;
  }

  readonly resolver: Resolver<TValues, unknown, TOutput> = async (values, context, options) =>
    zodResolver(await this.load())(values, context, options);
}

export function lazySchema<TOutput, TValues extends FieldValues>(
  importSchema: () => Promise<z.ZodType<TOutput, TValues>>,
): LazySchema<TOutput, TValues> {
  return new LazySchema(importSchema);
}

/** handleSubmit's invalid handler: focus the first invalid field of the form `formId` in page order. */
export function focusInvalid(formId: string) {
  return (errors: FieldErrors) => focusFirstError(document.getElementById(formId), Object.keys(errors));
}

/** What every bound field takes. `T` is the form's values; TOutput is inferred from the form. */
export interface BoundFieldProps<T extends FieldValues, TOutput = T> {
  form: UseFormReturn<T, unknown, TOutput>;
  name: Path<T>;
  /** The control's id (hint and error ids derive from it); inside a FormDialog, `${formId}-${name}` by default. */
  id?: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /** Classes of the field's wrapper (e.g. sm:col-span-2). */
  className?: string;
  /** false: mark the control invalid but show no message under it (another list shows them). */
  showError?: boolean;
}

type ControlProps<C> = Omit<C, "form" | "name" | "id" | "className">;

/** The field's id: the one given, else derived from the FormDialog's form id and the field's name. */
export function useFieldId(name: string, id?: string): string {
  const formId = useContext(FormIdContext);
  if (id) return id;
  if (!formId) throw new Error(`Field "${name}" needs an id outside a FormDialog.`);
  return `${formId}-${name}`;
}

/** The FormField around a control registered as `name`, with that name's error. */
function BoundField<T extends FieldValues, TOutput>({
  form,
  name,
  id,
  label,
  required,
  hint,
  className,
  showError = true,
  render,
}: BoundFieldProps<T, TOutput> & { render: (control: FieldControlProps) => ReactNode }) {
  const { errors } = useFormState({ control: form.control, name });
  const error: FieldError | undefined = get(errors, name);
  return (
    <FormField
      id={useFieldId(name, id)}
      name={name}
      label={label}
      required={required}
      hint={hint}
      error={showError ? error?.message : undefined}
      className={className}
    >
      {(control) => render({ ...control, "aria-invalid": error ? true : undefined })}
    </FormField>
  );
}

/** A bound field's props split into the field's (label, hint, ...) and the control's (the rest). */
function splitField<T extends FieldValues, TOutput, C>(props: BoundFieldProps<T, TOutput> & C) {
  const { form, name, id, label, required, hint, className, showError, ...control } = props;
  const field: BoundFieldProps<T, TOutput> = { form, name, id, label, required, hint, className, showError };
  return [field, control] as const;
}

/** A text-like input (text, number, date, time, email, ...) bound to `name`; inputClassName styles the input. */
export function InputField<T extends FieldValues, TOutput>(
  props: BoundFieldProps<T, TOutput> & ControlProps<ComponentProps<"input">> & { inputClassName?: string },
) {
  const [field, { inputClassName, ...input }] = splitField(props);
  return (
    <BoundField
      {...field}
      render={(control) => (
        <Input {...input} {...control} {...field.form.register(field.name)} className={inputClassName} />
      )}
    />
  );
}

/** A textarea bound to `name`. */
export function TextareaField<T extends FieldValues, TOutput>(
  props: BoundFieldProps<T, TOutput> & ControlProps<ComponentProps<"textarea">>,
) {
  const [field, textarea] = splitField(props);
  return (
    <BoundField
      {...field}
      render={(control) => <Textarea {...textarea} {...control} {...field.form.register(field.name)} />}
    />
  );
}

/** A native select bound to `name`; the options are its children. */
export function SelectField<T extends FieldValues, TOutput>(
  props: BoundFieldProps<T, TOutput> & ControlProps<ComponentProps<"select">>,
) {
  const [field, select] = splitField(props);
  return (
    <BoundField
      {...field}
      render={(control) => <NativeSelect {...select} {...control} {...field.form.register(field.name)} />}
    />
  );
}

/** A checkbox with its label beside it, bound to a boolean `name`. */
export function CheckboxField<T extends FieldValues, TOutput>({
  form,
  name,
  id,
  label,
  className,
}: Pick<BoundFieldProps<T, TOutput>, "form" | "name" | "id" | "label" | "className">) {
  const { field } = useController({ control: form.control, name });
  const controlId = useFieldId(name, id);
  return (
    <div className={cn("flex items-center gap-3", className)} data-field={name}>
      <Checkbox
        id={controlId}
        ref={field.ref}
        checked={field.value === true}
        onBlur={field.onBlur}
        onCheckedChange={(checked) => field.onChange(checked === true)}
      />
      <Label htmlFor={controlId}>{label}</Label>
    </div>
  );
}

/** One <option> per value, shown by its label: the children of a SelectField over an enum. */
export function LabelledOptions<K extends string>({
  values,
  labels,
}: {
  values: readonly K[];
  labels: Readonly<Record<K, string>>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
