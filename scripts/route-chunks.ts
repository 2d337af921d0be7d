// Which JavaScript each page (and each dashboard tab) needs before it is usable, from the client's
// sources and the app build's manifest. `npm run build` writes it beside the server render
// (dist/ssr/route-chunks.json), and the server names those chunks in the page it sends, so they
// download with the entry instead of one after another (issue 22, target 3). scripts/admin-weight.ts
// weighs the same lists.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { type ClientManifest, staticClosure } from "../src/server/http/landing-document";
import { type RouteChunks, routeChunksFile } from "../src/server/http/route-preloads";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const clientSource = join(root, "src/client");

/**
 * What a tab loads at once besides its own chunk: the Finance tab shows its panel as soon as it
 * renders (only the charts inside it wait until shown).
 */
const loadedWithTab: Record<string, string[]> = { finance: ["features/finance/finance-panel"] };

/** A module path relative to src/client, without extension, as the manifest names it (with one). */
function manifestKey(modulePath: string): string {
  const file = [".tsx", ".ts"].map((ext) => `${modulePath}${ext}`).find((key) => existsSync(join(clientSource, key)));
  if (!file) throw new Error(`src/client/${modulePath} not found (scripts/route-chunks.ts reads the lazy imports)`);
  return file;
}

function lazyImports(file: string, pattern: RegExp): Map<string, string> {
  const source = readFileSync(join(clientSource, file), "utf8");
  const found = new Map<string, string>();
  for (const match of source.matchAll(pattern)) {
    found.set(match[1]!, manifestKey(posix.join(posix.dirname(file), match[2]!)));
  }
  if (found.size === 0) throw new Error(`no lazy imports found in src/client/${file}: update scripts/route-chunks.ts`);
  return found;
}

/** Page route name (shared/routes.ts) -> its page module, from routes.tsx's `lazy(() => import(...))`. */
export function pageModules(): Map<string, string> {
  return lazyImports("routes.tsx", /(\w+): lazy\(\(\) => import\("(\.[^"]+)"\)\)/g);
}

/** Dashboard tab -> the modules it loads before it is usable, from lazy-tabs.tsx's loaders. */
export function tabModules(): Map<string, string[]> {
  const tabs = lazyImports("features/dashboard/lazy-tabs.tsx", /(\w+): \(\) => import\("(\.[^"]+)"\)/g);
  return new Map(
    [...tabs].map(([tab, key]) => [tab, [key, ...(loadedWithTab[tab] ?? []).map((path) => manifestKey(path))]]),
  );
}

export function appEntryKey(manifest: ClientManifest): string {
  const key = manifest["index.html"]?.isEntry
    ? "index.html"
    : Object.keys(manifest).find((name) => manifest[name]!.isEntry);
  if (!key) throw new Error("no entry chunk in the app's build manifest");
  return key;
}

/** The JavaScript files of these modules and every chunk they import statically. */
export function scriptsOf(manifest: ClientManifest, keys: string[]): string[] {
  const files = new Set<string>();
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest: update scripts/route-chunks.ts`);
    for (const at of staticClosure(manifest, key)) files.add(manifest[at]!.file);
  }
  return [...files].filter((file) => file.endsWith(".js"));
}

/** Per page and per tab, the scripts it needs that the entry does not already load. */
export function routeChunks(manifest: ClientManifest): RouteChunks {
  const entry = new Set(scriptsOf(manifest, [appEntryKey(manifest)]));
  const beyondEntry = (keys: string[]) => scriptsOf(manifest, keys).filter((file) => !entry.has(file));
  const pages: RouteChunks["pages"] = {};
  for (const [name, key] of pageModules()) pages[name] = beyondEntry([key]);
  const tabs: RouteChunks["tabs"] = {};
  for (const [tab, keys] of tabModules()) tabs[tab] = beyondEntry(keys);
  return { pages, tabs };
}

/** Writes route-chunks.json into the server render's folder, from the app manifest kept there. */
export function writeRouteChunks(ssrDir: string) {
  const manifest = JSON.parse(readFileSync(join(ssrDir, "client-manifest.json"), "utf8")) as ClientManifest;
  writeFileSync(join(ssrDir, routeChunksFile), `${JSON.stringify(routeChunks(manifest), null, 2)}\n`);
}
