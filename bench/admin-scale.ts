/**
 * The back office at scale: 100,000 applications and 100,000 subscribers (the demo seeder), the
 * real server in production mode in its own process (web only: RUN_WORKER=false, so no job runs
 * beside the measured requests), signed in as an owner over HTTP. Measures list pages and
 * searches (prefix of a name or an email, docs/decisions/005) of both lists and both CSV exports:
 * p50/p95 latency, with GET /healthz over the same HTTP path as the baseline, and the server's
 * peak RSS during each export (from /proc: the kernel's high-water mark, reset before each one).
 *
 * Runs on PGlite (a DATA_DIR on disk, the default deployment) and on PostgreSQL (a scratch
 * database) when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *
 * Environment: BENCH_ROWS (applications and subscribers each, default 100000), BENCH_REQUESTS
 * (per list case, default 20), BENCH_EXPORT_RUNS (per export, default 3).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { upsertUserWithPassword } from "../src/server/auth/users.service";
import { openDatabase } from "../src/server/db/client";
import { seedDemoData } from "../src/server/demo/seed-demo";
import { count, markdownTable, mib, percentile, ratio } from "./lib/format";
import { eachDatabase } from "./lib/postgres";
import { peakRssDuring, type ServerProcess, startAppServer } from "./lib/server";

const rowCount = Number(process.env.BENCH_ROWS ?? 100_000);
const requestsPerCase = Number(process.env.BENCH_REQUESTS ?? 20);
const exportRuns = Number(process.env.BENCH_EXPORT_RUNS ?? 3);

const owner = { email: "bench-owner@example.com", password: "bench password long enough" };

/** What staff ask for: first and deep pages, a segment, and prefix searches by name and email. */
const listCases: [label: string, path: string][] = [
  ["applications: first page", "/api/admin/applications"],
  ["applications: page 200", "/api/admin/applications?page=200"],
  ["applications: search name 'amelia smith'", "/api/admin/applications?search=amelia%20smith"],
  ["applications: search email 'oliver.jones.1'", "/api/admin/applications?search=oliver.jones.1"],
  ["subscribers: first page", "/api/admin/email-subscribers"],
  ["subscribers: page 200", "/api/admin/email-subscribers?page=200"],
  ["subscribers: segment=waitlist", "/api/admin/email-subscribers?segment=waitlist"],
  ["subscribers: search name 'amelia smith'", "/api/admin/email-subscribers?search=amelia%20smith"],
  ["subscribers: search email 'oliver.jones.1'", "/api/admin/email-subscribers?search=oliver.jones.1"],
];

const exportCases: [label: string, path: string][] = [
  ["applications CSV export", "/api/admin/applications/export"],
  ["subscribers CSV export", "/api/admin/email-subscribers/export"],
];

type Timing = { p50: number; p95: number };

async function timed(fn: () => Promise<void>, n: number): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function get(url: string, cookie: string): Promise<Response> {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Reads a whole CSV download as a browser would (compressed on the wire), keeping none of it. */
async function download(url: string, cookie: string): Promise<{ bytes: number; records: number }> {
  const res = await get(url, cookie);
  let bytes = 0;
  // Records end in CRLF; a line break inside a quoted cell is a bare LF (or CRLF only if typed so).
  let recordEnds = 0;
  let previous = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
      if ((i > 0 ? chunk[i - 1] : previous) === 13) recordEnds++;
    }
    previous = chunk[chunk.length - 1] ?? previous;
  }
  return { bytes, records: recordEnds - 1 };
}

async function seed(databaseUrl: string | undefined, dataDir: string): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    const start = performance.now();
    await seedDemoData(database.db, { applications: rowCount, subscribers: rowCount });
    await upsertUserWithPassword(database.db, { ...owner, role: "owner" });
    return (performance.now() - start) / 1000;
  } finally {
    await database.close();
  }
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: owner.email, password: owner.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type TargetResult = {
  label: string;
  seedSeconds: number;
  healthz: Timing;
  lists: { label: string; timing: Timing; total: string }[];
  exports: { label: string; timing: Timing; records: number; bytes: number; rssBefore: number; peakRss: number }[];
};

