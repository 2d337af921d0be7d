import { ChevronDown } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { scheduleDays } from "../content/schedule";
import { whenReached } from "../lib/when-reached";
import { SectionHeading } from "../ui/section-heading";

// Radix Accordion and its helpers are about 9 KB gzip: fetched only when the schedule comes close
// to the viewport (or is touched), so the first load stays within the landing page's JS budget.
const ScheduleAccordion = lazy(() => import("./schedule-accordion"));

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
  const [enhanced, setEnhanced] = useState<{ open: string } | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = list.current;
    if (enhanced || !element) return;
    // Carry over a day the visitor already opened in the plain version.
    const enhance = () => {
      const open = element.querySelector<HTMLDetailsElement>("details[open]")?.dataset.value ?? "";
      setEnhanced({ open });
    };
    const stopWatching = whenReached(element, 400, enhance);
    element.addEventListener("toggle", enhance, true);
    return () => {
      stopWatching();
      element.removeEventListener("toggle", enhance, true);
    };
  }, [enhanced]);

  // Until Radix arrives: native <details> sharing one name, which browsers keep single-open too.
  const plain = (
    <div ref={list} className="border-t border-border">
      {scheduleDays.map((day, index) => (
        <details
          key={day.title}
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
          <Suspense fallback={plain}>
            <ScheduleAccordion initialOpen={enhanced.open} />
          </Suspense>
        ) : (
          plain
        )}
      </div>
    </section>
  );
}
