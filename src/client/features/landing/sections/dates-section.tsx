import { CalendarDays } from "lucide-react";
import { retreatFacts } from "../content/facts";
import { useSiteContent } from "../use-current-retreat";

export function DatesSection() {
  const dates = useSiteContent().data?.content.dates;
  if (!dates) return null;
  return (
    <section id="dates" aria-labelledby="dates-heading" className="px-5 lg:px-8">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-sand px-8 py-14 text-center md:px-16">
        <CalendarDays aria-hidden="true" className="mx-auto size-8 text-accent" strokeWidth={1.4} />
        <p className="mt-5 eyebrow text-accent">Dates</p>
        <h2 id="dates-heading" className="mt-3 font-display text-5xl text-ink md:text-6xl">
          {dates.label}
        </h2>
        {dates.detail ? <p className="mt-3 text-lg text-ink/80">{dates.detail}</p> : null}
        <p className="mx-auto mt-6 max-w-2xl leading-relaxed text-muted-foreground">
          {retreatFacts.days} days and {retreatFacts.nights} nights in Bali. The first{" "}
          {retreatFacts.priorityApplications} applications get priority and the best choice of rooms, and applications
          close as soon as the retreat is full.
        </p>
      </div>
    </section>
  );
}
