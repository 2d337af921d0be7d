import { ChevronDown } from "lucide-react";
import { RichText } from "../ui/rich-text";
import { SectionHeading } from "../ui/section-heading";
import { useSiteContent } from "../use-current-retreat";

/**
 * Native <details>: every answer is in the prerendered HTML, works before scripts load and is
 * found by the browser's find-in-page.
 */
export function FaqSection() {
  const content = useSiteContent().data?.content;
  if (!content) return null;
  const items = content.faq;
  return (
    <section id="faq" aria-labelledby="faq-heading" className="py-24 md:py-32">
      <div className="mx-auto grid max-w-7xl gap-14 px-5 lg:grid-cols-[1fr_1.6fr] lg:gap-20 lg:px-8">
        <div className="lg:sticky lg:top-32 lg:self-start">
          <SectionHeading id="faq-heading" eyebrow="FAQs" title="Questions, answered" align="left">
            <p>
              Anything else? Write to us at{" "}
              <a className="text-primary underline underline-offset-4" href={`mailto:${content.contact.email}`}>
                {content.contact.email}
              </a>
              .
            </p>
          </SectionHeading>
        </div>
        <div className="border-t border-border">
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the season's published list, rendered in its order and never reordered on the page
            <details key={index} className="group border-b border-border">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-6 py-6 font-display text-xl text-ink transition-colors hover:text-primary sm:text-2xl [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground transition-transform duration-300 group-open:rotate-180"
                />
              </summary>
              <RichText html={item.answerHtml} className="pb-7 leading-relaxed text-muted-foreground" />
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
