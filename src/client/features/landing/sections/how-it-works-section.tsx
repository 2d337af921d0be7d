import { selectionSteps } from "../content/copy";
import { retreatFacts } from "../content/facts";
import { SectionHeading } from "../ui/section-heading";

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="bg-sand py-24 md:py-32">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionHeading id="how-heading" eyebrow="How it works" title="By application only">
          <p>
            We keep the group small and the values shared. Review takes {retreatFacts.reviewDays} days, then a quick
            chat, then a decision.
          </p>
        </SectionHeading>
        <ol className="relative mt-16 grid gap-10 md:grid-cols-4 md:gap-6">
          <li aria-hidden="true" className="absolute top-7 right-[12%] left-[12%] hidden h-px bg-ink/15 md:block" />
          {selectionSteps.map((step, index) => (
            <li key={step.title} className="relative flex gap-5 md:flex-col md:items-center md:text-center">
              <span className="flex size-14 shrink-0 items-center justify-center rounded-full border border-ink/15 bg-ivory font-display text-2xl text-primary">
                {index + 1}
              </span>
              <div>
                <h3 className="font-display text-2xl text-ink md:mt-5">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mx-auto mt-14 max-w-2xl text-center text-sm text-ink/80">
          Not selected this time? Ask to stay on our priority list for future retreats. A portion of profits goes to a
          local animal sanctuary.
        </p>
      </div>
    </section>
  );
}
