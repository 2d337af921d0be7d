// The JavaScript each admin route downloads before it is usable (decision 021), from the production
// build's Vite manifest (dist/ssr/client-manifest.json, written by `npm run build`).
//
//   node --import tsx scripts/admin-weight.ts          prints the table
//   node --import tsx scripts/admin-weight.ts --check  also fails if a route is over its budget
//
// A route's JavaScript is the entry, the page's chunk, the open tab's chunk (and, for Finance, the
// panel it lazily opens), each with every chunk they import statically (scripts/route-chunks.ts:
// the same lists the server preloads with each page). What loads only once shown
// (the Finance charts, dialogs, the other tabs) is not counted: that is the point of the split.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { ClientManifest } from "../src/server/http/landing-document";
import { adminRouteNames, pageRoutes } from "../src/shared/routes";
import { appEntryKey, pageModules, scriptsOf, tabModules } from "./route-chunks";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Issue 22, target 3: no admin route loads more than this much gzip JavaScript before it is usable. */
export const budgetBytes = 120_000;

/** The dashboard's tab values, read from its tab list (so a new tab is measured without editing this file). */
function dashboardTabValues(): string[] {
  const source = readFileSync(join(root, "src/client/features/dashboard/dashboard-tabs.tsx"), "utf8");
  const list = source.slice(source.indexOf("export const dashboardTabs"), source.indexOf("] as const;"));
  return [...list.matchAll(/value: "([a-z-]+)"/g)].map((match) => match[1]!);
}

export interface RouteWeight {
  route: string;
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  note?: string;
}

export function measureAdminRoutes(
  clientDir = join(root, "dist/client"),
  manifestFile = join(root, "dist/ssr/client-manifest.json"),
) {
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as ClientManifest;
  // The app's entry (index.html); the landing page has its own (landing-main.tsx, decision 022).
  const entryKey = appEntryKey(manifest);
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(join(clientDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const weigh = (route: string, keys: string[], note?: string): RouteWeight => {
    const files = scriptsOf(manifest, [entryKey, ...keys]);
    let gzipBytes = 0;
    let rawBytes = 0;
    for (const file of files) {
      gzipBytes += sizeOf(file).gzip;
      rawBytes += sizeOf(file).raw;
    }
    return { route, files, gzipBytes, rawBytes, note };
  };

  const pages = pageModules();
  const tabs = tabModules();
  const dashboard = pages.get("adminDashboard");
  if (!dashboard) throw new Error("routes.tsx has no adminDashboard page");
  const routes: RouteWeight[] = [];
  for (const name of adminRouteNames) {
    const key = pages.get(name);
    if (name !== "adminDashboard" && key) routes.push(weigh(pageRoutes[name], [key]));
  }
  for (const tab of dashboardTabValues()) {
    const route = tab === "overview" ? "/admin/dashboard" : `/admin/dashboard?tab=${tab}`;
    const modules = tabs.get(tab);
    // A tab not split into its own chunk is inside the dashboard's chunk, which is counted anyway.
    routes.push(
      weigh(route, [dashboard, ...(modules ?? [])], modules ? undefined : "not split: in the dashboard chunk"),
    );
  }
  return routes;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The routes over the budget (decisions 021, 024: every admin route meets it; none may go over). */
export function overBudget(routes: RouteWeight[]): string[] {
  return routes
    .filter((route) => route.gzipBytes > budgetBytes)
    .map(
      (route) =>
        `${route.route}: ${kb(route.gzipBytes)} gzip of JavaScript before it is usable, over ${kb(budgetBytes)}`,
    );
}

export function weightTable(routes: RouteWeight[]): string {
  const lines = ["| Route | JS before usable (gzip) | Raw | Chunks | Budget |", "| --- | ---: | ---: | ---: | --- |"];
  for (const route of routes) {
    const within = route.gzipBytes <= budgetBytes;
    const budget = within ? "within 120 KB" : "OVER";
    lines.push(
      `| \`${route.route}\` | ${kb(route.gzipBytes)} | ${kb(route.rawBytes)} | ${route.files.length} | ${budget}${route.note ? ` (${route.note})` : ""} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const routes = measureAdminRoutes();
  console.log(weightTable(routes));
  if (process.argv.includes("--check")) {
    const problems = overBudget(routes);
    if (problems.length) {
      console.error(`\nAdmin JavaScript budget (decision 021) broken:\n  ${problems.join("\n  ")}`);
      process.exit(1);
    }
    console.log(`\nEvery admin route is within ${kb(budgetBytes)}.`);
  }
}
