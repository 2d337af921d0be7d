import { MapPin } from "lucide-react";
import { teamImages } from "../content/images";
import { PhotoImage } from "../ui/photo-image";
import { ResponsiveImage } from "../ui/responsive-image";
import { RichText } from "../ui/rich-text";
import { SectionHeading } from "../ui/section-heading";
import { useSiteContent } from "../use-current-retreat";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}

export function TeamSection() {
  const team = useSiteContent().data?.content.team;
  // No profiles: no section (and no "Your hosts" heading over nothing).
  if (!team || team.length === 0) return null;
  return (
    <section id="team" aria-labelledby="team-heading" className="bg-ivory py-24 md:py-32">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionHeading id="team-heading" eyebrow="Your hosts" title="The people behind the retreat" />
        <ul className="mx-auto mt-16 grid max-w-5xl gap-12 md:grid-cols-2">
          {team.map((member, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the season's published list, rendered in its order and never reordered on the page
            <li key={index} className="flex flex-col items-center gap-6 text-center">
              <div className="w-40 shrink-0 overflow-hidden rounded-t-full rounded-b-3xl shadow-xl shadow-ink/15 sm:w-44">
                {member.photo ? (
                  <PhotoImage photo={member.photo} sizes="11rem" className="aspect-[4/5] h-auto w-full object-cover" />
                ) : member.portrait ? (
                  <ResponsiveImage
                    image={teamImages[member.portrait]}
                    alt={`Illustrated portrait of ${member.name}`}
                    sizes="11rem"
                    className="aspect-[4/5] h-auto w-full object-cover"
                  />
                ) : (
                  <div
                    aria-hidden="true"
                    className="flex aspect-[4/5] w-full items-center justify-center bg-sand font-display text-5xl text-accent"
                  >
                    {initials(member.name)}
                  </div>
                )}
              </div>
              <div>
                <h3 className="font-display text-3xl text-ink">{member.name}</h3>
                <p className="mt-1 font-medium text-accent">{member.role}</p>
                {member.location ? (
                  <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-muted-foreground">
                    <MapPin aria-hidden="true" className="size-3.5" />
                    {member.location}
                  </p>
                ) : null}
                <RichText html={member.bioHtml} className="mt-4 leading-relaxed text-muted-foreground" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
