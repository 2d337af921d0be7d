import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { whenReached } from "../lib/when-reached";

export type SectionLoader = () => Promise<{ default: ComponentType }>;

/** Start loading a form this far before it scrolls into view, so it is ready when it arrives. */
const PRELOAD_MARGIN_PX = 1200;

interface DeferredSectionProps {
  /** The section's anchor; the placeholder carries it until the real section replaces it. */
  id: string;
  /** Loads the real section (a separate chunk), or null while that section does not exist yet. */
  load: SectionLoader | null;
  /**
   * What the prerendered HTML and the first client render show: the heading and a skeleton.
   * While `busy` its heading must be focusable (tabIndex 0), so a keyboard visitor who gets
   * there before the code does stops on it instead of skipping the form.
   */
  placeholder: (props: { id: string; busy: boolean }) => ReactNode;
}

/** Runs `onMount` once the real section has replaced the placeholder in the DOM. */
function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(() => onMount(), [onMount]);
  return null;
}

/**
 * A form section whose code stays out of the landing page's first load: the prerendered HTML has
 * the placeholder, and the real section's chunk is fetched once the visitor gets near it, follows
 * a link to it, or uses the keyboard. First paint and hydration never wait for form code.
 *
 * Keyboard visitors: the first Tab anywhere on the page loads the section, so its controls are in
 * the tab order long before focus gets there. If focus still reaches the placeholder first (slow
 * network), the placeholder's heading holds it, and when the section arrives its heading (same
 * text, same place) takes the focus over: the next Tab goes to the form's first control.
 */
export function DeferredSection({ id, load, placeholder }: DeferredSectionProps) {
  const [wanted, setWantedNow] = useState(false);
  // A transition: the placeholder stays in the DOM (and keeps any focus) until the section's code
  // is here, instead of being swapped for a copy of itself while it loads.
  const setWanted = useCallback((value: boolean) => startTransition(() => setWantedNow(value)), []);
  const holder = useRef<HTMLDivElement>(null);
  const focusInPlaceholder = useRef(false);
  const loaded = useRef(false);
  const Section = useMemo(() => (load ? lazy(load) : null), [load]);

  useEffect(() => {
    if (!Section || wanted) return;
    const onHashLink = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="#${id}"]`);
      if (link) setWanted(true);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Tab") setWanted(true);
    };
    document.addEventListener("click", onHashLink, true);
    document.addEventListener("keydown", onKey, true);
    // The holder is display:contents (no box, no position): watch the placeholder inside it.
    const target = holder.current?.firstElementChild ?? holder.current;
    const stopWatching = target ? whenReached(target, PRELOAD_MARGIN_PX, () => setWanted(true)) : undefined;
    if (!target) setWanted(true);
    return () => {
      document.removeEventListener("click", onHashLink, true);
      document.removeEventListener("keydown", onKey, true);
      stopWatching?.();
    };
  }, [Section, wanted, id, setWanted]);

  // Focus on the placeholder (its heading) loads the section and is remembered for the hand-over.
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const onFocusIn = () => {
      if (loaded.current) return;
      focusInPlaceholder.current = true;
      setWanted(true);
    };
    const onFocusOut = (event: FocusEvent) => {
      // Focus moving on to another element; one without a next element is the placeholder going.
      if (event.relatedTarget) focusInPlaceholder.current = false;
    };
    element.addEventListener("focusin", onFocusIn);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      element.removeEventListener("focusin", onFocusIn);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, [setWanted]);

  const onSectionMounted = useCallback(() => {
    loaded.current = true;
    if (!focusInPlaceholder.current) return;
    focusInPlaceholder.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const headingId = holder.current?.firstElementChild?.getAttribute("aria-labelledby");
    const heading = headingId ? document.getElementById(headingId) : null;
    heading?.focus({ preventScroll: true });
  }, []);

  const fallback = placeholder({ id, busy: Section !== null });
  return (
    <div ref={holder} className="contents">
      <Suspense fallback={fallback}>
        {Section && wanted ? (
          <>
            <Section />
            <Mounted onMount={onSectionMounted} />
          </>
        ) : (
          fallback
        )}
      </Suspense>
    </div>
  );
}
