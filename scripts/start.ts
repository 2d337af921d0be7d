// `npm start`: production behaviour. Builds the client only when the build is missing or older than
// its sources (src/, vite.config.ts, package-lock.json, the build scripts), then runs the server in
// this process. A clone that is already built is serving within seconds.
//
// NODE_ENV defaults to production here (set it to override). On the embedded database the
// secrets are generated into DATA_DIR; with DATABASE_URL, production needs SESSION_SECRET and
// DATA_ENCRYPTION_KEY (see the README's production command).
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { loadDotEnv } from "../src/server/config";
import { staleBuildReason } from "../src/server/http/client-builds";

const root = resolve(import.meta.dirname, "..");
loadDotEnv();
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";

const clientDir = resolve(root, process.env.CLIENT_DIR || "dist/client");
const reason = staleBuildReason(root, clientDir);
if (reason) {
  console.log(`Building the client first: ${reason}.`);
  const build = spawnSync(
    process.execPath,
    ["--import", "tsx", join(root, "scripts", "build.ts"), "--client", clientDir],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../src/server/main");
