import { retreatFacts } from "../content/facts";
import { aboutImage } from "../content/images";
import { ResponsiveImage } from "../ui/responsive-image";
import { RichText } from "../ui/rich-text";
import { SectionHeading } from "../ui/section-heading";
import { useSiteContent } from "../use-current-retreat";

export function AboutSection() {
  const about = useSiteContent().data?.content.about;
  if (!about) return null;
  const stats = [
    { value: String(retreatFacts.days), label: "days in paradise" },
    { value: String(retreatFacts.capacity), label: "guests at most" },
    { value: "1", label: "private villa" },
    { value: "70%+", label: "come solo" },
  ];
  return (
    <section id="about" aria-labelledby="about-heading" className="overflow-x-clip py-24 md:py-32">
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-5 lg:grid-cols-[1.05fr_1fr] lg:gap-20 lg:px-8">
        <div>
          <SectionHeading id="about-heading" eyebrow={about.eyebrow} title={about.title} align="left">
            <RichText html={about.bodyHtml} />
          </SectionHeading>
          <dl className="mt-12 grid grid-cols-2 gap-x-8 gap-y-8 border-t border-border pt-10 sm:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col gap-1">
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="order-first font-display text-4xl text-primary">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          <div
            aria-hidden="true"
            className="absolute -inset-4 -z-10 translate-x-6 translate-y-6 rounded-[2rem] bg-sand"
          />
          <ResponsiveImage
            image={aboutImage}
            alt={aboutImage.alt}
            sizes="(min-width: 1024px) 40vw, (min-width: 640px) 28rem, 100vw"
            className="aspect-[4/5] h-auto w-full rounded-[2rem] object-cover shadow-2xl shadow-ink/20"
          />
        </div>
      </div>
    </section>
  );
}
