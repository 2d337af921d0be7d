// `npm run lint` (after Biome): the server's module boundaries, which no formatter can see.
//
//  1. A feature imports another feature only through its public surface: a `*.service.ts` or an
//     explicit `index.ts`. Reaching into another feature's internals (its routes, repo, jobs,
//     helpers) fails.
//  2. Infrastructure (`db/`, `email/`, `http/`, `auth/`, `privacy/`, `jobs/`) never imports a feature:
//     features build on infrastructure, not the other way round.
//  3. No import cycle between features (type-only imports count too: a cycle of types is a cycle
//     of meaning).
//
// Composition roots wire everything together and may import any module: `features/index.ts` (the
// route list), `jobs/handlers.ts` (the job list), `app.ts` and `main.ts`. Tests (`*.test.ts`) may
// reach into what they test; the test tree (`src/server/test/`, builders and fixtures) is neither a
// feature nor infrastructure, so no rule applies to it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const compositionRoots = new Set(["features/index.ts", "jobs/handlers.ts", "app.ts", "main.ts"]);
const infrastructure = ["db", "email", "http", "auth", "encryption", "jobs"];
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.[^"]+)"/g;

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const isTestCode = (file) => /\.test\.tsx?$/.test(file);
const posix = (path) => path.split(sep).join("/");
const featureOf = (rel) => (rel.startsWith("features/") ? rel.split("/")[1] : null);

/** The relative imports of one file, as paths relative to the server root (without extension). */
function importsOf(serverRoot, file) {
  const text = readFileSync(file, "utf8");
  const targets = [];
  for (const match of text.matchAll(importPattern)) {
    targets.push(posix(relative(serverRoot, resolve(dirname(file), match[1]))).replace(/\.(js|ts|tsx)$/, ""));
  }
  return targets;
}

/** Cycles among features, each as "a -> b -> a". */
function featureCycles(edges) {
  const graph = new Map();
  for (const [from, to] of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  }
  const cycles = [];
  const state = new Map(); // 1 = on the current path, 2 = done
  const path = [];
  const visit = (node) => {
    state.set(node, 1);
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 1) cycles.push([...path.slice(path.indexOf(next)), next].join(" -> "));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 2);
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Every boundary broken under `serverRoot` (src/server), as readable lines; empty when all hold. */
export function findBoundaryViolations(serverRoot) {
  const violations = [];
  const featureEdges = new Map();
  for (const file of sourceFiles(serverRoot)) {
    if (isTestCode(file)) continue;
    const rel = posix(relative(serverRoot, file));
    if (compositionRoots.has(rel)) continue;
    const fromFeature = featureOf(rel);
    const layer = rel.split("/")[0];
    for (const target of importsOf(serverRoot, file)) {
      const toFeature = featureOf(target);
      if (!toFeature) continue;
      if (!fromFeature) {
        if (infrastructure.includes(layer)) {
          violations.push(`${rel} imports ${target}: infrastructure (${layer}/) must not import a feature`);
        }
        continue;
      }
      if (toFeature === fromFeature) continue;
      featureEdges.set(`${fromFeature}>${toFeature}`, [fromFeature, toFeature]);
      const module = target.split("/").pop();
      if (target.split("/").length === 2) continue; // "features/<name>": its index
      if (!(module.endsWith(".service") || module === "index")) {
        violations.push(
          `${rel} imports ${target}: another feature's internals (use its ${toFeature}/*.service.ts or an index.ts)`,
        );
      }
    }
  }
  for (const cycle of featureCycles(featureEdges.values())) violations.push(`import cycle between features: ${cycle}`);
  return violations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "src", "server");
  const violations = findBoundaryViolations(serverRoot);
  if (violations.length > 0) {
    console.error(`Module boundaries broken (see scripts/check-boundaries.mjs and CONTRIBUTING.md):`);
    for (const line of violations) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log("Module boundaries hold: features meet only through services and indexes, no cycles.");
}
