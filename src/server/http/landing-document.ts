/**
 * The landing page's HTML document around the server-rendered React markup: used at build time
 * (scripts/prerender.ts writes index.html from the seed, the fallback) and at run time, where the
 * site-content feature renders the published content of the season the site shows.
 *
 * From the app shell it makes a template once: the stylesheet inlined (the page's only
 * render-blocking request otherwise; the CSP allows inline styles), the hero picture preloaded and
 * the landing entry (decision 022) in place of the app's. That entry is a small boot script which
 * fetches the interactive parts once the page is painted, so their modules are not preloaded: the
 * document and the hero picture have the connection to themselves. Each render then only fills
 * #root and the data block.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LandingData } from "../../shared/schemas/site-content";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type ClientManifest = Record<string, ManifestChunk>;

/** The id of the JSON block beside #root (client: features/landing/lib/embedded-data.ts). */
export const landingDataElementId = "landing-data";
const emptyRoot = '<div id="root"></div>';

/** The manifest key of the landing page's own entry (src/client/landing-boot.ts, decision 022). */
export const landingEntryKey = "landing-boot.ts";
/** The landing page's interactive parts, which the entry loads once the page is painted. */
export const landingAfterPaintKey = "landing-main.tsx";

/** A manifest key and every chunk it imports statically, in load order. */
export function staticClosure(manifest: ClientManifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (at: string) => {
    if (seen.has(at) || !manifest[at]) return;
    seen.add(at);
    for (const dep of manifest[at].imports ?? []) visit(dep);
  };
  visit(key);
  return [...seen];
}

/**
 * The scripts the landing document loads. With the landing entry (decision 022): that entry
 * instead of the app's, and its own static imports preloaded (the parts it loads after the first
 * paint are deliberately not). A build without it (older builds, tests' fake
 * manifests): the app's entry, and the landing chunk's imports that the entry does not preload.
 */
function landingScripts(manifest: ClientManifest): { entry?: string; preloads: string[] } {
  const landingEntry = manifest[landingEntryKey];
  if (landingEntry?.isEntry) {
    const [, ...imports] = staticClosure(manifest, landingEntryKey);
    return { entry: `/${landingEntry.file}`, preloads: imports.map((key) => `/${manifest[key]!.file}`) };
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const landingKey = Object.keys(manifest).find((key) => key.endsWith("features/landing/landing-page.tsx"));
  if (!entryKey || !landingKey) return { preloads: [] };
  const fromEntry = new Set(staticClosure(manifest, entryKey));
  return {
    preloads: staticClosure(manifest, landingKey)
      .filter((key) => !fromEntry.has(key))
      .map((key) => `/${manifest[key]!.file}`),
  };
}

/** Points the shell's module script at `entry` and drops the shell's preloads (the app entry's imports). */
function withEntry(html: string, entry: string): string {
  const script = /<script type="module"[^>]*\bsrc="[^"]+"[^>]*><\/script>/;
  if (!script.test(html)) throw new Error("The app shell has no module script to point at the landing entry");
  return html
    .replace(script, () => `<script type="module" crossorigin src="${entry}"></script>`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
}

function inlineStylesheets(html: string, clientDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (tag, href: string) => {
    const file = join(clientDir, href);
    if (!existsSync(file)) return tag;
    const css = readFileSync(file, "utf8");
    return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`;
  });
}

/** "</script>" inside JSON would end the block early; escaping "<" keeps the JSON valid. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export interface LandingTemplate {
  /** The page with the rendered markup and the data it was rendered from. */
  fill(markup: string, data: LandingData): string;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The head's words follow the season the page shows (the shell carries only the brand): the tab
 * title and the link previews name the season's retreat, its dates and its lead.
 */
export function seasonHead(html: string, data: LandingData): string {
  const { hero, dates } = data.site.content;
  const title = escapeAttribute(data.retreat?.name ?? hero.title);
  const description = escapeAttribute(`${dates.label}: ${hero.lead}`.slice(0, 300));
  // Function replacers: a "$1" typed into the hero must stay text, not a back-reference.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, (_m, start: string) => `${start}${description}"`)
    .replace(/(<meta\s+property="og:title"\s+content=")[^"]*"/, (_m, start: string) => `${start}${title}"`)
    .replace(/(<meta\s+property="og:description"\s+content=")[^"]*"/, (_m, start: string) => `${start}${description}"`);
}

/**
 * A template from the app shell. `heroPreload` is the <link rel=preload> for the first screen's
 * picture (the client's images module knows its file names).
 */
export function landingTemplate(options: {
  shellHtml: string;
  clientDir: string;
  manifest: ClientManifest;
  heroPreload: string;
}): LandingTemplate {
  const { shellHtml, clientDir, manifest, heroPreload } = options;
  if (!shellHtml.includes(emptyRoot)) throw new Error("The app shell has no empty #root to fill");
  const scripts = landingScripts(manifest);
  const head = [
    heroPreload,
    ...scripts.preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join("\n    ");
  const shell = scripts.entry ? withEntry(shellHtml, scripts.entry) : shellHtml;
  const page = inlineStylesheets(shell, clientDir).replace("</head>", `  ${head}\n  </head>`);
  const [before, after] = page.split(emptyRoot) as [string, string];
  return {
    fill: (markup, data) =>
      `${seasonHead(before, data)}<div id="root" data-prerendered="landing">${markup}</div>\n    <script type="application/json" id="${landingDataElementId}">${jsonForHtml(data)}</script>${after}`,
  };
}

/**
 * Where the landing build writes its manifest, in the client folder (scripts/build.ts); the app
 * build's is Vite's default, `.vite/manifest.json` (decision 024: two builds, one folder).
 */
export const landingManifestName = ".vite/landing-manifest.json";

/** The landing build's manifest, which the build keeps beside the server render (dist/ssr). */
export function readLandingManifest(ssrDir: string): ClientManifest {
  const file = join(ssrDir, "landing-manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ClientManifest) : {};
}
