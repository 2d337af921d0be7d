import { Search } from "lucide-react";
import { cn } from "../../lib/cn";
import { Input } from "./input";
import { Label } from "./label";

/**
 * A labelled search box with a magnifier inside it, for the lists' free-text filter. `hint` is a
 * screen-reader-only description, read after the label (its id is `${id}-hint`).
 */
export function SearchInput({
  id,
  search: [value, onChange],
  placeholder,
  hint,
  label = "Search",
  className,
  inputClassName,
}: {
  id: string;
  /** The box's text and its setter (as `useState` or `useDebouncedSearch` return them). */
  search: readonly [string, (value: string) => void];
  placeholder: string;
  hint?: string;
  label?: string;
  /** Layout classes of the label-and-box column. */
  className?: string;
  /** Width classes of the box. */
  inputClassName?: string;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={cn("pl-9", inputClassName)}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="sr-only">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
