import { useSeasonTexts } from "../content/season-texts";
import { useSiteContent } from "../use-current-retreat";
import { DeferredSection, type SectionLoader } from "./deferred-section";

/**
 * The application form lives in the applications feature. Until
 * src/client/features/applications/application-section.tsx exists this stays null; then it becomes
 *   () => import("../../applications/application-section")
 */
const loadApplicationSection: SectionLoader | null = () =>
  Promise.all([import("../../applications/application-section"), import("../lib/with-query-client")]).then(
    ([section, host]) => ({ default: host.withQueryClient(section.default) }),
  );

export function ApplySlot() {
  return <DeferredSection id="apply" load={loadApplicationSection} placeholder={ApplyPlaceholder} />;
}

function ApplyPlaceholder({ id, busy }: { id: string; busy: boolean }) {
  const published = useSiteContent().data;
  const texts = useSeasonTexts();
  return (
    <section id={id} aria-labelledby="apply-heading" aria-busy={busy} className="bg-ivory py-24 md:py-32">
      <div className="mx-auto max-w-3xl px-5 text-center">
        <p className="eyebrow text-accent">Apply</p>
        {/* Focusable while the form's code loads, so Tab stops here instead of skipping the form. */}
        <h2
          id="apply-heading"
          tabIndex={busy ? 0 : undefined}
          className="mt-4 rounded-sm font-display text-4xl text-ink sm:text-5xl"
        >
          {texts.applyTitle}
        </h2>
        <p className="mt-6 text-lg text-muted-foreground">
          It takes about five minutes. We review every application within 2-3 days.
        </p>
        {busy ? (
          <div aria-hidden="true" className="mx-auto mt-12 grid max-w-2xl gap-4 text-left">
            {["w-1/3", "w-full", "w-1/2", "w-full", "w-2/3", "w-full"].map((width, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
              <div key={index} className={`h-12 animate-pulse rounded-xl bg-sand ${width}`} />
            ))}
          </div>
        ) : (
          <p className="mx-auto mt-10 max-w-xl rounded-2xl border border-border bg-card p-8 text-ink/80">
            The application form opens here very soon. In the meantime, write to us at{" "}
            <a
              className="text-primary underline underline-offset-4"
              href={`mailto:${published?.content.contact.email}`}
            >
              {published?.content.contact.email}
            </a>
            .
          </p>
        )}
      </div>
    </section>
  );
}
