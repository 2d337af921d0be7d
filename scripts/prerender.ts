// Prerenders the landing page into the client build: the HTML a server sends for "/" when it
// cannot render the page itself (its server render failed to load), and what a fresh install
// shows. scripts/build.ts runs it after both Vite builds, on the staging folder. At run time the
// server renders "/" from the published site content instead (features/site-content/landing-page.ts).
//
// Options (all optional): --client <dir> (default dist/client), --ssr <dir> (default dist/ssr).
//
// What it writes into the client folder:
// - index.html: the landing page ("/"), rendered from an in-memory PGlite seeded by the app's own
//   seed through the real API routes, so it matches what a fresh install serves.
// - shell.html: the untouched app shell for every other route (and the server's template for "/").
// The Vite manifests move next to the server render (dist/ssr/client-manifest.json for the app,
// landing-manifest.json for the landing entry): build inputs, not something to serve.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { buildApp } from "../src/server/app";
import { testConfig } from "../src/server/config";
import type { SsrModule } from "../src/server/features/public-site/landing-renderer";
import { landingManifestName, landingTemplate, readLandingManifest } from "../src/server/http/landing-document";
import type { LandingData } from "../src/shared/schemas/site-content";

const { values } = parseArgs({
  options: { client: { type: "string", default: "dist/client" }, ssr: { type: "string", default: "dist/ssr" } },
});
const clientDir = resolve(values.client);
const ssrDir = resolve(values.ssr);

async function fetchSeededData(): Promise<LandingData> {
  const app = await buildApp(
    testConfig({ databaseUrl: undefined, logLevel: "silent", clientDir: join(ssrDir, "none") }),
  );
  try {
    const get = async (url: string) => {
      const res = await app.inject(url);
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    return { retreat: await get("/api/current-retreat"), site: await get("/api/site-content") };
  } finally {
    await app.close();
  }
}

async function main() {
  const indexFile = join(clientDir, "index.html");
  const shellFile = join(clientDir, "shell.html");
  const entryServer = join(ssrDir, "entry-server.js");
  if (!existsSync(entryServer)) throw new Error(`${entryServer} is missing: run the SSR build first`);
  // Re-running on an already prerendered build starts again from the shell.
  const shell = readFileSync(existsSync(shellFile) ? shellFile : indexFile, "utf8");

  // The app build's manifest and the landing build's (decision 024).
  for (const [built, kept] of [
    [join(clientDir, ".vite", "manifest.json"), "client-manifest.json"],
    [join(clientDir, landingManifestName), "landing-manifest.json"],
  ] as const) {
    if (!existsSync(built)) continue;
    mkdirSync(ssrDir, { recursive: true });
    renameSync(built, join(ssrDir, kept));
  }

  const data = await fetchSeededData();
  const ssr = (await import(pathToFileURL(entryServer).href)) as SsrModule;
  const template = landingTemplate({
    shellHtml: shell,
    clientDir,
    manifest: readLandingManifest(ssrDir),
    heroPreload: ssr.heroPreloadLink,
  });
  const page = template.fill(await ssr.renderPage("/", data), data);

  writeFileSync(shellFile, shell);
  writeFileSync(indexFile, page);
  console.log(`prerendered / into ${indexFile} (${(page.length / 1024).toFixed(1)} KiB); other routes: ${shellFile}`);
}

await main();
