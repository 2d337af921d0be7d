// `npm run bench` runs every benchmark; `npm run bench -- landing` runs the named ones.
// A benchmark is a module exporting `run(): Promise<string>`: it prints as it goes and returns its
// figures as markdown, which this runner writes into bench/results/latest.md (one section per
// benchmark; running some benchmarks replaces only their sections). Add new ones to the list below.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { dirname } from "node:path";
import { performance } from "node:perf_hooks";

const benchmarks: Record<string, { description: string; load: () => Promise<{ run: () => Promise<string> }> }> = {
  landing: {
    description: "Lighthouse (mobile) on the production build of the landing page",
    load: () => import("./landing"),
  },
  "public-posts": {
    description:
      "POST /api/waitlist and /api/application under autocannon on PGlite and PostgreSQL, against bare Fastify",
    load: () => import("./public-posts"),
  },
  "applications-list": {
    description: "GET /api/admin/applications filtered pages at 100,000 applications, against /healthz",
    load: () => import("./applications-list"),
  },
  "admin-scale": {
    description:
      "Admin lists at 100,000 applications and subscribers, every filter, sort, search and page (p95 <= 100 ms each), and CSV exports: latency and server peak RSS",
    load: () => import("./admin-scale"),
  },
  "admin-routes": {
    description:
      "Admin JavaScript per route (gzip, before usable) and a cold load of each dashboard tab at 4x CPU throttling",
    load: () => import("./admin-routes"),
  },
  campaign: {
    description: "Campaign engine: 10,000 recipients to an SMTP sink, messages/s and peak RSS, against raw nodemailer",
    load: () => import("./campaign"),
  },
};

const resultsFile = "bench/results/latest.md";

const sectionPattern = (name: string) => new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);

/** The sections of an earlier results file, so running one benchmark keeps the others' figures. */
function previousSections(): Map<string, string> {
  const sections = new Map<string, string>();
  if (!existsSync(resultsFile)) return sections;
  const text = readFileSync(resultsFile, "utf8");
  for (const name of Object.keys(benchmarks)) {
    const match = sectionPattern(name).exec(text);
    if (match) sections.set(name, match[0]);
  }
  return sections;
}

function machine(): string {
  const model = cpus()[0]?.model.trim() ?? "unknown CPU";
  return (
    `Node ${process.version}, ${availableParallelism()} CPUs (${model}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB; ` +
    `load average ${loadavg()[0]!.toFixed(2)} at the end`
  );
}

function writeResults(sections: Map<string, string>) {
  const ordered = Object.keys(benchmarks)
    .filter((name) => sections.has(name))
    .map((name) => sections.get(name)!);
  const text = [
    "# Benchmark results",
    "",
    `Written by \`npm run bench\` (bench/run.ts), last on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC. ` +
      "`npm run bench -- NAME` replaces only that section. The machine is shared and noisy (other jobs run beside the " +
      "benchmarks): trust each figure's ratio to the baseline measured in the same run more than its absolute value.",
    "",
    ...ordered.flatMap((section) => [section, ""]),
  ].join("\n");
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, text);
}

async function main() {
  const requested = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
  const unknown = requested.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark: ${unknown.join(", ")}. Available: ${Object.keys(benchmarks).join(", ")}`);
    process.exit(2);
  }
  const sections = previousSections();
  const failed: string[] = [];
  for (const name of requested.length > 0 ? requested : Object.keys(benchmarks)) {
    const benchmark = benchmarks[name]!;
    console.log(`\n== ${name}: ${benchmark.description}`);
    const started = performance.now();
    let body: string;
    try {
      const { run } = await benchmark.load();
      body = await run();
    } catch (error) {
      // One broken benchmark should not cost the others' figures: record it and go on.
      const message = error instanceof Error ? error.message : String(error);
      console.error(`${name} failed: ${message}`);
      failed.push(name);
      body = `**Failed:** ${message}`;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    sections.set(
      name,
      [
        `<!-- bench:${name} -->`,
        `## ${name}`,
        "",
        `${benchmark.description}.`,
        "",
        `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC in ${seconds} s; ${machine()}.`,
        "",
        body,
        `<!-- /bench:${name} -->`,
      ].join("\n"),
    );
    writeResults(sections);
  }
  console.log(`\nResults written to ${resultsFile}`);
  if (failed.length > 0) {
    console.error(`Failed: ${failed.join(", ")}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
