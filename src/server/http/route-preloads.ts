/**
 * The app shell names, for the page it is sent for, the chunks that page needs before it is usable
 * (`<link rel="preload" as="script" crossorigin>`), so the browser downloads them beside the entry
 * instead of one round trip after another as each module asks for the next (issue 22, target 3).
 * On /admin/dashboard the open tab's chunks (?tab=) are named too. A plain preload, not
 * `modulepreload`: modulepreload also compiles each module as it arrives, which on a slow phone
 * delays the entry (measured: about 0.1 s later usable at 4x CPU throttling), while the module
 * loader compiles a preloaded file only when it is imported. The lists come from the build
 * (scripts/route-chunks.ts writes route-chunks.json beside the server render); a build without
 * them serves the plain shell.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PageRouteName } from "../../shared/routes";

/** Script files (relative to the client folder) per page route name and per dashboard tab. */
export interface RouteChunks {
  pages: Record<string, string[]>;
  tabs: Record<string, string[]>;
}

export const routeChunksFile = "route-chunks.json";

/** The page whose tabs are preloaded from ?tab= (features/dashboard/dashboard-tabs.tsx reads the same). */
const tabbedPage: PageRouteName = "adminDashboard";

/**
 * The build's lists, keeping only files that exist in this client folder; null without a build's
 * lists, or with lists that do not read as such (the pages are served without preloads, not refused).
 */
export function readRouteChunks(ssrDir: string, clientDir: string): RouteChunks | null {
  const file = join(ssrDir, routeChunksFile);
  if (!existsSync(file)) return null;
  let lists: RouteChunks;
  try {
    lists = JSON.parse(readFileSync(file, "utf8")) as RouteChunks;
  } catch {
    return null;
  }
  const isList = (files: unknown): files is string[] =>
    Array.isArray(files) && files.every((name) => typeof name === "string" && /^assets\/[\w.-]+\.js$/.test(name));
  const each = (map: unknown) =>
    Object.fromEntries(
      Object.entries(typeof map === "object" && map ? map : {})
        .filter((entry): entry is [string, string[]] => isList(entry[1]))
        .map(([name, files]) => [name, files.filter((name) => existsSync(join(clientDir, name)))]),
    );
  return { pages: each(lists?.pages), tabs: each(lists?.tabs) };
}

/**
 * Which preloads a request gets, and the key its shell is kept under: the route's scripts and, on
 * the dashboard, a known tab's. Anything else in the query is ignored, so the variants are bounded
 * by the build's lists. Null when the build lists nothing for the route.
 */
export function routePreload(
  chunks: RouteChunks,
  route: PageRouteName,
  url: string,
): { key: string; files: string[] } | null {
  if (!Object.hasOwn(chunks.pages, route)) return null;
  const pageFiles = chunks.pages[route] ?? [];
  const query = route === tabbedPage && url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  const tab = new URLSearchParams(query).get("tab");
  if (!tab || !Object.hasOwn(chunks.tabs, tab)) return { key: route, files: pageFiles };
  return { key: `${route}?tab=${tab}`, files: [...new Set([...pageFiles, ...(chunks.tabs[tab] ?? [])])] };
}

/** The key alone (tests). */
export function preloadKey(chunks: RouteChunks, route: PageRouteName, url: string): string | null {
  return routePreload(chunks, route, url)?.key ?? null;
}

/** The shell with a preload link per file, at the end of its <head> (after the entry's own). */
export function shellWithPreloads(shellHtml: string, files: string[]): string {
  if (files.length === 0 || !shellHtml.includes("</head>")) return shellHtml;
  const links = files.map((file) => `<link rel="preload" as="script" crossorigin href="/${file}">`).join("\n    ");
  return shellHtml.replace("</head>", () => `    ${links}\n  </head>`);
}
