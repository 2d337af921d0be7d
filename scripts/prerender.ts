// Prerenders the landing page into the client build, so its content is in the HTML before any
// script runs. scripts/build.ts runs it after both Vite builds, on the staging folder.
//
// Options (all optional): --client <dir> (default dist/client), --ssr <dir> (default dist/ssr).
//
// What it writes into the client folder:
// - index.html: the landing page ("/"), with #root filled and marked data-prerendered="landing",
//   the retreat it was rendered with as a JSON block (the page hydrates against it), modulepreload
//   links for the landing chunk and a preload for the hero picture.
// - shell.html: the untouched app shell for every other route (the server should send it for any
//   path other than "/"; main.tsx copes if it gets the landing HTML instead).
//
// The prices come from the real API route on an in-memory PGlite seeded by the app's own seed, so
// the build needs no database and the HTML matches what a fresh install serves. The page fetches
// the live retreat after hydrating, so prices changed later in the back office replace these.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { heroImage, imageSrcSet } from "../src/client/features/landing/content/images";
import { prerenderDataElementId } from "../src/client/features/landing/lib/prerendered-retreat";
import { buildApp } from "../src/server/app";
import { testConfig } from "../src/server/config";
import type { CurrentRetreat } from "../src/shared/schemas/retreats";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const { values } = parseArgs({
  options: { client: { type: "string", default: "dist/client" }, ssr: { type: "string", default: "dist/ssr" } },
});
const clientDir = resolve(values.client);
const ssrDir = resolve(values.ssr);

async function fetchSeededRetreat(): Promise<CurrentRetreat> {
  const app = await buildApp(
    testConfig({ databaseUrl: undefined, logLevel: "silent", clientDir: join(ssrDir, "none") }),
  );
  try {
    const res = await app.inject("/api/current-retreat");
    if (res.statusCode !== 200) throw new Error(`GET /api/current-retreat answered ${res.statusCode}: ${res.body}`);
    return res.json() as CurrentRetreat;
  } finally {
    await app.close();
  }
}

/** The landing chunk and everything it imports, minus what the entry already preloads. */
function landingPreloads(manifest: Record<string, ManifestChunk>): string[] {
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) collect(dep, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const landingKey = Object.keys(manifest).find((key) => key.endsWith("features/landing/landing-page.tsx"));
  if (!entryKey || !landingKey) return [];
  const fromEntry = new Set<string>();
  collect(entryKey, fromEntry);
  const fromLanding = new Set<string>();
  collect(landingKey, fromLanding);
  return [...fromLanding].filter((key) => !fromEntry.has(key)).map((key) => `/${manifest[key].file}`);
}

/**
 * The landing page's only render-blocking request is its stylesheet: inline it (the CSP allows
 * inline styles), so the first paint needs nothing but the HTML. Other routes keep the <link>
 * in shell.html and its long-lived cache.
 */
function inlineStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
    const css = readFileSync(join(clientDir, href), "utf8");
    return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`;
  });
}

/** "</script>" inside JSON would end the block early; escaping "<" keeps the JSON valid. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

async function main() {
  const indexFile = join(clientDir, "index.html");
  const shellFile = join(clientDir, "shell.html");
  const entryServer = join(ssrDir, "entry-server.js");
  if (!existsSync(entryServer)) throw new Error(`${entryServer} is missing: run the SSR build first`);
  // Re-running on an already prerendered build starts again from the shell.
  const shell = readFileSync(existsSync(shellFile) ? shellFile : indexFile, "utf8");
  if (!shell.includes('<div id="root"></div>')) throw new Error(`${indexFile} has no empty #root to fill`);

  // The manifest is a build input, not something to serve: move it next to the SSR bundle.
  const manifestFile = join(clientDir, ".vite", "manifest.json");
  const keptManifest = join(ssrDir, "client-manifest.json");
  if (existsSync(manifestFile)) {
    mkdirSync(ssrDir, { recursive: true });
    renameSync(manifestFile, keptManifest);
  }
  const manifest: Record<string, ManifestChunk> = existsSync(keptManifest)
    ? JSON.parse(readFileSync(keptManifest, "utf8"))
    : {};

  const retreat = await fetchSeededRetreat();
  const { renderPage } = (await import(pathToFileURL(entryServer).href)) as {
    renderPage: (path: string, retreat: CurrentRetreat) => Promise<string>;
  };
  const html = await renderPage("/", retreat);

  const head = [
    `<link rel="preload" as="image" type="image/avif" imagesrcset="${imageSrcSet(heroImage, "avif")}" imagesizes="100vw" fetchpriority="high">`,
    ...landingPreloads(manifest).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join("\n    ");
  const page = inlineStylesheets(shell)
    .replace("</head>", `  ${head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="landing">${html}</div>\n    <script type="application/json" id="${prerenderDataElementId}">${jsonForHtml(retreat)}</script>`,
    );

  writeFileSync(shellFile, shell);
  writeFileSync(indexFile, page);
  console.log(`prerendered / into ${indexFile} (${(page.length / 1024).toFixed(1)} KiB); other routes: ${shellFile}`);
}

await main();
