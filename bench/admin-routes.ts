/**
 * Admin JavaScript per route and cold loads (issue 22, target 3; decision 021), on the production
 * build (`npm run build` first):
 *
 * - per admin route, the gzip JavaScript loaded before it is usable (scripts/admin-weight.ts, from
 *   the build's manifest), against the 120 KB budget;
 * - per dashboard tab, a cold load (a fresh browser context: no cache) of /admin/dashboard?tab=...
 *   in Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), signed in as an owner,
 *   timed from navigation start until the open tab shows its content: its panel has text and nothing
 *   outside a deferred part (the Finance charts, marked data-deferred) still says "Loading".
 *   Target: 2 s. The median of BENCH_ADMIN_RUNS runs (default 3) is reported, and the slowest.
 *
 * The real server in production mode on PGlite with a small demo season (its own DATA_DIR).
 * Environment: CLIENT_DIR is not read: the server serves dist/client. CHROMIUM_PATH (default
 * /usr/bin/chromium), BENCH_ADMIN_RUNS.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { budgetBytes, measureAdminRoutes } from "../scripts/admin-weight";
import { upsertUserWithPassword } from "../src/server/auth/users.service";
import { openDatabase } from "../src/server/db/client";
import { seedDemoData } from "../src/server/demo/seed-demo";
import { markdownTable, percentile } from "./lib/format";
import { type ServerProcess, startAppServer } from "./lib/server";

const runs = Number(process.env.BENCH_ADMIN_RUNS ?? 3);
const throttling = 4;
const targetMs = 2_000;
const owner = { email: "bench-admin-owner@example.com", password: "bench password long enough" };

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function signIn(server: ServerProcess): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: owner.email, password: owner.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((cookie) => {
    const [pair] = cookie.split(";");
    const at = pair!.indexOf("=");
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1) };
  });
}

/** Runs in the page: true once the open tab's panel shows content and nothing but deferred parts is loading. */
function tabUsable(): boolean {
  const panel = document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]');
  if (!panel?.innerText.trim()) return false;
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/^\s*Loading/.test(node.textContent ?? "") && !node.parentElement?.closest("[data-deferred]")) return false;
  }
  return true;
}

async function coldLoads(server: ServerProcess, tabs: string[]) {
  const cookies = await signIn(server);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const results: { tab: string; median: number; worst: number }[] = [];
  try {
    for (const tab of tabs) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        // A new context per load: an empty cache, as on a first visit.
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: server.url })));
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttling });
        const url = `${server.url}/admin/dashboard${tab === "overview" ? "" : `?tab=${tab}`}`;
        await page.goto(url, { waitUntil: "commit" });
        await page.waitForFunction(tabUsable, undefined, { polling: "raf", timeout: 60_000 });
        samples.push(await page.evaluate(() => performance.now()));
        await context.close();
      }
      const result = { tab, median: percentile(samples, 50), worst: Math.max(...samples) };
      console.log(`  ${tab}: median ${result.median.toFixed(0)} ms, worst ${result.worst.toFixed(0)} ms`);
      results.push(result);
    }
  } finally {
    await browser.close();
  }
  return results;
}

export async function run(): Promise<string> {
  const weights = measureAdminRoutes();
  const tabs = weights
    .filter((route) => route.route.startsWith("/admin/dashboard"))
    .map((route) => new URLSearchParams(route.route.split("?")[1] ?? "").get("tab") ?? "overview");

  const dataDir = mkdtempSync(join(tmpdir(), "rhq-bench-admin-routes-"));
  let loads: Awaited<ReturnType<typeof coldLoads>> = [];
  try {
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      await seedDemoData(database.db, { applications: 300, subscribers: 300 });
      await upsertUserWithPassword(database.db, { ...owner, role: "owner" });
    } finally {
      await database.close();
    }
    const server = await startAppServer({ dataDir, env: { RUN_WORKER: "false" } });
    try {
      loads = await coldLoads(server, tabs);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const loadOf = (route: string) => {
    const tab = new URLSearchParams(route.split("?")[1] ?? "").get("tab") ?? "overview";
    return route.startsWith("/admin/dashboard") ? loads.find((load) => load.tab === tab) : undefined;
  };
  const rows = weights.map((route) => {
    const load = loadOf(route.route);
    const budget = route.gzipBytes <= budgetBytes ? "met" : "**over**";
    return [
      `\`${route.route}\``,
      kb(route.gzipBytes),
      kb(route.rawBytes),
      budget,
      load ? `${load.median.toFixed(0)} ms` : "n/a",
      load ? `${load.worst.toFixed(0)} ms` : "n/a",
      load ? (load.median <= targetMs ? "met" : "**missed**") : "n/a",
    ];
  });
  return [
    `Production build, Chromium at ${throttling}x CPU throttling, cold context per load, median of ${runs}; ` +
      `load average ${loadavg()[0]!.toFixed(2)} at the end. JS = gzip (level 9) of every chunk the route ` +
      `imports statically before it is usable (entry, page, open tab); charts and other tabs load later.`,
    "",
    markdownTable(["Route", "JS before usable (gzip)", "Raw", "≤ 120 KB", "Usable, median", "Slowest", "≤ 2 s"], rows),
  ].join("\n");
}
