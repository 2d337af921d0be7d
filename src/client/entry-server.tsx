import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import type { CurrentRetreat } from "../shared/schemas/retreats";
import { App } from "./app";
import { setPrerenderedRetreat } from "./features/landing/lib/prerendered-retreat";
import { createQueryClient } from "./lib/query-client";

async function renderOnce(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <App queryClient={createQueryClient()} ssrPath={path} />
    </StrictMode>,
    // React outlines large boundaries behind reveal scripts to paint early while streaming; a
    // build-time render has nothing to stream, and those scripts would break our CSP.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * Renders a page to HTML at build time (scripts/prerender.ts). `prerender` waits for lazy pages
 * and every Suspense boundary. The first pass only resolves the lazy modules: a boundary that
 * suspended may be written as hidden content plus an inline script that reveals it, which our CSP
 * (script-src 'self') blocks. In the second pass nothing suspends, so all content is inline HTML.
 */
export async function renderPage(path: string, retreat: CurrentRetreat | undefined): Promise<string> {
  setPrerenderedRetreat(retreat);
  await renderOnce(path);
  const html = await renderOnce(path);
  if (html.includes("<script")) throw new Error(`Prerendering ${path} still produced inline scripts`);
  return html;
}
