import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

const numberFormat = new Intl.NumberFormat("en-GB");

/**
 * A row of toggle chips that filter a list by status, each with its count when known: one is
 * pressed at a time. The group is named by `legend` (for screen readers); `children` follow the row.
 */
export function FilterChips<V extends string>({
  legend,
  options,
  value,
  onChange,
  label,
  count,
  rowClassName = "-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0",
  children,
}: {
  legend: string;
  options: readonly V[];
  value: V;
  onChange: (value: V) => void;
  label: (option: V) => string;
  /** The option's count; undefined while unknown (no number is shown). */
  count: (option: V) => number | undefined;
  /** The row's layout: it scrolls sideways on phones. */
  rowClassName?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="sr-only">{legend}</legend>
      <div className={rowClassName}>
        {options.map((option) => {
          const n = count(option);
          const selected = value === option;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(option)}
              className={cn(
                "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                selected
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-card text-foreground hover:bg-muted",
              )}
            >
              {label(option)}{" "}
              {n === undefined ? null : (
                <span className={cn("tabular-nums", selected ? "opacity-90" : "text-muted-foreground")}>
                  {numberFormat.format(n)}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}
