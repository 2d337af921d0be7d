import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { matchPageRoute } from "../shared/routes";
import { App } from "./app";
import { heroImage, imageSrcSet } from "./features/landing/content/images";
import { currentRetreatQueryKey, siteContentQueryKey } from "./features/landing/landing-api";
import { LandingRoot } from "./features/landing/landing-root";
import type { LandingData } from "./features/landing/lib/embedded-data";
import { fixedSource, LandingSourceContext } from "./features/landing/lib/landing-source";
import { createQueryClient } from "./lib/query-client";

export type { LandingData } from "./features/landing/lib/embedded-data";

async function renderOnce(path: string, queryClient: QueryClient, data: LandingData | undefined): Promise<string> {
  // "/" is rendered exactly as the landing page's own entry hydrates it (landing-main.tsx): no
  // router, no query client, the data it was rendered from as a fixed source.
  const page =
    data && matchPageRoute(path) === "landing" ? (
      <LandingSourceContext value={fixedSource(data.site, data.retreat)}>
        <LandingRoot />
      </LandingSourceContext>
    ) : (
      <App queryClient={queryClient} ssrPath={path} />
    );
  const { prelude } = await prerender(
    <StrictMode>{page}</StrictMode>,
    // React outlines large boundaries behind reveal scripts to paint early while streaming; this
    // render has nothing to stream, and those scripts would break our CSP.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * Renders a page to HTML on the server (the landing page per publication, scripts/prerender.ts at
 * build time). Each render has its own query client holding the data, so renders of different
 * data (a draft preview beside the public page) never see each other's. `prerender` waits for lazy
 * pages; a boundary that suspended while its module loaded may be written as hidden content plus
 * an inline reveal script, which our CSP (script-src 'self') blocks, so then the page is rendered
 * again: the modules are loaded by now, nothing suspends, and all content is inline HTML.
 */
export async function renderPage(path: string, data: LandingData | undefined): Promise<string> {
  const queryClient = createQueryClient();
  if (data?.retreat) queryClient.setQueryData(currentRetreatQueryKey, data.retreat);
  if (data) queryClient.setQueryData(siteContentQueryKey, data.site);
  let html = await renderOnce(path, queryClient, data);
  if (html.includes("<script")) html = await renderOnce(path, queryClient, data);
  if (html.includes("<script")) throw new Error(`Rendering ${path} still produced inline scripts`);
  return html;
}

/** The <head> link that preloads the first screen's picture (its file names live with the client). */
export const heroPreloadLink = `<link rel="preload" as="image" type="image/avif" imagesrcset="${imageSrcSet(heroImage, "avif")}" imagesizes="100vw" fetchpriority="high">`;
