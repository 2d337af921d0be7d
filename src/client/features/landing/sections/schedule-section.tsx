import { ChevronDown } from "lucide-react";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { whenReached } from "../lib/when-reached";
import { SectionHeading } from "../ui/section-heading";
import { useSiteContent } from "../use-current-retreat";

// Radix Accordion and its helpers are about 9 KB gzip: fetched only when the schedule comes close
// to the viewport (or is touched), so the first load stays within the landing page's JS budget.
const loadAccordion = () => import("./schedule-accordion");

export interface ScheduleDay {
  title: string;
  description: string;
}

interface ScheduleAccordionProps {
  days: readonly ScheduleDay[];
  initialOpen: string;
  /** The day whose trigger takes focus on mount: the one focused in the plain list, if any. */
  focusDay?: string;
}

interface Enhanced extends Omit<ScheduleAccordionProps, "days"> {
  Accordion: ComponentType<ScheduleAccordionProps>;
}

export const scheduleTriggerClass =
  "group flex w-full cursor-pointer list-none items-center gap-5 py-6 text-left transition-colors hover:text-primary [&::-webkit-details-marker]:hidden";

export function DayLabel({ index, title }: { index: number; title: string }) {
  return (
    <>
      <span className="w-16 shrink-0 eyebrow text-accent">Day {index + 1}</span>
      <span className="flex-1 font-display text-xl text-ink sm:text-2xl">{title}</span>
      <ChevronDown
        aria-hidden="true"
        className="size-5 shrink-0 text-muted-foreground transition-transform duration-300 group-open:rotate-180 group-data-[state=open]:rotate-180"
      />
    </>
  );
}

export function ScheduleSection() {
  const days = useSiteContent().data?.content.schedule ?? [];
  const [enhanced, setEnhanced] = useState<Enhanced | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = list.current;
    if (enhanced || !element) return;
    let cancelled = false;
    let started = false;
    // The swap happens only once the code is here (no Suspense fallback that would replace the
    // list twice), and it carries over what the visitor did in the plain version, read at that
    // moment: the open day, and the day whose summary has keyboard focus, which the accordion's
    // trigger for the same day takes over (otherwise focus would drop to the page).
    const enhance = () => {
      if (started) return;
      started = true;
      loadAccordion().then(
        ({ default: Accordion }) => {
          if (cancelled) return;
          const open = element.querySelector<HTMLDetailsElement>("details[open]")?.dataset.value ?? "";
          const active = document.activeElement;
          const focusDay =
            active && element.contains(active)
              ? active.closest<HTMLDetailsElement>("details")?.dataset.value
              : undefined;
          setEnhanced({ Accordion, initialOpen: open, focusDay });
        },
        // No enhancement: the native list keeps working.
        () => {},
      );
    };
    const stopWatching = whenReached(element, 400, enhance);
    element.addEventListener("toggle", enhance, true);
    return () => {
      cancelled = true;
      stopWatching();
      element.removeEventListener("toggle", enhance, true);
    };
  }, [enhanced]);

  // Until Radix arrives: native <details> sharing one name, which browsers keep single-open too.
  const plain = (
    <div ref={list} className="border-t border-border">
      {days.map((day, index) => (
        <details
          // biome-ignore lint/suspicious/noArrayIndexKey: the season's published list, rendered in its order and never reordered on the page
          key={index}
          name="schedule-day"
          data-value={`day-${index + 1}`}
          className="group border-b border-border"
        >
          <summary className={scheduleTriggerClass}>
            <DayLabel index={index} title={day.title} />
          </summary>
          <p className="pb-7 pl-21 leading-relaxed text-muted-foreground">{day.description}</p>
        </details>
      ))}
    </div>
  );

  return (
    <section id="schedule" aria-labelledby="schedule-heading" className="py-24 md:py-32">
      <div className="mx-auto grid max-w-7xl gap-14 px-5 lg:grid-cols-[1fr_1.4fr] lg:gap-20 lg:px-8">
        <div className="lg:sticky lg:top-32 lg:self-start">
          <SectionHeading id="schedule-heading" eyebrow="Schedule" title="Ten days, day by day" align="left">
            <p>
              A rhythm of learning, adventure and rest. Workshops in the mornings, the island in the afternoons, long
              dinners under the stars. Open a day to see what it holds.
            </p>
          </SectionHeading>
        </div>
        {enhanced ? (
          <enhanced.Accordion days={days} initialOpen={enhanced.initialOpen} focusDay={enhanced.focusDay} />
        ) : (
          plain
        )}
      </div>
    </section>
  );
}
