import { Heart, House, Leaf, type LucideIcon, Megaphone, Mountain, Plane, Users, Utensils } from "lucide-react";
import type { IncludedIcon } from "../../../../shared/schemas/site-content";
import { SectionHeading } from "../ui/section-heading";
import { useSiteContent } from "../use-current-retreat";

const icons: Record<IncludedIcon, LucideIcon> = {
  house: House,
  utensils: Utensils,
  megaphone: Megaphone,
  mountain: Mountain,
  heart: Heart,
  plane: Plane,
  users: Users,
  leaf: Leaf,
};

export function IncludedSection() {
  const includedItems = useSiteContent().data?.content.included;
  if (!includedItems) return null;
  return (
    <section id="included" aria-labelledby="included-heading" className="bg-ink py-24 text-ivory md:py-32">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionHeading id="included-heading" eyebrow="What's Included" title="Everything taken care of" tone="dark">
          <p>Arrive, exhale, and let us handle the rest. Your stay includes:</p>
        </SectionHeading>
        <ul className="mt-16 grid gap-px overflow-hidden rounded-3xl bg-ivory/10 sm:grid-cols-2 lg:grid-cols-4">
          {includedItems.map((item, index) => {
            const Icon = icons[item.icon];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the season's published list, rendered in its order and never reordered on the page
              <li key={index} className="bg-ink-soft/60 p-8 transition-colors hover:bg-ink-soft">
                <Icon aria-hidden="true" className="size-7 text-gold" strokeWidth={1.4} />
                <h3 className="mt-6 font-display text-2xl text-ivory">{item.title}</h3>
                <p className="mt-3 text-sm leading-relaxed text-ivory/75">{item.text}</p>
              </li>
            );
          })}
        </ul>
        <p className="mt-10 text-center text-sm text-ivory/70">
          Not included: flights to Bali and travel insurance (mandatory). See the FAQs for details.
        </p>
      </div>
    </section>
  );
}
