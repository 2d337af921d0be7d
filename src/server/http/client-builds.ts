/**
 * Rebuilding while a server runs, without breaking it. A running server reads its HTML once, at
 * start, and that HTML names hashed chunks (/assets/index-3f2a.js) that later load lazily. A build
 * that emptied dist/client would delete them, and the running server's pages would fail on their
 * next navigation until it restarts.
 *
 * So a build never writes into the served folder directly (scripts/build.ts): it builds into a
 * staging folder, then `publishBuild` copies the new hashed files in beside the old ones (a hashed
 * name never changes content), replaces the other files one atomic rename each, and switches the
 * HTML last. Old hashed files are pruned only when neither the current build nor any live server
 * names them: each server records, while it runs, which build it serves (`markLiveBuild`).
 *
 * Bookkeeping lives beside the client folder, not in it (nothing of it is served):
 * `<dist>/.<client>-builds/<buildId>.json` lists a build's hashed files, `current.json` says which
 * build is published and when it started, `live/<pid>-<n>` says which build a running app serves.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";

/** The hashed-asset folder inside the client folder (vite.config.ts build.assetsDir). */
export const assetsDirName = "assets";
const htmlFiles = ["shell.html", "index.html"] as const;

/** Markers this process wrote (one per app it runs: tests run several). */
let markers = 0;

type BuildRecord = { buildId: string; assets: string[] };
type CurrentBuild = { buildId: string; startedAt: number };

/** Where the build puts the server render: beside the client folder (dist/client -> dist/ssr). */
export function ssrDirFor(clientDir: string): string {
  return join(dirname(clientDir), basename(clientDir) === "client" ? "ssr" : `${basename(clientDir)}-ssr`);
}

export function buildsDir(clientDir: string): string {
  return join(dirname(clientDir), `.${basename(clientDir)}-builds`);
}

/** A build's identity: the hash of its app shell (every route's HTML but the landing page's). */
export function buildIdOf(shellHtml: string): string {
  return createHash("sha256").update(shellHtml).digest("hex").slice(0, 16);
}

