import { SectionHeading } from "../ui/section-heading";
import { useSiteContent } from "../use-current-retreat";

export function AudienceSection() {
  const audience = useSiteContent().data?.content.audience;
  if (!audience) return null;
  return (
    <section id="who-its-for" aria-labelledby="audience-heading" className="py-24 md:py-32">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionHeading id="audience-heading" eyebrow="Who it is for" title="Made for people who give a lot">
          <p>
            You do not need to be a seasoned activist. You need to care, and to be ready for ten days that change you.
          </p>
        </SectionHeading>
        <ul className="mt-16 grid gap-x-12 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {audience.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the season's published list, rendered in its order and never reordered on the page
            <li key={index} className="border-t border-border pt-6">
              <p aria-hidden="true" className="font-display text-lg text-accent">
                {String(index + 1).padStart(2, "0")}
              </p>
              <h3 className="mt-2 font-display text-2xl text-ink">{item.title}</h3>
              <p className="mt-3 leading-relaxed text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
