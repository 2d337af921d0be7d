import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** Wraps a list whose rows carry icon actions: Radix tooltips need one provider above them. */
export const IconActionProvider = Tooltip.Provider;

/** The look of a row's icon action: a 36 px square, quiet until hovered. */
export const iconActionClass =
  "inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50";

/** Shows `label` as a tooltip over its one child (a button or link): 700 ms delay, Radix defaults. */
export function ActionTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={4}
          className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/**
 * An icon-only button named by `label` (its accessible name and its tooltip); `danger` turns it red
 * on hover. Sits inside an `IconActionProvider`.
 */
export function IconAction({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <ActionTip label={label}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        className={cn(iconActionClass, danger && "hover:bg-red-50 hover:text-destructive")}
      >
        {children}
      </button>
    </ActionTip>
  );
}
