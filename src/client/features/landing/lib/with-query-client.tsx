import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, useContext, useEffect } from "react";
import { queryClient } from "../../../lib/query-client";
import { currentRetreatQueryKey } from "../landing-api";
import { announceLandingHostedChunk } from "./hosted-chunk";
import { retreatResource } from "./landing-store";

/**
 * The landing page's own entry (landing-main.tsx) has no query client: the forms and the privacy
 * text bring the app's one with them, in their lazily loaded chunks, so TanStack Query is
 * downloaded only when a form nears the viewport or a legal modal opens. Inside the full app (a
 * client-side visit to "/", tests) the app's provider is already there and is used as it is.
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    const existing = useContext(QueryClientContext);
    // Outside the full app nobody has mounted the Toaster the forms report with: ask for it.
    useEffect(() => {
      if (!existing) announceLandingHostedChunk();
    }, [existing]);
    if (existing) return <Component {...props} />;
    // The landing page's live read of the retreat already answered: the form shares it rather than
    // asking again (it never takes the embedded copy, which is not the live answer).
    const live = retreatResource.live();
    if (live && queryClient.getQueryData(currentRetreatQueryKey) === undefined) {
      queryClient.setQueryData(currentRetreatQueryKey, live);
    }
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  return WithQueryClient;
}
