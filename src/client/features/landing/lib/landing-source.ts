import { createContext, useContext } from "react";
import type { CurrentRetreat } from "../../../../shared/schemas/retreats";
import type { PublicSite } from "../../../../shared/schemas/site-content";
import { landingStore } from "./landing-store";

/** What the landing page reads: the season's published words and the retreat's prices. */
export interface LandingSource {
  /** The published words of the season the site shows. */
  useSite(): { data: PublicSite | undefined };
  /**
   * The retreat: the live answer once it arrives, until then the copy embedded in the HTML; after
   * the spec's 3 retries have failed, no data and `isError`.
   */
  useRetreat(): { data: CurrentRetreat | undefined; isError: boolean };
}

/**
 * Where the landing page's data come from (decision 022). By default a tiny fetch store
 * (landing-store.ts), so the landing page's own entry (landing-main.tsx) carries no TanStack
 * Query; the full app, the server render and the tests provide their own source (query-source.ts
 * reads the app's query cache).
 */
export const LandingSourceContext = createContext<LandingSource>(landingStore);

export function useLandingSource(): LandingSource {
  return useContext(LandingSourceContext);
}

/** A fixed source, for the server render: the data the page is rendered from. */
export function fixedSource(site: PublicSite, retreat: CurrentRetreat | null | undefined): LandingSource {
  return {
    useSite: () => ({ data: site }),
    useRetreat: () => ({ data: retreat ?? undefined, isError: false }),
  };
}
