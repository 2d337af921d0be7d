import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/**
 * A status chip: a small rounded label. Its colours come from the caller (`className`), one pair per
 * status, with the 800 text shades on 100 tints for 4.5:1 contrast. Pass `data-status` so tests and
 * styles can find it by status.
 */
export function Badge({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        className,
      )}
      {...props}
    />
  );
}
