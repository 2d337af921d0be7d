import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type InterviewBlock, recurringPatterns } from "../../../shared/schemas/interviews";
import { Button } from "../../components/ui/button";
import { FormField, focusFirstError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { formatStaffInstant, staffInputsToIso, staffToday, staffZoneLabel } from "./format";
import { useCreateBlock, useDeleteBlock } from "./interview-api";

type Repeat = "none" | (typeof recurringPatterns)[number];
const repeatLabels: Record<Repeat, string> = { none: "Does not repeat", daily: "Every day", weekly: "Every week" };

const empty = { startDate: "", startTime: "", endDate: "", endTime: "", reason: "", repeat: "none" as Repeat };
type Form = typeof empty;
type Errors = Partial<Record<"startDate" | "startTime" | "endDate" | "endTime", string>>;

function describeBlock(block: InterviewBlock): string {
  const repeat = block.recurringPattern ? `, ${repeatLabels[block.recurringPattern].toLowerCase()}` : "";
  return `${formatStaffInstant(block.startTime)} to ${formatStaffInstant(block.endTime)}${repeat}`;
}

export function BlocksEditor({ id, blocks }: { id: string; blocks: InterviewBlock[] }) {
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateBlock();
  const remove = useDeleteBlock();
  const set = (key: keyof Form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!form.startDate) next.startDate = "Choose a start date.";
    if (!form.startTime) next.startTime = "Choose a start time.";
    if (!form.endDate) next.endDate = "Choose an end date.";
    if (!form.endTime) next.endTime = "Choose an end time.";
    if (Object.keys(next).length === 0 && `${form.endDate}T${form.endTime}` <= `${form.startDate}T${form.startTime}`) {
      next.endTime = "The end must be after the start.";
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirstError(event.currentTarget, Object.keys(next));
      return;
    }
    try {
      await create.mutateAsync({
        startTime: staffInputsToIso(form.startDate, form.startTime),
        endTime: staffInputsToIso(form.endDate, form.endTime),
        reason: form.reason.trim() || null,
        recurringPattern: form.repeat === "none" ? null : form.repeat,
      });
      setForm(empty);
    } catch {
      // The toast says why; the form keeps what was typed.
    }
  }

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
        noValidate
        aria-label="Block time"
        onSubmit={submit}
        className="grid gap-4 rounded-md border border-border p-3 sm:grid-cols-2"
      >
        <FormField
          id={`${id}-start-date`}
          name="startDate"
          label={`From date (${staffZoneLabel})`}
          required
          error={errors.startDate}
        >
          {(control) => (
            <Input {...control} type="date" min={staffToday()} value={form.startDate} onChange={set("startDate")} />
          )}
        </FormField>
        <FormField id={`${id}-start-time`} name="startTime" label="From time" required error={errors.startTime}>
          {(control) => <Input {...control} type="time" value={form.startTime} onChange={set("startTime")} />}
        </FormField>
        <FormField
          id={`${id}-end-date`}
          name="endDate"
          label={`To date (${staffZoneLabel})`}
          required
          error={errors.endDate}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              min={form.startDate || staffToday()}
              value={form.endDate}
              onChange={set("endDate")}
            />
          )}
        </FormField>
        <FormField id={`${id}-end-time`} name="endTime" label="To time" required error={errors.endTime}>
          {(control) => <Input {...control} type="time" value={form.endTime} onChange={set("endTime")} />}
        </FormField>
        <FormField id={`${id}-reason`} name="reason" label="Reason (optional)">
          {(control) => <Input {...control} maxLength={200} value={form.reason} onChange={set("reason")} />}
        </FormField>
        <FormField id={`${id}-repeat`} name="repeat" label="Repeat">
          {(control) => (
            <NativeSelect {...control} value={form.repeat} onChange={set("repeat")}>
              {(["none", ...recurringPatterns] as const).map((r) => (
                <option key={r} value={r}>
                  {repeatLabels[r]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Blocking..." : "Block time"}
          </Button>
        </div>
      </form>
    </section>
  );
}
