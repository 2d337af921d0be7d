import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import type { AvailabilityWindow } from "../../../shared/schemas/interviews";
import { Button } from "../../components/ui/button";
import { FieldError } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { staffTimeZone, staffZoneLabel } from "./format";
import { useSaveAvailability } from "./interview-api";

export const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** Monday first, as a working week reads. */
const dayOrder = [1, 2, 3, 4, 5, 6, 0] as const;

type Row = AvailabilityWindow & { key: number };

let nextKey = 1;
const withKey = (w: AvailabilityWindow): Row => ({ ...w, key: nextKey++ });

const sortRows = (rows: Row[]) =>
  [...rows].sort(
    (a, b) =>
      dayOrder.indexOf(a.dayOfWeek as (typeof dayOrder)[number]) -
        dayOrder.indexOf(b.dayOfWeek as (typeof dayOrder)[number]) || a.startTime.localeCompare(b.startTime),
  );

export function WindowsEditor({ id, saved }: { id: string; saved: AvailabilityWindow[] }) {
  const [rows, setRows] = useState<Row[]>(() => sortRows(saved.map(withKey)));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const save = useSaveAvailability();

  useEffect(() => {
    setRows(sortRows(saved.map(withKey)));
    setErrors({});
  }, [saved]);

  const update = (key: number, patch: Partial<AvailabilityWindow>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<number, string> = {};
    for (const r of rows) {
      if (!r.startTime || !r.endTime) next[r.key] = "Enter a start and an end time.";
      else if (r.startTime >= r.endTime) next[r.key] = "The end must be after the start.";
    }
    setErrors(next);
    const first = rows.find((r) => next[r.key]);
    if (first) {
      document.getElementById(`${id}-start-${first.key}`)?.focus();
      return;
    }
    save.mutate(rows.map(({ key: _key, ...w }) => w));
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <div>
        <h3 id={`${id}-heading`} className="text-base font-semibold">
          Weekly windows
        </h3>
        <p className="text-sm text-muted-foreground">
          When you take interviews, {staffZoneLabel}. With none, staff can book you at any time and booking links offer
          Monday to Friday, 09:00–17:00.
        </p>
      </div>
      <form noValidate aria-label="Weekly windows" onSubmit={submit} className="grid gap-3">
        {rows.length === 0 ? <p className="text-sm text-muted-foreground">No windows yet.</p> : null}
        <ul className="grid gap-3">
          {rows.map((r, index) => {
            const n = index + 1;
            const error = errors[r.key];
            const errorId = `${id}-error-${r.key}`;
            return (
              <li key={r.key} className="grid gap-2 rounded-md border border-border p-3">
                <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[1.4fr_1fr_1fr_auto]">
                  <div className="col-span-2 grid gap-2 sm:col-span-1">
                    <Label htmlFor={`${id}-day-${r.key}`}>Day, window {n}</Label>
                    <NativeSelect
                      id={`${id}-day-${r.key}`}
                      value={r.dayOfWeek}
                      onChange={(e) => update(r.key, { dayOfWeek: Number(e.target.value) })}
                    >
                      {dayOrder.map((d) => (
                        <option key={d} value={d}>
                          {dayNames[d]}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-start-${r.key}`}>From, window {n}</Label>
                    <Input
                      id={`${id}-start-${r.key}`}
                      type="time"
                      value={r.startTime}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(e) => update(r.key, { startTime: e.target.value })}
                    />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-end-${r.key}`}>To, window {n}</Label>
                    <Input
                      id={`${id}-end-${r.key}`}
                      type="time"
                      value={r.endTime}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(e) => update(r.key, { endTime: e.target.value })}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="col-span-2 justify-self-end sm:col-span-1"
                    aria-label={`Remove window ${n}`}
                    onClick={() => setRows((current) => current.filter((x) => x.key !== r.key))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                {r.timezone !== staffTimeZone ? (
                  <p className="text-xs text-muted-foreground">Times on the {r.timezone} clock.</p>
                ) : null}
                {error ? <FieldError id={errorId}>{error}</FieldError> : null}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button
            variant="outline"
            onClick={() =>
              setRows((current) => [
                ...current,
                withKey({ dayOfWeek: 1, startTime: "09:00", endTime: "17:00", timezone: staffTimeZone }),
              ])
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            Add window
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save windows"}
          </Button>
        </div>
      </form>
    </section>
  );
}
