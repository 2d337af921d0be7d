import type { ComponentProps, ReactNode } from "react";
import { subscriberSegments } from "../../../../shared/subscriber-values";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { segmentLabel } from "./subscriber-labels";

/** <option>s for the segments a contact can be put in. */
export function SegmentOptions() {
  return subscriberSegments.map((segment) => (
    <option key={segment} value={segment}>
      {segmentLabel(segment)}
    </option>
  ));
}

interface FieldText {
  id: string;
  label: string;
  hint?: string;
  error?: string;
}

/** The segment select of the add, edit and import dialogs; the rest of the props go to the select (form.register). */
export function SegmentField({ id, label, hint, error, ...select }: FieldText & ComponentProps<"select">) {
  return (
    <FormField id={id} name="segment" label={label} hint={hint} error={error}>
      {(control) => (
        <NativeSelect {...control} {...select}>
          <SegmentOptions />
        </NativeSelect>
      )}
    </FormField>
  );
}

/** The comma-separated tags box of the add, edit and import dialogs; the rest of the props go to the input. */
export function TagsField({ id, label, hint, error, ...input }: FieldText & ComponentProps<"input">) {
  return (
    <FormField id={id} name="tags" label={label} hint={hint} error={error}>
      {(control) => <Input {...control} autoComplete="off" {...input} />}
    </FormField>
  );
}

/** The marketing consent checkbox with its label and what it means, across both columns of the form. */
export function ConsentCheckbox({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
  onBlur,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur?: () => void;
}) {
  return (
    <div className="flex items-start gap-3 sm:col-span-2" data-field="marketingConsent">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        onBlur={onBlur}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
