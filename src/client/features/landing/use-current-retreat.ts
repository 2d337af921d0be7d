import { useQuery } from "@tanstack/react-query";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import { currentRetreatQueryKey } from "./landing-api";
import { getPrerenderedRetreat } from "./lib/prerendered-retreat";

export type { BookingType, CurrentRetreat } from "../../../shared/schemas/retreats";

/** The active retreat; the one read the spec retries (3 times) because the landing page needs it. */
export function useCurrentRetreat() {
  return useQuery<CurrentRetreat>({ queryKey: currentRetreatQueryKey, retry: 3 });
}

/**
 * The landing page's view of the retreat: the live answer once it arrives, and until then the copy
 * the prerender embedded in the HTML. That copy is placeholder data, never put in the cache, so
 * code that needs the real retreat id (the application form) always waits for the live answer.
 */
export function useLandingRetreat() {
  return useQuery<CurrentRetreat>({
    queryKey: currentRetreatQueryKey,
    retry: 3,
    placeholderData: getPrerenderedRetreat(),
  });
}
