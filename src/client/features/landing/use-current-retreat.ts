import { useQuery } from "@tanstack/react-query";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import type { PublicSite } from "../../../shared/schemas/site-content";
import { currentRetreatQueryKey, siteContentQueryKey } from "./landing-api";
import { embeddedLandingData } from "./lib/embedded-data";

export type { BookingType, CurrentRetreat } from "../../../shared/schemas/retreats";

/** The active retreat; the one read the spec retries (3 times) because the landing page needs it. */
export function useCurrentRetreat() {
  return useQuery<CurrentRetreat>({ queryKey: currentRetreatQueryKey, retry: 3 });
}

/**
 * The landing page's view of the retreat: the live answer once it arrives, and until then the copy
 * the server embedded in the HTML. That copy is placeholder data, never put in the cache, so code
 * that needs the real retreat id (the application form) always waits for the live answer.
 */
export function useLandingRetreat() {
  return useQuery<CurrentRetreat>({
    queryKey: currentRetreatQueryKey,
    retry: 3,
    placeholderData: embeddedLandingData()?.retreat ?? undefined,
  });
}

/**
 * The published words of the season the site shows. The copy embedded in the HTML is the answer
 * (the page was rendered from it a moment ago), so a visit that starts on "/" makes no request for
 * it; a visit that starts elsewhere fetches it when it reaches "/".
 */
export function useSiteContent() {
  return useQuery<PublicSite>({ queryKey: siteContentQueryKey, retry: 3, initialData: embeddedLandingData()?.site });
}
