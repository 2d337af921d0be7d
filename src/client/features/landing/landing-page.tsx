import { useEffect, useMemo } from "react";
import { type LegalModal, openLegalModal } from "../../lib/legal-modals";
import { retreatFacts as facts } from "./content/facts";
import { StaticIsland } from "./islands/static-island";
import { pricingView } from "./lib/pricing";
import { anchorIdFromHref, scrollToAnchor } from "./lib/scroll";
import { OverlayHost } from "./overlays/overlay-host";
import { ApplySlot } from "./sections/apply-slot";
import { InvestmentSection } from "./sections/investment-section";
import { NavBar } from "./sections/nav-bar";
import { ScheduleSection } from "./sections/schedule-section";
import { WaitlistSlot } from "./sections/waitlist-slot";
import { useLandingRetreat } from "./use-current-retreat";

const legalModals: readonly string[] = ["privacy", "terms"] satisfies LegalModal[];

/**
 * One document listener for the whole page, because static islands carry no React handlers:
 * in-page links (nav, calls to action, footer) become smooth scrolls with the 100 px offset, and
 * buttons marked data-legal-modal open the privacy or terms modal. Links still work without scripts.
 */
function usePageClicks() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const target = event.target as Element | null;
      const legal = target?.closest?.("[data-legal-modal]")?.getAttribute("data-legal-modal");
      if (legal && legalModals.includes(legal)) {
        openLegalModal(legal as LegalModal);
        return;
      }
      const link = target?.closest?.("a[href^='#']");
      const id = anchorIdFromHref(link?.getAttribute("href") ?? null);
      if (id && scrollToAnchor(id)) event.preventDefault();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
}

/** The landing page: sections in the spec's order; the live ones read the retreat's prices. */
export default function LandingPage() {
  const { data: retreat, isError } = useLandingRetreat();
  usePageClicks();
  const pricing = useMemo(
    () => (retreat ? pricingView(retreat, facts.days, facts.paymentPlan.instalments) : null),
    [retreat],
  );

  return (
    <>
      <a
        href="#main"
        className="fixed top-3 left-3 z-50 -translate-y-24 rounded-full bg-ink px-5 py-3 text-sm text-ivory focus:translate-y-0"
      >
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <StaticIsland name="hero" />
        <StaticIsland name="about" />
        <StaticIsland name="included" />
        <ScheduleSection />
        <StaticIsland name="dates" />
        <InvestmentSection pricing={pricing} unavailable={isError} />
        <StaticIsland name="audience" />
        <StaticIsland name="howItWorks" />
        <StaticIsland name="gallery" />
        <ApplySlot />
        <WaitlistSlot />
        <StaticIsland name="faq" />
        <StaticIsland name="team" />
        <StaticIsland name="closing" />
      </main>
      <StaticIsland name="footer" />
      <OverlayHost />
    </>
  );
}
