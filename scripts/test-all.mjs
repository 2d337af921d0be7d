// `npm test`: every check in order, stopping at the first failure, then each step's time and the
// total, so anyone can see where the minutes go (and whether the suite still fits its budget).
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";

const steps = [
  ["lint", "npm run lint"],
  ["typecheck", "npm run typecheck"],
  ["unit", "npm run test:unit"],
  ["build", "npm run build"],
  // Decision 021: no admin route may load more JavaScript before it is usable than its budget.
  ["admin-js", "node --import tsx scripts/admin-weight.ts --check"],
  ["landing-js", "node --import tsx scripts/landing-weight.ts --check"], // issue 22 target 2, decision 022
  ["e2e", "npm run test:e2e"],
];

const minutes = (ms) => `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;
const startedAt = Date.now();
const times = [];
let failed;

for (const [name, command] of steps) {
  const stepStart = Date.now();
  const result = spawnSync(command, { stdio: "inherit", shell: true });
  times.push([name, Date.now() - stepStart]);
  if (result.status !== 0) {
    failed = name;
    break;
  }
}

const total = Date.now() - startedAt;
console.log("\nnpm test, time per step:");
for (const [name, ms] of times) console.log(`  ${name.padEnd(10)} ${minutes(ms)}`);
console.log(
  `  ${"total".padEnd(10)} ${minutes(total)}   (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")})`,
);
console.log(failed ? `FAILED at ${failed}` : "all passed");
process.exit(failed ? 1 : 0);
