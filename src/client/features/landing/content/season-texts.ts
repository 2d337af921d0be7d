import { seasonYear } from "../../../../shared/season";
import { useSiteContent } from "../use-current-retreat";

/**
 * The spec's fixed texts that name the season's year. The first season reads exactly as the spec
 * ("Bali 2026"); later seasons name their own year (docs/decisions/016-seasons.md).
 */
export function seasonTexts(year: number) {
  return {
    applyTitle: `Apply for Bali ${year}`,
    waitlistIntro: `Not ready to apply? Join the waitlist for Bali ${year} updates and priority access to future retreats.`,
    waitlistThanks: `You're now on our priority waitlist for Bali ${year} updates.`,
  };
}

/** The texts for the season the public site shows (this year's until its content has loaded). */
export function useSeasonTexts() {
  return seasonTexts(useSiteContent().data?.seasonYear ?? seasonYear(null));
}
