import * as Accordion from "@radix-ui/react-accordion";
import { scheduleDays } from "../content/schedule";
import { DayLabel, scheduleTriggerClass } from "./schedule-section";

/** Spec: a single-open, collapsible accordion. forceMount keeps every day's text in the DOM. */
export default function ScheduleAccordion({ initialOpen }: { initialOpen: string }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      defaultValue={initialOpen}
      className="border-t border-border"
      data-enhanced="true"
    >
      {scheduleDays.map((day, index) => (
        <Accordion.Item key={day.title} value={`day-${index + 1}`} className="border-b border-border">
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
