import * as Accordion from "@radix-ui/react-accordion";
import { useEffect, useRef } from "react";
import { DayLabel, type ScheduleDay, scheduleTriggerClass } from "./schedule-section";

/**
 * Spec: a single-open, collapsible accordion. forceMount keeps every day's text in the DOM.
 * `focusDay`: the day whose summary had keyboard focus in the plain list this replaces; its
 * trigger takes the focus over, so a keyboard visitor stays where they were.
 */
export default function ScheduleAccordion({
  days,
  initialOpen,
  focusDay,
}: {
  days: readonly ScheduleDay[];
  initialOpen: string;
  focusDay?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusDay) return;
    root.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"] button`)?.focus({ preventScroll: true });
  }, [focusDay]);
  return (
    <Accordion.Root
      ref={root}
      type="single"
      collapsible
      defaultValue={initialOpen}
      className="border-t border-border"
      data-enhanced="true"
    >
      {days.map((day, index) => (
        <Accordion.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: the season's published list, rendered in its order and never reordered on the page
          key={index}
          value={`day-${index + 1}`}
          data-day={`day-${index + 1}`}
          className="border-b border-border"
        >
          <Accordion.Header>
            <Accordion.Trigger className={scheduleTriggerClass}>
              <DayLabel index={index} title={day.title} />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content forceMount className="animate-fade-in data-[state=closed]:hidden">
            <p className="pb-7 pl-21 leading-relaxed text-muted-foreground">{day.description}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
