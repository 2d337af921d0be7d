import { useSeasonTexts } from "../content/season-texts";
import { DeferredSection, type SectionLoader } from "./deferred-section";

/**
 * The waitlist form lives in the waitlist feature. Until
 * src/client/features/waitlist/waitlist-section.tsx exists this stays null; then it becomes
 *   () => import("../../waitlist/waitlist-section")
 */
const loadWaitlistSection: SectionLoader | null = () =>
  Promise.all([import("../../waitlist/waitlist-section"), import("../lib/with-query-client")]).then(
    ([section, host]) => ({ default: host.withQueryClient(section.default) }),
  );

export function WaitlistSlot() {
  return <DeferredSection id="waitlist" load={loadWaitlistSection} placeholder={WaitlistPlaceholder} />;
}

function WaitlistPlaceholder({ id, busy }: { id: string; busy: boolean }) {
  const texts = useSeasonTexts();
  return (
    <section id={id} aria-labelledby="waitlist-heading" aria-busy={busy} className="bg-sand py-24 md:py-28">
      <div className="mx-auto max-w-2xl px-5 text-center">
        {/* Focusable while the form's code loads, so Tab stops here instead of skipping the form. */}
        <h2
          id="waitlist-heading"
          tabIndex={busy ? 0 : undefined}
          className="rounded-sm font-display text-4xl text-ink sm:text-5xl"
        >
          Join the Waitlist
        </h2>
        <p className="mt-5 text-lg text-muted-foreground">{texts.waitlistIntro}</p>
        {busy ? (
          <div aria-hidden="true" className="mx-auto mt-10 grid max-w-md gap-4">
            <div className="h-12 animate-pulse rounded-xl bg-ivory" />
            <div className="h-12 animate-pulse rounded-xl bg-ivory" />
            <div className="h-12 animate-pulse rounded-full bg-ivory/80" />
          </div>
        ) : (
          <p className="mt-8 text-ink/80">The waitlist form opens here very soon.</p>
        )}
      </div>
    </section>
  );
}
