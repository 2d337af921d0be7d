// Lighthouse on the landing page, mobile preset (emulated mid-range phone, throttled network and
// CPU), against the production server and the production build. It builds nothing itself: it runs
// `npm run build` only when dist/client is missing.
//
// Environment: CLIENT_DIR (default dist/client), CHROME_PATH (default /usr/bin/chromium),
// BENCH_RUNS (default 3; the median run by performance score is reported), BENCH_MIN_SCORE (fail
// below this score; unset = report only), BENCH_REPORT (write the median run's JSON report here),
// BENCH_URL (measure a server that is already running, e.g. staging, instead of starting one),
// BENCH_CPU_SLOWDOWN (CPU throttling factor; the mobile preset's 4 assumes a fast desktop host).
//
// Lighthouse reports the host's benchmarkIndex. Its 4x CPU slowdown is calibrated for hosts around
// 1300 or more; on a slower or busy machine TBT is overstated, so the index is printed with the
// results and BENCH_CPU_SLOWDOWN lets you calibrate (Lighthouse's guidance: about 2x for 800-1300,
// 1x below 800).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { markdownTable } from "./lib/format";

const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

interface Metrics {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  jsBytes: number;
  requests: number;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function ensureBuild(clientDir: string) {
  if (existsSync(join(clientDir, "index.html"))) return;
  if (process.env.CLIENT_DIR) throw new Error(`${clientDir}/index.html is missing: build into CLIENT_DIR first`);
  console.log("dist/client is missing: running npm run build");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

async function startServer(clientDir: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not become ready within 120 s");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function metricsOf(lhr: Lhr): Metrics {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })
      ?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    speedIndexMs: numeric("speed-index"),
    totalBytes: numeric("total-byte-weight"),
    jsBytes: requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: requests.length,
  };
}

function printMetrics(label: string, m: Metrics) {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `${label.padEnd(8)} performance ${String(m.score).padStart(3)} | LCP ${(m.lcpMs / 1000).toFixed(2)} s | ` +
      `TBT ${Math.round(m.tbtMs)} ms | CLS ${m.cls.toFixed(3)} | FCP ${(m.fcpMs / 1000).toFixed(2)} s | ` +
      `SI ${(m.speedIndexMs / 1000).toFixed(2)} s | total ${kib(m.totalBytes)} | JS ${kib(m.jsBytes)} | ${m.requests} requests`,
  );
}

function tableCells(m: Metrics): string[] {
  return [
    String(m.score),
    (m.lcpMs / 1000).toFixed(2),
    String(Math.round(m.tbtMs)),
    m.cls.toFixed(3),
    (m.fcpMs / 1000).toFixed(2),
    (m.speedIndexMs / 1000).toFixed(2),
    (m.totalBytes / 1024).toFixed(1),
    (m.jsBytes / 1024).toFixed(1),
    String(m.requests),
  ];
}

async function startLocalServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const clientDir = resolve(process.env.CLIENT_DIR ?? "dist/client");
  ensureBuild(clientDir);
  if (!readFileSync(join(clientDir, "index.html"), "utf8").includes('data-prerendered="landing"')) {
    console.warn("warning: index.html is not prerendered (run the full `npm run build`); results will be worse");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "rhq-bench-"));
  const server = await startServer(clientDir, port, dataDir);
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function run(): Promise<string> {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const cpuSlowdown = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : null;
  const target = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL, stop: async () => {} }
    : await startLocalServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags,
  });
  try {
    const url = target.url;
    console.log(`Lighthouse ${runs}x on ${url} (mobile preset, CPU slowdown ${cpuSlowdown ?? "4 (preset)"})`);
    const results: { metrics: Metrics; lhr: Lhr }[] = [];
    const rows: string[][] = [];
    for (let i = 1; i <= runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
      });
      // A busy machine occasionally spoils one trace (NO_NAVSTART and the like): report it, go on.
      if (!result || result.lhr.runtimeError) {
        console.warn(`run ${i}    failed: ${result?.lhr.runtimeError?.message ?? "Lighthouse returned no result"}`);
        continue;
      }
      const metrics = metricsOf(result.lhr);
      printMetrics(`run ${i}`, metrics);
      rows.push([`run ${i}`, ...tableCells(metrics), String(Math.round(result.lhr.environment.benchmarkIndex))]);
      console.log(`         host benchmarkIndex ${Math.round(result.lhr.environment.benchmarkIndex)}`);
      results.push({ metrics, lhr: result.lhr });
    }
    if (results.length === 0) throw new Error("every Lighthouse run failed");
    const sorted = [...results].sort((a, b) => a.metrics.score - b.metrics.score);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    printMetrics("median", median.metrics);
    rows.push(["**median**", ...tableCells(median.metrics), ""]);
    if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, JSON.stringify(median.lhr, null, 2));
    const min = process.env.BENCH_MIN_SCORE ? Number(process.env.BENCH_MIN_SCORE) : null;
    if (min !== null && median.metrics.score < min) {
      throw new Error(`performance ${median.metrics.score} is below BENCH_MIN_SCORE=${min}`);
    }
    return [
      `Lighthouse ${runs}x, mobile preset, CPU slowdown ${cpuSlowdown ?? "4 (preset)"}, on ${process.env.BENCH_URL ? url : "the production build served locally"}; ` +
        "the median run by performance score. benchmarkIndex is the host's speed as Lighthouse saw it (the 4x slowdown assumes about 1300 or more).",
      "",
      markdownTable(
        [
          "Run",
          "performance",
          "LCP s",
          "TBT ms",
          "CLS",
          "FCP s",
          "Speed Index s",
          "total KiB",
          "JS KiB",
          "requests",
          "benchmarkIndex",
        ],
        rows,
      ),
    ].join("\n");
  } finally {
    chrome.kill();
    await target.stop();
  }
}
