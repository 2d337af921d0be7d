import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { upsertUserWithPassword } from "../../src/server/auth/users.service";
import { type Config, loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";
import { preparedDataDirTemplate } from "./data-dir-template";
import { freePort, waitForReady } from "./server";

export interface OwnServerUser {
  email: string;
  password: string;
  role: "owner" | "staff" | "vendor" | "guest";
  firstName: string;
  lastName?: string;
}

export interface OwnServer {
  baseUrl: string;
  dataDir: string;
  /** What the server wrote to standard output (the terminal), when started with `captureStdout`. */
  stdout(): string;
  stop(): Promise<void>;
}

export interface OwnServerOptions {
  /** Names the data directory (rhq-e2e-<name>-…). */
  name: string;
  /** Made through the same service as `npm run user:create`, before the server starts. */
  users: OwnServerUser[];
  /** Extra server environment; a function when a value needs the server's own URL (PUBLIC_URL). */
  env?: Record<string, string> | ((baseUrl: string) => Record<string, string>);
  /** A variable that pins the port when several people share a machine; a free port otherwise. */
  portEnvVar?: string;
  /** Data the journey needs written before the server starts (after the users are made). */
  prepare?: (context: { database: Database; config: Config }) => Promise<void>;
  /** Keep standard output for the journey to read (the first-owner setup link) instead of passing it on. */
  captureStdout?: boolean;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** The server's environment on an embedded database in `dataDir`. */
function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" };
}

/** Writes the journey's users and data into the (stopped) data directory. */
async function prepareDataDir(dataDir: string, options: OwnServerOptions) {
  if (options.users.length === 0 && !options.prepare) return;
  const config = loadConfig(serverEnv(dataDir));
  const database = await openDatabase({ dataDir });
  try {
    for (const user of options.users) await upsertUserWithPassword(database.db, user);
    await options.prepare?.({ database, config });
  } finally {
    await database.close();
  }
}

/**
 * A server of the journey's own, on a copy of the run's migrated data directory (see
 * data-dir-template.ts) with the journey's users and data written in first: PGlite allows one
 * process per data directory, so users and data cannot be added to the shared e2e server.
 */
export async function startOwnServer(options: OwnServerOptions): Promise<OwnServer> {
  let dataDir = "";
  let child: ChildProcess | undefined;
  try {
    dataDir = mkdtempSync(join(tmpdir(), `rhq-e2e-${options.name}-`));
    cpSync(preparedDataDirTemplate(), dataDir, { recursive: true });
    await prepareDataDir(dataDir, options);
    const pinned = options.portEnvVar ? Number(process.env[options.portEnvVar]) : 0;
    const port = pinned || (await freePort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const extra = typeof options.env === "function" ? options.env(baseUrl) : (options.env ?? {});
    child = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...serverEnv(dataDir),
        PORT: String(port),
        HOST: "127.0.0.1",
        CLIENT_DIR: process.env.CLIENT_DIR ?? "dist/client",
        ...extra,
      },
      stdio: ["ignore", options.captureStdout ? "pipe" : "inherit", "inherit"],
    });
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    await waitForReady(`${baseUrl}/readyz`, child);
    const server = child;
    return {
      baseUrl,
      dataDir,
      stdout: () => stdout,
      async stop() {
        await stopChild(server);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    // No handle reaches the spec's afterAll: clean up here.
    if (child) await stopChild(child);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
