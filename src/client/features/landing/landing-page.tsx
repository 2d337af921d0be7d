import { useEffect } from "react";
import { type LegalModal, openLegalModal } from "../../lib/legal-modals";
import { lateIsland } from "./islands/late-island";
import { StaticIsland } from "./islands/static-island";
import { anchorIdFromHref, scrollToAnchor } from "./lib/scroll";
import { OverlayHost } from "./overlays/overlay-host";
import { ApplySlot } from "./sections/apply-slot";
import { NavBar } from "./sections/nav-bar";
import { WaitlistSlot } from "./sections/waitlist-slot";

// Below the first screen and needed only when reached (or once the page is idle): hydrated late,
// their code outside the landing entry (islands/late-island.tsx, decision 022). The schedule works
// as plain <details> until then; the prices show the copy the page was rendered from.
const ScheduleSection = lateIsland("schedule", 1200, () =>
  import("./sections/schedule-section").then((module) => ({ default: module.ScheduleSection })),
);
const LiveInvestment = lateIsland("investment", 1200, () => import("./sections/live-investment"));

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
  usePageClicks();

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
        <LiveInvestment />
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
