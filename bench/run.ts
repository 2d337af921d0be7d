// `npm run bench` runs every benchmark; `npm run bench -- landing` runs the named ones.
// A benchmark is a module exporting `run(): Promise<void>`; add new ones to the list below.

const benchmarks: Record<string, { description: string; load: () => Promise<{ run: () => Promise<void> }> }> = {
  landing: {
    description: "Lighthouse (mobile) on the production build of the landing page",
    load: () => import("./landing"),
  },
  "applications-list": {
    description: "GET /api/admin/applications filtered pages at 100,000 applications, against /healthz",
    load: () => import("./applications-list"),
  },
  campaign: {
    description: "Campaign engine: 10,000 recipients to an SMTP sink, messages/s and peak RSS, against raw nodemailer",
    load: () => import("./campaign"),
  },
};

async function main() {
  const requested = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
  const unknown = requested.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark: ${unknown.join(", ")}. Available: ${Object.keys(benchmarks).join(", ")}`);
    process.exit(2);
  }
  for (const name of requested.length > 0 ? requested : Object.keys(benchmarks)) {
    const benchmark = benchmarks[name]!;
    console.log(`\n== ${name}: ${benchmark.description}`);
    const { run } = await benchmark.load();
    await run();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
