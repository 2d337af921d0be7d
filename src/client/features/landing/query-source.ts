import { useQuery } from "@tanstack/react-query";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import type { PublicSite } from "../../../shared/schemas/site-content";
import { currentRetreatQueryKey, siteContentQueryKey } from "./landing-api";
import { embeddedLandingData } from "./lib/embedded-data";
import type { LandingSource } from "./lib/landing-source";

/**
 * The landing page's data read through the app's query cache: what the full app (a client-side
 * visit to "/") and the tests use. The landing page's own entry uses landing-store.ts instead.
 */
export const querySource: LandingSource = {
  /**
   * The copy embedded in the HTML is the answer (the page was rendered from it a moment ago), so a
   * visit that starts on "/" makes no request for it; a visit that starts elsewhere fetches it.
   */
  useSite: () =>
    useQuery<PublicSite>({ queryKey: siteContentQueryKey, retry: 3, initialData: embeddedLandingData()?.site }),
  /**
   * The live answer once it arrives, and until then the embedded copy. That copy is placeholder
   * data, never put in the cache, so code that needs the real retreat id (the application form)
   * always waits for the live answer.
   */
  useRetreat: () =>
    useQuery<CurrentRetreat>({
      queryKey: currentRetreatQueryKey,
      retry: 3,
      placeholderData: embeddedLandingData()?.retreat ?? undefined,
    }),
};
