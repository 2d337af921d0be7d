import { parseArgs } from "node:util";
import { loadConfig, loadDotEnv } from "../config";
import { createFieldCipher } from "../privacy/field-encryption";
import { openDatabase } from "./client";
import { demoDefaultSeed, maxDemoRows, type SeedDemoProgress, seedDemoData } from "./seed-demo";

const usage = `Usage: npm run seed:demo -- [--applications N] [--subscribers N] [--seed S]
  --applications  applications to create, 0 to ${maxDemoRows} (default 200)
  --subscribers   email subscribers to create, 0 to ${maxDemoRows} (default 500)
  --seed          PRNG seed, 0 to ${0xffffffff} (default ${demoDefaultSeed}); the same options give the same data`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** A whole number in [0, max] written as plain digits ("1e3", "-1", "2.5" and "" are refused). */
function parseCount(name: string, raw: string, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value > max) {
    fail(`--${name} must be a whole number from 0 to ${max}, got "${raw}".`);
  }
  return value;
}

let values: { applications: string; subscribers: string; seed: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      applications: { type: "string", default: "200" },
      subscribers: { type: "string", default: "500" },
      seed: { type: "string", default: String(demoDefaultSeed) },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const options = {
  applications: parseCount("applications", values.applications, maxDemoRows),
  subscribers: parseCount("subscribers", values.subscribers, maxDemoRows),
  seed: parseCount("seed", values.seed, 0xffffffff),
};

loadDotEnv();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// A running server holds the embedded database: openDatabase says so (DataDirLockedError).
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

let started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const lastReported = new Map<string, number>();
function report({ table, done, total }: SeedDemoProgress) {
  // Roughly every 10% (and at the end) for the large tables.
  const step = Math.max(1, Math.ceil(total / 10));
  const last = lastReported.get(table) ?? 0;
  if (done === total || done - last >= step) {
    lastReported.set(table, done);
    console.log(`  ${table}: ${done.toLocaleString("en-GB")}/${total.toLocaleString("en-GB")} (${seconds()} s)`);
  }
}

try {
  await database.migrate();
  started = performance.now();
  console.log(
    `Seeding demo data (${database.driver}): ${options.applications} applications, ${options.subscribers} subscribers, seed ${options.seed}`,
  );
  const summary = await seedDemoData(database.db, {
    ...options,
    onProgress: report,
    cipher: createFieldCipher(config.dataEncryptionKey),
  });
  if (summary.skipped) {
    console.log(summary.message);
  } else {
    console.log(`Demo data added to retreat ${summary.retreatId} in ${seconds()} s:`);
    const width = Math.max(...Object.keys(summary.counts).map((k) => k.length));
    for (const [table, count] of Object.entries(summary.counts)) {
      console.log(`  ${table.padEnd(width)}  ${count.toLocaleString("en-GB")}`);
    }
  }
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