async function target(label: string, databaseUrl: string | undefined): Promise<TargetResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "rhq-bench-admin-"));
  try {
    const seedSeconds = await seed(databaseUrl, dataDir);
    console.log(
      `  ${label}: seeded ${count(rowCount)} applications and ${count(rowCount)} subscribers in ${seedSeconds.toFixed(0)} s`,
    );
    const server = await startAppServer({ dataDir, databaseUrl, env: { RUN_WORKER: "false" } });
    try {
      const cookie = await signIn(server);
      // One pass over every case first, so the first one does not pay for cold caches alone.
      for (const [, path] of listCases) for (let i = 0; i < 3; i++) await get(`${server.url}${path}`, cookie);
      // Warms the export path with a small filtered file: a full one would only cost time.
      for (const [, path] of exportCases) await download(`${server.url}${path}?search=amelia%20smith`, cookie);

      const healthz = await timed(
        async () => void (await get(`${server.url}/healthz`, cookie).then((r) => r.text())),
        50,
      );
      const lists: TargetResult["lists"] = [];
      for (const [caseLabel, path] of listCases) {
        let total = "";
        const timing = await timed(async () => {
          const body = (await (await get(`${server.url}${path}`, cookie)).json()) as {
            total: number;
            totalIsEstimate?: boolean;
          };
          total = `${body.totalIsEstimate ? "~" : ""}${count(body.total)}`;
        }, requestsPerCase);
        lists.push({ label: caseLabel, timing, total });
        console.log(
          `  ${label.padEnd(10)} ${caseLabel.padEnd(46)} p50 ${timing.p50.toFixed(1)} ms p95 ${timing.p95.toFixed(1)} ms`,
        );
      }
      const exports: TargetResult["exports"] = [];
      for (const [caseLabel, path] of exportCases) {
        const samples: number[] = [];
        let records = 0;
        let bytes = 0;
        let rssBefore = 0;
        let peakRss = 0;
        for (let i = 0; i < exportRuns; i++) {
          const start = performance.now();
          const measured = await peakRssDuring(server.pid, () => download(`${server.url}${path}`, cookie));
          samples.push(performance.now() - start);
          ({ records, bytes } = measured.result);
          rssBefore = Math.max(rssBefore, measured.before);
          peakRss = Math.max(peakRss, measured.peak);
        }
        const timing = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
        exports.push({ label: caseLabel, timing, records, bytes, rssBefore, peakRss });
        console.log(
          `  ${label.padEnd(10)} ${caseLabel.padEnd(46)} p50 ${(timing.p50 / 1000).toFixed(2)} s, ${count(records)} rows, ` +
            `server RSS ${mib(rssBefore)} before, peak ${mib(peakRss)}`,
        );
      }
      return { label, seedSeconds, healthz, lists, exports };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function section(results: TargetResult[]): string {
  const listRows = results.flatMap((r) => [
    [r.label, "GET /healthz (baseline)", r.healthz.p50.toFixed(1), r.healthz.p95.toFixed(1), "1x", ""],
    ...r.lists.map((l) => [
      r.label,
      l.label,
      l.timing.p50.toFixed(1),
      l.timing.p95.toFixed(1),
      ratio(l.timing.p50, r.healthz.p50, 0),
      l.total,
    ]),
  ]);
  const exportRows = results.flatMap((r) =>
    r.exports.map((e) => [
      r.label,
      e.label,
      (e.timing.p50 / 1000).toFixed(2),
      (e.timing.p95 / 1000).toFixed(2),
      count(e.records),
      `${(e.bytes / 1024 / 1024).toFixed(1)} MiB`,
      mib(e.rssBefore),
      mib(e.peakRss),
      ratio(e.timing.p50, r.healthz.p50, 0),
    ]),
  );
  return [
    `${count(rowCount)} applications and ${count(rowCount)} subscribers (demo seeder; seeding took ` +
      `${results.map((r) => `${r.seedSeconds.toFixed(0)} s on ${r.label}`).join(", ")}). Server in production mode, web only, ` +
      "in its own process; requests over HTTP from the benchmark process, one at a time, signed in as an owner. " +
      `${requestsPerCase} requests per list case after 3 warm-up passes; /healthz 50 times over the same path.`,
    "",
    markdownTable(["Database", "Request", "p50 ms", "p95 ms", "p50 vs /healthz", "total"], listRows),
    "",
    `CSV exports, ${exportRuns} runs each after a small warm-up export, whole file read (gzip on the wire, as a browser asks). ` +
      "Peak RSS is the server process's high-water mark during the export (/proc VmHWM, reset before each run); " +
      "on PGlite the database engine lives in that process, so its cache counts too.",
    "",
    markdownTable(
      [
        "Database",
        "Export",
        "p50 s",
        "p95 s",
        "rows",
        "size",
        "server RSS before",
        "peak RSS during",
        "p50 vs /healthz",
      ],
      exportRows,
    ),
  ].join("\n");
}

export async function run(): Promise<string> {
  const { results, notes } = await eachDatabase("admin", target);
  return [
    section(results),
    "",
    ...notes.flatMap((note) => [note, ""]),
    `Load average at the end: ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} CPUs.`,
  ].join("\n");
}

// Run on its own: node --import tsx bench/admin-scale.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await run());
}
