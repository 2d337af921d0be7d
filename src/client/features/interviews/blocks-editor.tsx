import { Trash2 } from "lucide-react";
import { useRef } from "react";
import { useWatch } from "react-hook-form";
import {
  type InterviewBlock,
  type InterviewBlockForm,
  interviewBlockFormSchema,
  recurringPatterns,
} from "../../../shared/schemas/interviews";
import { Button } from "../../components/ui/button";
import { focusFirstError } from "../../components/ui/form-field";
import { InputField, SelectField, useSchemaForm } from "../../components/ui/rhf-fields";
import { formatStaffInstant, staffInputsToIso, staffToday, staffZoneLabel } from "./format";
import { useCreateBlock, useDeleteBlock } from "./interview-api";

type Repeat = InterviewBlockForm["repeat"];
const repeatLabels: Record<Repeat, string> = { none: "Does not repeat", daily: "Every day", weekly: "Every week" };

const empty: InterviewBlockForm = {
  startDate: "",
  startTime: "",
  endDate: "",
  endTime: "",
  reason: "",
  repeat: "none",
};

function describeBlock(block: InterviewBlock): string {
  const repeat = block.recurringPattern ? `, ${repeatLabels[block.recurringPattern].toLowerCase()}` : "";
  return `${formatStaffInstant(block.startTime)} to ${formatStaffInstant(block.endTime)}${repeat}`;
}

export function BlocksEditor({ id, blocks }: { id: string; blocks: InterviewBlock[] }) {
  const formRef = useRef<HTMLFormElement>(null);
  // Messages are checked again on the next submit, not as the staff member types.
  const form = useSchemaForm(interviewBlockFormSchema, empty, { reValidateMode: "onSubmit" });
  const startDate = useWatch({ control: form.control, name: "startDate" });
  const create = useCreateBlock();
  const remove = useDeleteBlock();

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await create.mutateAsync({
          startTime: staffInputsToIso(values.startDate, values.startTime),
          endTime: staffInputsToIso(values.endDate, values.endTime),
          reason: values.reason.trim() || null,
          recurringPattern: values.repeat === "none" ? null : values.repeat,
        });
        form.reset(empty);
      } catch {
        // The toast says why; the form keeps what was typed.
      }
    },
    (errors) => focusFirstError(formRef.current, Object.keys(errors)),
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <div>
        <h3 id={`${id}-heading`} className="text-base font-semibold">
          Blocked times
        </h3>
        <p className="text-sm text-muted-foreground">Holidays, appointments: no interview is booked in these.</p>
      </div>
      {blocks.length === 0 ? (
        <p className="text-sm text-muted-foreground">No blocked times.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Blocked times">
          {blocks.map((b) => (
            <li key={b.id} className="flex items-start gap-3 p-3">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">{describeBlock(b)}</p>
                {b.reason ? <p className="text-muted-foreground">{b.reason}</p> : null}
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove block ${describeBlock(b)}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(b.id)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        ref={formRef}
        noValidate
        aria-label="Block time"
        onSubmit={submit}
        className="grid gap-4 rounded-md border border-border p-3 sm:grid-cols-2"
      >
        <InputField
          form={form}
          id={`${id}-start-date`}
          name="startDate"
          label={`From date (${staffZoneLabel})`}
          required
          type="date"
          min={staffToday()}
        />
        <InputField form={form} id={`${id}-start-time`} name="startTime" label="From time" required type="time" />
        <InputField
          form={form}
          id={`${id}-end-date`}
          name="endDate"
          label={`To date (${staffZoneLabel})`}
          required
          type="date"
          min={startDate || staffToday()}
        />
        <InputField form={form} id={`${id}-end-time`} name="endTime" label="To time" required type="time" />
        <InputField form={form} id={`${id}-reason`} name="reason" label="Reason (optional)" maxLength={200} />
        <SelectField form={form} id={`${id}-repeat`} name="repeat" label="Repeat">
          {(["none", ...recurringPatterns] as const).map((r) => (
            <option key={r} value={r}>
              {repeatLabels[r]}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Blocking..." : "Block time"}
          </Button>
        </div>
      </form>
    </section>
  );
}
