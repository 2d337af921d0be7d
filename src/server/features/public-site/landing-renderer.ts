/**
 * The landing page's server render: the client's SSR bundle (dist/ssr/entry-server.js, built by
 * `npm run build` from src/client/entry-server.tsx) around the app shell's template. Loaded once
 * per client folder; null when there is no build (tests, a checkout before `npm run build`), and
 * then the built index.html, or the "not built" page, is served as before.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { LandingData, PublicPhoto } from "../../../shared/schemas/site-content";
import { ssrDirFor } from "../../http/client-builds";
import { landingTemplate, readLandingManifest } from "../../http/landing-document";

export type { LandingData };

/** Renders a whole landing document (HTML) from the data. */
export type RenderLanding = (data: LandingData) => Promise<string>;

/** What the SSR bundle (src/client/entry-server.tsx) exports. */
export interface SsrModule {
  renderPage(path: string, data: LandingData | undefined): Promise<string>;
  /** The <head> link preloading the first screen's picture. */
  heroPreloadLink: string;
}

/**
 * One render at a time per process: renders are CPU work on a 2-core machine, happen once per
 * publication (then the page is cached), and the React render keeps module state between passes.
 */
function serialised(render: RenderLanding): RenderLanding {
  let queue: Promise<unknown> = Promise.resolve();
  return (data) => {
    const next = queue.then(
      () => render(data),
      () => render(data),
    );
    queue = next.catch(() => {});
    return next;
  };
}

export function makeRenderer(
  ssr: Pick<SsrModule, "renderPage" | "heroPreloadLink">,
  shellHtml: string,
  clientDir: string,
  ssrDir: string,
): RenderLanding {
  const template = landingTemplate({
    shellHtml,
    clientDir,
    manifest: readLandingManifest(ssrDir),
    heroPreload: ssr.heroPreloadLink,
  });
  return serialised(async (data) => {
    const page = template.fill(await ssr.renderPage("/", data), data);
    const hero = data.site.content.photos?.hero;
    // An uploaded hero photo is the first screen's picture now: preload it instead of the illustration.
    return hero ? page.replace(ssr.heroPreloadLink, () => photoPreloadLink(hero)) : page;
  });
}

/** The preload for an uploaded hero photo (its srcset holds only our own /media URLs). */
export function photoPreloadLink(hero: PublicPhoto): string {
  const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${attr(hero.avif)}" imagesizes="100vw" fetchpriority="high">`;
}

const loaded = new Map<string, Promise<RenderLanding | null>>();

export function loadLandingRenderer(clientDir: string): Promise<RenderLanding | null> {
  let renderer = loaded.get(clientDir);
  if (!renderer) {
    renderer = (async () => {
      const ssrDir = ssrDirFor(clientDir);
      const entry = join(ssrDir, "entry-server.js");
      const shellFile = join(clientDir, "shell.html");
      if (!existsSync(entry) || !existsSync(shellFile)) return null;
      const ssr = (await import(pathToFileURL(entry).href)) as SsrModule;
      return makeRenderer(ssr, readFileSync(shellFile, "utf8"), clientDir, ssrDir);
    })();
    loaded.set(clientDir, renderer);
  }
  return renderer;
}
