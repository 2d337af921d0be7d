import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import type { PublicSite } from "../../../shared/schemas/site-content";
import { useLandingSource } from "./lib/landing-source";

export type { BookingType, CurrentRetreat } from "../../../shared/schemas/retreats";

/**
 * The landing page's view of the retreat (spec: this read retries 3 times): the live answer once
 * it arrives, and until then the copy the server embedded in the HTML. Where it comes from depends
 * on the page's entry (data/landing-source.ts).
 */
export function useLandingRetreat(): { data: CurrentRetreat | undefined; isError: boolean } {
  return useLandingSource().useRetreat();
}

/** The published words of the season the public site shows. */
export function useSiteContent(): { data: PublicSite | undefined } {
  return useLandingSource().useSite();
}
