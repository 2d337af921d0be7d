import { MapPin } from "lucide-react";
import { teamImages } from "../content/images";
import { team } from "../content/team";
import { ResponsiveImage } from "../ui/responsive-image";
import { SectionHeading } from "../ui/section-heading";

export function TeamSection() {
  return (
    <section id="team" aria-labelledby="team-heading" className="bg-ivory py-24 md:py-32">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionHeading id="team-heading" eyebrow="Your hosts" title="The people behind the retreat" />
        <ul className="mx-auto mt-16 grid max-w-5xl gap-12 md:grid-cols-2">
          {team.map((member) => (
            <li key={member.name} className="flex flex-col items-center gap-6 text-center">
              <div className="w-40 shrink-0 overflow-hidden rounded-t-full rounded-b-3xl shadow-xl shadow-ink/15 sm:w-44">
                <ResponsiveImage
                  image={teamImages[member.image]}
                  alt={`Illustrated portrait of ${member.name}`}
                  sizes="11rem"
                  className="aspect-[4/5] h-auto w-full object-cover"
                />
              </div>
              <div>
                <h3 className="font-display text-3xl text-ink">{member.name}</h3>
                <p className="mt-1 font-medium text-accent">{member.role}</p>
                <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-muted-foreground">
                  <MapPin aria-hidden="true" className="size-3.5" />
                  {member.location}
                </p>
                <p className="mt-4 leading-relaxed text-muted-foreground">{member.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
