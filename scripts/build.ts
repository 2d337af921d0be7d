// `npm run build`: the client (Vite), the landing page's server render, the prerendered HTML, and
// the empty database a first start loads (src/server/db/database-template.ts).
//
// Everything is built into a staging folder first (dist/.staging-<pid>/), then published into
// dist/client by src/server/http/client-builds.ts: new hashed chunks beside the old ones, the HTML
// switched last, and old chunks deleted only when no running server still names them. A server
// started before a rebuild in the same checkout keeps working.
//
// Options: --client <dir> (default dist/client), --ssr <dir> (default dist/ssr).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { databaseTemplatePath } from "../src/server/db/database-template";
import { publishBuild } from "../src/server/http/client-builds";
import { landingManifestName } from "../src/server/http/landing-document";
import { writeRouteChunks } from "./route-chunks";

const root = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { client: { type: "string", default: "dist/client" }, ssr: { type: "string", default: "dist/ssr" } },
});
const clientDir = resolve(root, values.client);
const ssrDir = resolve(root, values.ssr);
const staging = join(dirname(clientDir), `.staging-${process.pid}`);
const stagedClient = join(staging, "client");
const stagedSsr = join(staging, "ssr");

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

const vite = join(root, "node_modules", "vite", "bin", "vite.js");
const startedAt = Date.now();
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
// The app (every page but "/", on preact/compat) and the landing page's entry (on React), into one
// folder, each with its own manifest (decision 024).
run([vite, "build", "--manifest", "--outDir", stagedClient, "--emptyOutDir"], { CLIENT_BUILD: "app" });
run([vite, "build", "--manifest", landingManifestName, "--outDir", stagedClient], { CLIENT_BUILD: "landing" });
run([vite, "build", "--ssr", "entry-server.tsx", "--outDir", stagedSsr, "--emptyOutDir"]);
run(["--import", "tsx", join(root, "scripts", "prerender.ts"), "--client", stagedClient, "--ssr", stagedSsr]);
// Which chunks each page and dashboard tab needs, for the server to preload with the page.
try {
  writeRouteChunks(stagedSsr);
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  throw error;
}
const stagedTemplate = join(staging, "pglite-template.tar");
run(["--import", "tsx", join(root, "scripts", "make-database-template.ts"), "--out", stagedTemplate]);

const { buildId } = publishBuild(stagedClient, clientDir, startedAt);
// The server render is a build input (nothing serves it): swap the folder whole.
const previousSsr = `${ssrDir}.old-${process.pid}`;
if (existsSync(ssrDir)) renameSync(ssrDir, previousSsr);
renameSync(stagedSsr, ssrDir);
rmSync(previousSsr, { recursive: true, force: true });
// Read only by a process opening an empty DATA_DIR: replaced whole, in one rename.
renameSync(stagedTemplate, databaseTemplatePath(clientDir));
rmSync(staging, { recursive: true, force: true });
console.log(`published build ${buildId} into ${clientDir} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
