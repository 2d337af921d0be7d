import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { dismiss, pauseToast, resumeToast, type ToastItem, useToast } from "../../lib/use-toast";

const variantClasses = {
  default: "border-border bg-card text-card-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
} as const;

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M18 6 6 18M6 6l12 12" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Toast({ item }: { item: ToastItem }) {
  const destructive = item.variant === "destructive";
  // Hover and focus can overlap; keep the countdown paused until both have ended.
  const holds = useRef({ hover: false, focus: false });

  const update = (key: "hover" | "focus", value: boolean) => {
    holds.current[key] = value;
    if (holds.current.hover || holds.current.focus) pauseToast(item.id);
    else resumeToast(item.id);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) update("focus", false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") dismiss(item.id);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only pause the timer and add Escape; the close button is the real control
    <div
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      onMouseEnter={() => update("hover", true)}
      onMouseLeave={() => update("hover", false)}
      onFocus={() => update("focus", true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      className={cn(
        "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg",
        variantClasses[destructive ? "destructive" : "default"],
      )}
    >
      <div className="grid flex-1 gap-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => dismiss(item.id)}
        className="-m-1 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

const openDialogSelector = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

function dialogIsOpen(): boolean {
  return typeof document !== "undefined" && document.querySelector(openDialogSelector) !== null;
}

/**
 * Whether a modal dialog is open. Dialogs keep their buttons in a footer at the bottom, so toasts
 * move to the top while one is open (on a phone a bottom toast would sit on Save and Cancel).
 * Radix mounts dialogs in a portal on <body> and flips data-state, so a body observer sees both;
 * it only watches while `active` (a toast is showing).
 */
export function useDialogOpen(active = true): boolean {
  const [open, setOpen] = useState(dialogIsOpen);
  useEffect(() => {
    if (!active) return;
    const update = () => setOpen(dialogIsOpen());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["data-state"],
    });
    return () => observer.disconnect();
  }, [active]);
  return open;
}

/** Renders the current toast; mount once in the app root. */
export function Toaster() {
  const { toasts } = useToast();
  const overDialog = useDialogOpen(toasts.length > 0);
  return (
    <div
      data-toaster=""
      data-position={overDialog ? "top" : "bottom"}
      className={cn(
        "pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end",
        overDialog ? "top-0" : "bottom-0",
      )}
    >
      {toasts.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}
