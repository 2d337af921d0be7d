// The landing page's initial JavaScript (issue 22 target 2, decision 022), from the production
// build's Vite manifest (dist/ssr/landing-manifest.json, written by `npm run build`): the landing
// entry (src/client/landing-boot.ts), the interactive parts it loads once the page is painted
// (src/client/landing-main.tsx), and every chunk those import statically, gzip level 9. That is
// everything the browser downloads and runs before the page is idle; what loads later on demand
// (the forms, the dialogs, the late-hydrated schedule and prices) is listed separately, not counted.
//
//   node --import tsx scripts/landing-weight.ts          prints the figures
//   node --import tsx scripts/landing-weight.ts --check  also fails if the budget is exceeded
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { landingAfterPaintKey, landingEntryKey } from "../src/server/http/landing-document";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Issue 22, target 2: the landing page's initial JavaScript, gzip. */
export const landingBudgetBytes = 80_000;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface LandingWeight {
  /** The entry and its static imports: what counts. */
  initial: { file: string; gzipBytes: number; rawBytes: number }[];
  gzipBytes: number;
  rawBytes: number;
  /** Chunks reachable only through dynamic imports (loaded when needed), gzip bytes each. */
  onDemand: { file: string; gzipBytes: number }[];
}

export function measureLanding(
  clientDir = join(root, "dist/client"),
  manifestFile = join(root, "dist/ssr/landing-manifest.json"),
): LandingWeight {
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  if (!manifest[landingEntryKey]?.isEntry) {
    throw new Error(`${landingEntryKey} is not an entry in ${manifestFile}: the landing page has no entry of its own`);
  }
  const gzip = (file: string) => {
    const bytes = readFileSync(join(clientDir, file));
    return { rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  };
  const initialKeys = new Set<string>();
  const visit = (key: string) => {
    if (initialKeys.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    initialKeys.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(landingEntryKey);
  // The entry's after-paint import is part of every visit, not an on-demand part.
  if (manifest[landingEntryKey].dynamicImports?.includes(landingAfterPaintKey)) visit(landingAfterPaintKey);
  const initial = [...initialKeys]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, ...gzip(file) }));

  // Everything the landing page may load later: dynamic imports, and what those import.
  const later = new Set<string>();
  const visitLater = (key: string) => {
    if (initialKeys.has(key) || later.has(key) || !manifest[key]) return;
    later.add(key);
    for (const imported of manifest[key].imports ?? []) visitLater(imported);
    for (const imported of manifest[key].dynamicImports ?? []) visitLater(imported);
  };
  for (const key of initialKeys) for (const imported of manifest[key]!.dynamicImports ?? []) visitLater(imported);
  const onDemand = [...later]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, gzipBytes: gzip(file).gzipBytes }));

  return {
    initial,
    gzipBytes: initial.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    rawBytes: initial.reduce((sum, chunk) => sum + chunk.rawBytes, 0),
    onDemand,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Null when within the budget, else what is wrong. */
export function landingOverBudget(
  weight: Pick<LandingWeight, "gzipBytes">,
  budget = landingBudgetBytes,
): string | null {
  return weight.gzipBytes > budget
    ? `the landing page loads ${weight.gzipBytes.toLocaleString("en")} B gzip of JavaScript before it is idle, over ${budget.toLocaleString("en")} B (issue 22 target 2, decision 022)`
    : null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const weight = measureLanding();
  console.log(`Landing initial JavaScript (${landingEntryKey}, ${landingAfterPaintKey} and their static imports):`);
  for (const chunk of weight.initial) console.log(`  ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
  console.log(`  ${kb(weight.gzipBytes).padStart(9)}  total gzip (${weight.gzipBytes} B; raw ${kb(weight.rawBytes)})`);
  const onDemandTotal = weight.onDemand.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  console.log(`On demand (forms, dialogs, late sections): ${weight.onDemand.length} chunks, ${kb(onDemandTotal)} gzip`);
  if (process.argv.includes("--check")) {
    const problem = landingOverBudget(weight);
    if (problem) {
      console.error(`\nLanding JavaScript budget broken: ${problem}`);
      process.exit(1);
    }
    console.log(`\nWithin the landing budget of ${kb(landingBudgetBytes)} gzip.`);
  }
}
