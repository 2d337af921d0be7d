import { CalendarDays, MapPin, Users } from "lucide-react";
import { retreatFacts } from "../content/facts";
import { heroImage } from "../content/images";
import { AnchorButton } from "../ui/link-button";
import { PhotoImage } from "../ui/photo-image";
import { ResponsiveImage } from "../ui/responsive-image";
import { useSiteContent } from "../use-current-retreat";

export function HeroSection() {
  const content = useSiteContent().data?.content;
  if (!content) return null;
  const { hero, dates } = content;
  return (
    <section
      id="hero"
      aria-labelledby="hero-heading"
      className="relative isolate flex min-h-[100svh] items-end overflow-hidden bg-ink"
    >
      {content.photos?.hero ? (
        <PhotoImage
          photo={content.photos.hero}
          sizes="100vw"
          priority
          className="absolute inset-0 -z-10 h-full w-full object-cover"
        />
      ) : (
        <ResponsiveImage
          image={heroImage}
          alt={heroImage.alt}
          sizes="100vw"
          priority
          className="absolute inset-0 -z-10 h-full w-full object-cover object-[62%_50%]"
        />
      )}
      {/* Darkens the picture behind the text for contrast without hiding the sunrise. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-ink via-ink/55 to-ink/10" />
      <div className="mx-auto w-full max-w-7xl px-5 pt-36 pb-16 md:pb-24 lg:px-8">
        <p className="eyebrow text-gold-soft">
          {hero.eyebrow} · {dates.label}
        </p>
        <h1
          id="hero-heading"
          tabIndex={-1}
          className="mt-5 max-w-4xl font-display focus:outline-none text-5xl leading-[1.02] font-medium text-balance text-ivory sm:text-6xl lg:text-7xl"
        >
          {hero.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-ivory/90 md:text-xl">{hero.lead}</p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <AnchorButton href="#apply" variant="gold" size="lg">
            Apply Now
          </AnchorButton>
          <AnchorButton href="#waitlist" variant="outline-light" size="lg">
            Join the Waitlist
          </AnchorButton>
        </div>
        <ul className="mt-12 flex flex-wrap gap-x-8 gap-y-3 text-sm text-ivory/85">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 text-gold-soft" />
            {dates.label} · {retreatFacts.days} days
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 text-gold-soft" />
            Private villa, Bali
          </li>
          <li className="flex items-center gap-2">
            <Users aria-hidden="true" className="size-4 text-gold-soft" />
            Maximum {retreatFacts.capacity} guests
          </li>
        </ul>
      </div>
    </section>
  );
}
