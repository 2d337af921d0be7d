import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { whenReached } from "../lib/when-reached";

export type SectionLoader = () => Promise<{ default: ComponentType }>;

/** Start loading a form this far before it scrolls into view, so it is ready when it arrives. */
const PRELOAD_MARGIN_PX = 1200;

interface DeferredSectionProps {
  /** The section's anchor; the placeholder carries it until the real section replaces it. */
  id: string;
  /** Loads the real section (a separate chunk), or null while that section does not exist yet. */
  load: SectionLoader | null;
  /** What the prerendered HTML and the first client render show: the heading and a skeleton. */
  placeholder: (props: { id: string; busy: boolean }) => ReactNode;
}

/**
 * A form section whose code stays out of the landing page's first load: the prerendered HTML has
 * the placeholder, and the real section's chunk is fetched once the visitor gets near it or
 * follows a link to it. First paint and hydration never wait for form code.
 */
export function DeferredSection({ id, load, placeholder }: DeferredSectionProps) {
  const [wanted, setWanted] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  const Section = useMemo(() => (load ? lazy(load) : null), [load]);

  useEffect(() => {
    if (!Section || wanted) return;
    const onHashLink = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.(`a[href="#${id}"]`);
      if (link) setWanted(true);
    };
    document.addEventListener("click", onHashLink, true);
    // The holder is display:contents (no box, no position): watch the placeholder inside it.
    const target = holder.current?.firstElementChild ?? holder.current;
    const stopWatching = target ? whenReached(target, PRELOAD_MARGIN_PX, () => setWanted(true)) : undefined;
    if (!target) setWanted(true);
    return () => {
      document.removeEventListener("click", onHashLink, true);
      stopWatching?.();
    };
  }, [Section, wanted, id]);

  const fallback = placeholder({ id, busy: Section !== null });
  return (
    <div ref={holder} className="contents">
      {Section && wanted ? (
        <Suspense fallback={fallback}>
          <Section />
        </Suspense>
      ) : (
        fallback
      )}
    </div>
  );
}
