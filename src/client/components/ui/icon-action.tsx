import { cloneElement, type ReactElement, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cn } from "../../lib/cn";

/** Radix Tooltip's timings, which these tooltips keep: shown after 700 ms, at once when moving between actions. */
const showDelayMs = 700;
const skipDelayMs = 300;
const tipAttribute = "data-action-tip";
const gap = 4;
const edge = 4;

type Tip = { label: string; target: Element };

/**
 * One tooltip for a whole list of icon actions. A list of 25 applications drew 350 Radix tooltips
 * (seven actions per row, in the phone cards and the table), each a tree of providers and a popper,
 * and their render was most of the Applications tab's first paint (issue 22, target 3). Now each
 * action is a plain button carrying its label, and this provider listens to its part of the page:
 * hover an action for 700 ms (or move from one action to the next) and its label shows above it;
 * focusing it by keyboard shows it at once; leaving, blurring, a pointer press, Escape or a scroll
 * hides it. The action's accessible name is the same label, so the tooltip is not announced again.
 */
export function IconActionProvider({ children }: { children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown: Element | null = null;
    let hiddenAt = 0;
    let pointerDown = false;
    const triggerOf = (node: EventTarget | null) =>
      node instanceof Element ? node.closest(`[${tipAttribute}]`) : null;
    const show = (target: Element) => {
      clearTimeout(timer);
      shown = target;
      setTip({ label: target.getAttribute(tipAttribute) ?? "", target });
    };
    const hide = () => {
      clearTimeout(timer);
      if (shown) hiddenAt = Date.now();
      shown = null;
      setTip(null);
    };
    const onPointerOver = (event: PointerEvent) => {
      const target = triggerOf(event.target);
      if (!target || target === shown || event.pointerType === "touch") return;
      clearTimeout(timer);
      if (shown || Date.now() - hiddenAt < skipDelayMs) show(target);
      else timer = setTimeout(() => show(target), showDelayMs);
    };
    const onPointerOut = (event: PointerEvent) => {
      const from = triggerOf(event.target);
      if (from && from !== triggerOf(event.relatedTarget)) hide();
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = triggerOf(event.target);
      // A click focuses the button too; only keyboard focus shows the label (as Radix does).
      if (target && !pointerDown) show(target);
    };
    const onPointerDown = () => {
      pointerDown = true;
      hide();
    };
    const onPointerUp = () => {
      pointerDown = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && shown) hide();
    };
    const listeners: [EventTarget, string, (event: never) => void, AddEventListenerOptions?][] = [
      [root, "pointerover", onPointerOver],
      [root, "pointerout", onPointerOut],
      [root, "focusin", onFocusIn],
      [root, "focusout", hide],
      [root, "pointerdown", onPointerDown],
      [document, "pointerup", onPointerUp],
      [document, "keydown", onKeyDown],
      [window, "scroll", hide, { capture: true, passive: true }],
    ];
    for (const [target, type, listener, options] of listeners) {
      target.addEventListener(type, listener as EventListener, options);
    }
    return () => {
      clearTimeout(timer);
      for (const [target, type, listener, options] of listeners) {
        target.removeEventListener(type, listener as EventListener, options);
      }
    };
  }, []);

  return (
    <div ref={container} className="contents">
      {children}
      {tip ? createPortal(<ActionTooltip tip={tip} />, document.body) : null}
    </div>
  );
}

/** The label above its action (below it when there is no room above), kept inside the window. */
function ActionTooltip({ tip }: { tip: Tip }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const anchor = tip.target.getBoundingClientRect();
    const { width, height } = element.getBoundingClientRect();
    const above = anchor.top - gap - height;
    const top = above >= edge ? above : anchor.bottom + gap;
    const centred = anchor.left + anchor.width / 2 - width / 2;
    const left = Math.min(Math.max(centred, edge), window.innerWidth - width - edge);
    element.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
    element.style.visibility = "visible";
  }, [tip]);
  return (
    <div
      ref={box}
      role="tooltip"
      style={{ position: "fixed", top: 0, left: 0, visibility: "hidden" }}
      className="pointer-events-none z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow-md"
    >
      {tip.label}
    </div>
  );
}

/** The look of a row's icon action: a 36 px square, quiet until hovered. */
export const iconActionClass =
  "inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50";

/** Gives its one child (a button or link named by `label`) the tooltip `label`, shown by the IconActionProvider above it. */
export function ActionTip({ label, children }: { label: string; children: ReactElement }) {
  return cloneElement(children, { [tipAttribute]: label } as Record<string, string>);
}

/**
 * An icon-only button named by `label` (its accessible name and its tooltip); `danger` turns it red
 * on hover. Its tooltip shows inside an `IconActionProvider`.
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
