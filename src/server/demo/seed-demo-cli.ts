import { parseArgs } from "node:util";
import { loadConfig, loadDotEnv } from "../config";
import { openDatabase } from "../db/client";
import { createFieldCipher } from "../encryption/field-encryption";
import { demoDefaultSeed } from "./seed-demo";
import {
  defaultDemoApplications,
  defaultDemoSubscribers,
  demoCastSize,
  demoSignIns,
  maxDemoApplications,
  maxDemoSubscribers,
  seedDemoThroughServices,
} from "./seed-demo-services";

const usage = `Usage: npm run seed:demo -- [--applications N] [--subscribers N] [--seed S]
  --applications  applications in all, ${demoCastSize} to ${maxDemoApplications} (default ${defaultDemoApplications}); beyond the
                  ${demoCastSize} of the demo story they stay new, in screening, waitlisted or declined
  --subscribers   email subscribers to import, 0 to ${maxDemoSubscribers} (default ${defaultDemoSubscribers})
  --seed          PRNG seed, 0 to ${0xffffffff} (default ${demoDefaultSeed}); the same seed gives the same people and texts
Everything goes through the product's own services, with dates relative to today.`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** A whole number in [min, max] written as plain digits ("1e3", "-1", "2.5" and "" are refused). */
function parseCount(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(`--${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

let values: { applications: string; subscribers: string; seed: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      applications: { type: "string", default: String(defaultDemoApplications) },
      subscribers: { type: "string", default: String(defaultDemoSubscribers) },
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
  applications: parseCount("applications", values.applications, demoCastSize, maxDemoApplications),
  subscribers: parseCount("subscribers", values.subscribers, 0, maxDemoSubscribers),
  seed: parseCount("seed", values.seed, 0, 0xffffffff),
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

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

try {
  await database.migrate();
  console.log(
    `Seeding demo data (${database.driver}): ${options.applications} applications, ${options.subscribers} subscribers, seed ${options.seed}`,
  );
  const summary = await seedDemoThroughServices(database.db, {
    ...options,
    config,
    cipher: createFieldCipher(config.dataEncryptionKey),
    log: (step) => console.log(`  ${step} (${seconds()} s)`),
  });
  if (summary.skipped) {
    console.log(summary.message);
  } else {
    const dates = summary.retreatDates ? ` (${summary.retreatDates.startDate} to ${summary.retreatDates.endDate})` : "";
    console.log(`Demo data added to retreat ${summary.retreatId}${dates} in ${seconds()} s:`);
    const width = Math.max(...Object.keys(summary.counts).map((k) => k.length));
    for (const [table, n] of Object.entries(summary.counts)) {
      console.log(`  ${table.padEnd(width)}  ${n.toLocaleString("en-GB")}`);
    }
    console.log("Demo sign-ins (demo data only; change or remove them before real use):");
    for (const who of Object.values(demoSignIns)) {
      console.log(
        `  ${who.role.padEnd(6)}  ${who.email.padEnd(24)}  ${who.password}  (${who.firstName} ${who.lastName})`,
      );
    }
  }
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
