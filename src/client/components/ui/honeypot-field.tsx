import type { ComponentProps } from "react";

/**
 * A field people never see or reach (off-screen, aria-hidden, out of the tab order, no
 * autofill) but form-filling bots do fill; a value in it marks the submission as spam.
 */
export function HoneypotField({ id, ...props }: Omit<ComponentProps<"input">, "type" | "tabIndex" | "autoComplete">) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...props} />
    </div>
  );
}
