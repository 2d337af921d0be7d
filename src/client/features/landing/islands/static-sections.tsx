import { AboutSection } from "../sections/about-section";
import { AudienceSection } from "../sections/audience-section";
import { ClosingBand } from "../sections/closing-band";
import { DatesSection } from "../sections/dates-section";
import { FaqSection } from "../sections/faq-section";
import { GallerySection } from "../sections/gallery-section";
import { HeroSection } from "../sections/hero-section";
import { HowItWorksSection } from "../sections/how-it-works-section";
import { IncludedSection } from "../sections/included-section";
import { SiteFooter } from "../sections/site-footer";
import { TeamSection } from "../sections/team-section";

/**
 * Sections rendered as static islands (see static-island.tsx). Rules for a section here: no state,
 * no effects, no event handlers (in-page links and [data-legal-modal] buttons are handled by the
 * landing page's document listeners) and no live data, because the browser never runs this code
 * on the first load.
 */
export const staticSections = {
  hero: HeroSection,
  about: AboutSection,
  included: IncludedSection,
  dates: DatesSection,
  audience: AudienceSection,
  howItWorks: HowItWorksSection,
  gallery: GallerySection,
  faq: FaqSection,
  team: TeamSection,
  closing: ClosingBand,
  footer: SiteFooter,
} as const;

export type StaticSectionName = keyof typeof staticSections;
