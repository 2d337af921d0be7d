import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { preparedDataDir } from "./prepared-data-dir";
import { freePort, waitForReady } from "./server";

const run = promisify(execFile);

export interface OwnServerUser {
  email: string;
  password: string;
  role: string;
  firstName: string;
  lastName?: string;
}

export interface OwnServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface OwnServerOptions {
  /** Names the data directory (rhq-e2e-<name>-…). */
  name: string;
  /** Made with the real `user:create` command before the server starts. */
  users: OwnServerUser[];
  /** Extra server environment; a function when a value needs the server's own URL (PUBLIC_URL). */
  env?: Record<string, string> | ((baseUrl: string) => Record<string, string>);
  /** A variable that pins the port when several people share a machine; a free port otherwise. */
  portEnvVar?: string;
  /** Data the journey needs written before the server starts (after the users are made). */
  beforeStart?: (dataDir: string, env: NodeJS.ProcessEnv) => Promise<void>;
  /**
   * Where a prepared copy of the data directory is left for the next project of the run
   * (see preparedDataDir); without it every project prepares its own.
   */
  spare?: string;
}

function cliEnv(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" };
}

async function createUser(env: NodeJS.ProcessEnv, user: OwnServerUser) {
  const args = [
    "--email",
    user.email,
    "--password",
    user.password,
    "--role",
    user.role,
    "--first-name",
    user.firstName,
  ];
  if (user.lastName) args.push("--last-name", user.lastName);
  await run("node", ["--import", "tsx", "src/server/auth/user-create-cli.ts", ...args], { env });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * A server of the journey's own, on a data directory prepared with the real CLIs: PGlite allows
 * one process per data directory, so users and data cannot be added to the shared e2e server.
 */
export async function startOwnServer(options: OwnServerOptions): Promise<OwnServer> {
  const prefix = `rhq-e2e-${options.name}-`;
  const prepare = async (dir: string) => {
    const env = cliEnv(dir);
    for (const user of options.users) await createUser(env, user);
    await options.beforeStart?.(dir, env);
  };
  let dataDir = "";
  let child: ChildProcess | undefined;
  try {
    if (options.spare) dataDir = await preparedDataDir(prefix, options.spare, prepare);
    else {
      dataDir = mkdtempSync(join(tmpdir(), prefix));
      await prepare(dataDir);
    }
    const pinned = options.portEnvVar ? Number(process.env[options.portEnvVar]) : 0;
    const port = pinned || (await freePort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const extra = typeof options.env === "function" ? options.env(baseUrl) : (options.env ?? {});
    child = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...cliEnv(dataDir),
        PORT: String(port),
        HOST: "127.0.0.1",
        CLIENT_DIR: process.env.CLIENT_DIR ?? "dist/client",
        ...extra,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitForReady(`${baseUrl}/readyz`, child);
    const server = child;
    return {
      baseUrl,
      dataDir,
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