/** The published build's shell (or landing page, for builds without a shell), or null when there is none. */
function publishedShell(clientDir: string): string | null {
  for (const file of htmlFiles) {
    const path = join(clientDir, file);
    if (existsSync(path)) return readFileSync(path, "utf8");
  }
  return null;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** Copies to a temporary name and renames over the target: a reader sees the old file or the new one. */
function replaceAtomically(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  const temporary = `${to}.${process.pid}.tmp`;
  copyFileSync(from, temporary);
  renameSync(temporary, to);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Builds that running processes serve (markers of ended processes are removed). */
export function liveBuildIds(clientDir: string): Set<string> {
  const dir = join(buildsDir(clientDir), "live");
  const ids = new Set<string>();
  if (!existsSync(dir)) return ids;
  for (const name of readdirSync(dir)) {
    const pid = Number(name.split("-")[0]);
    const path = join(dir, name);
    if (!Number.isInteger(pid) || !isAlive(pid)) {
      rmSync(path, { force: true });
      continue;
    }
    try {
      ids.add(readFileSync(path, "utf8").trim());
    } catch {
      // gone meanwhile
    }
  }
  return ids;
}

/**
 * Records that this process serves the build whose shell it read, so later builds keep its
 * hashed files. Best effort: a read-only deployment (where nothing rebuilds) just has no marker.
 * Returns the function that removes the marker (on close).
 */
export function markLiveBuild(clientDir: string, shellHtml: string): () => void {
  const dir = join(buildsDir(clientDir), "live");
  markers += 1;
  const path = join(dir, `${process.pid}-${markers}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, `${buildIdOf(shellHtml)}\n`);
  } catch {
    return () => {};
  }
  return () => rmSync(path, { force: true });
}

export function readCurrentBuild(clientDir: string): CurrentBuild | null {
  try {
    return JSON.parse(readFileSync(join(buildsDir(clientDir), "current.json"), "utf8")) as CurrentBuild;
  } catch {
    return null;
  }
}

/**
 * Puts the staged build (a complete client folder, HTML prerendered) into `clientDir`:
 * hashed files first, then the other files, the HTML last, then prunes what nothing uses any more.
 * `startedAt` is when the build began reading the sources (for the freshness check).
 */
export function publishBuild(stagedClientDir: string, clientDir: string, startedAt: number): { buildId: string } {
  const shell = publishedShell(stagedClientDir);
  if (!shell) throw new Error(`${stagedClientDir} has no shell.html or index.html`);
  const buildId = buildIdOf(shell);
  const records = buildsDir(clientDir);
  mkdirSync(records, { recursive: true });
  mkdirSync(join(clientDir, assetsDirName), { recursive: true });

  const staged = filesUnder(stagedClientDir).map((path) => relative(stagedClientDir, path));
  const assets = staged.filter((file) => file.startsWith(`${assetsDirName}${sep}`));
  const others = staged.filter((file) => !assets.includes(file) && !htmlFiles.includes(file as never));

  for (const file of assets) {
    const target = join(clientDir, file);
    // Same hashed name, same content: an existing file is already right (and may be in use).
    if (!existsSync(target)) replaceAtomically(join(stagedClientDir, file), target);
  }
  for (const file of others) replaceAtomically(join(stagedClientDir, file), join(clientDir, file));
  const record: BuildRecord = { buildId, assets: assets.map((file) => file.split(sep).join("/")) };
  writeFileSync(join(records, `${buildId}.json`), `${JSON.stringify(record)}\n`);
  for (const file of htmlFiles) {
    if (existsSync(join(stagedClientDir, file))) replaceAtomically(join(stagedClientDir, file), join(clientDir, file));
  }
  const current: CurrentBuild = { buildId, startedAt };
  writeFileSync(join(records, "current.json.tmp"), `${JSON.stringify(current)}\n`);
  renameSync(join(records, "current.json.tmp"), join(records, "current.json"));
  pruneAssets(clientDir);
  return { buildId };
}

/**
 * Deletes hashed files that neither the published build nor any live server's build names, and
 * the records of builds nobody serves. When a live server's build has no record (built before
 * this bookkeeping existed), nothing is deleted: its files are unknown.
 */
export function pruneAssets(clientDir: string): { removed: string[] } {
  const records = buildsDir(clientDir);
  const shell = publishedShell(clientDir);
  const keepIds = liveBuildIds(clientDir);
  if (shell) keepIds.add(buildIdOf(shell));
  const keep = new Set<string>();
  for (const id of keepIds) {
    const path = join(records, `${id}.json`);
    if (!existsSync(path)) return { removed: [] };
    for (const file of (JSON.parse(readFileSync(path, "utf8")) as BuildRecord).assets) keep.add(file);
  }
  const removed: string[] = [];
  for (const path of filesUnder(join(clientDir, assetsDirName))) {
    const file = relative(clientDir, path).split(sep).join("/");
    if (!keep.has(file)) {
      unlinkSync(path);
      removed.push(file);
    }
  }
  for (const name of existsSync(records) ? readdirSync(records) : []) {
    if (name.endsWith(".json") && name !== "current.json" && !keepIds.has(name.slice(0, -".json".length))) {
      rmSync(join(records, name), { force: true });
    }
  }
  return { removed };
}

/** Newest modification time among the files a build reads (tests excluded), in ms. */
export function newestSourceTime(root: string, sources: readonly string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    let stats: Stats;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const source of sources) visit(join(root, source));
  return newest;
}

/** What a client build reads: when any of it is newer than the published build, build again. */
export const buildSources = [
  "src",
  "vite.config.ts",
  "package-lock.json",
  "scripts/build.ts",
  "scripts/prerender.ts",
] as const;

/** Why the client must be built before serving, or null when the published build is current. */
export function staleBuildReason(root: string, clientDir: string): string | null {
  if (!existsSync(join(clientDir, "index.html"))) return `${relative(root, clientDir) || clientDir} has no build`;
  const current = readCurrentBuild(clientDir);
  if (!current) return "the build predates build bookkeeping";
  const shell = publishedShell(clientDir);
  if (!shell || buildIdOf(shell) !== current.buildId) return "the published build is not the recorded one";
  if (newestSourceTime(root, buildSources) > current.startedAt) return "sources changed since the last build";
  return null;
}
