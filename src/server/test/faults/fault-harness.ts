/**
 * Fault-injection harness shared by the fault tests (src/server/test/faults/*.test.ts) and the drills
 * (scripts/fault-drills.ts): the real server as a child process, killed with SIGKILL, and the
 * public application form driven over HTTP.
 */
import type { ChildProcess } from "node:child_process";
import { applicationPayload } from "../builders";
import { freePort, hasExited, spawnScript, waitUntilReady } from "../server-process";

export type ServerOptions = {
  /** postgres:// URL; otherwise `dataDir` (PGlite on disk). */
  databaseUrl?: string;
  dataDir?: string;
  smtpUrl?: string;
  port?: number;
  /** Extra variables (EMAIL_RATE_PER_SECOND, RUN_WORKER...). */
  env?: Record<string, string>;
};

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the child wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  kill9(): Promise<void>;
  /** Graceful stop (SIGTERM), as a deployment would. */
  stop(): Promise<void>;
};

const running = new Set<ServerProcess>();

/**
 * Per-test limit for the fault tests. A child server is ready in about 5 s on an idle 2-core
 * machine but took over 60 s when the machine was saturated by parallel suites; a timeout there
 * says nothing about recovery, so the limit is generous and the tests' own waits stay tight.
 */
export const faultTestTimeoutMs = 240_000;

export { freePort };

/** The environment main.ts needs, minus the database choice. Fixed secrets: tests only. */
export function serverEnv(options: ServerOptions, port: number): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "fault-tests-session-secret-0123456789abcdef",
    DATA_ENCRYPTION_KEY: "ab".repeat(32),
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    // Each request carries its own X-Forwarded-For, as behind a load balancer: the per-address
    // rate limit still applies, per simulated visitor.
    TRUST_PROXY: "true",
    CLIENT_DIR: "/nonexistent-client-build",
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  return env;
}

/** Spawns a node script of this repository with tsx (the way npm start runs the server). */
export function spawnTs(script: string, env: Record<string, string>): ChildProcess {
  return spawnScript(script, env).child;
}

/** Starts `node --import tsx src/server/main.ts` and waits until /readyz answers 200. */
export async function startServer(options: ServerOptions, readyTimeoutMs = 120_000): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const started = spawnScript("src/server/main.ts", serverEnv(options, port));
  const { child, exited } = started;
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    output: started.output,
    exited,
    async kill9() {
      if (!hasExited(child)) child.kill("SIGKILL");
      await exited;
      running.delete(server);
    },
    async stop() {
      if (!hasExited(child)) child.kill("SIGTERM");
      await exited;
      running.delete(server);
    },
  };
  running.add(server);
  try {
    await waitUntilReady(url, started, readyTimeoutMs);
  } catch (error) {
    await server.kill9();
    throw error;
  }
  return server;
}

/** SIGKILLs every child this process started and has not stopped (afterAll, drills' finally). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.kill9()));
}

export async function currentRetreatId(url: string): Promise<string> {
  const res = await fetch(`${url}/api/current-retreat`);
  if (res.status !== 200) throw new Error(`GET /api/current-retreat answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** One submission's outcome as the client saw it: an HTTP status, or no reply at all. */
export type SubmissionOutcome = { email: string; status: number | "no-reply"; id?: string; ms: number };

let visitor = 0;

/** POSTs one application from its own simulated address (X-Forwarded-For). */
export async function submitApplication(
  url: string,
  retreatId: string,
  email: string,
  timeoutMs = 15_000,
): Promise<SubmissionOutcome> {
  visitor += 1;
  const forwardedFor = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  const started = Date.now();
  try {
    const res = await fetch(`${url}/api/application`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify(applicationPayload(retreatId, email)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: string };
    return { email, status: res.status, id: body.id, ms: Date.now() - started };
  } catch {
    return { email, status: "no-reply", ms: Date.now() - started };
  }
}

/**
 * Submits `count` applications with `concurrency` in flight, calling `onProgress` after each
 * reply (the tests kill the server from there). Stops early once the server is unreachable.
 */
export async function submitBurst(
  url: string,
  retreatId: string,
  options: { count: number; concurrency: number; prefix: string; onProgress?: (done: SubmissionOutcome[]) => void },
): Promise<SubmissionOutcome[]> {
  const outcomes: SubmissionOutcome[] = [];
  let next = 0;
  let unreachable = 0;
  const worker = async () => {
    while (next < options.count && unreachable < options.concurrency * 2) {
      const i = next++;
      const outcome = await submitApplication(url, retreatId, `${options.prefix}-${i}@example.com`);
      if (outcome.status === "no-reply") unreachable += 1;
      outcomes.push(outcome);
      options.onProgress?.(outcomes);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return outcomes;
}

/**
 * Starts a server, submits from `concurrency` clients at once and SIGKILLs the server once
 * `killAfterAccepted` submissions were accepted, so about `concurrency - 1` are in flight then.
 */
export async function burstThenKill(
  options: ServerOptions,
  prefix: string,
  burst: { count: number; concurrency: number; killAfterAccepted: number },
): Promise<{ outcomes: SubmissionOutcome[]; killed: boolean }> {
  const server = await startServer(options);
  const retreatId = await currentRetreatId(server.url);
  let killed = false;
  const outcomes = await submitBurst(server.url, retreatId, {
    count: burst.count,
    concurrency: burst.concurrency,
    prefix,
    onProgress: (done) => {
      if (!killed && done.filter((o) => o.status === 201).length >= burst.killAfterAccepted) {
        killed = true;
        void server.kill9();
      }
    },
  });
  await server.kill9();
  return { outcomes, killed };
}

/**
 * Runs the migration child (migrate-child.ts) on a database; SIGKILLs it `killAfterMs` after it
 * says it started migrating (never, when undefined). `finished` tells whether it got to the end.
 */
export async function migrateChild(
  db: { databaseUrl?: string; dataDir?: string },
  killAfterMs?: number,
): Promise<{ started: boolean; finished: boolean; ms: number }> {
  const child = spawnTs("src/server/test/faults/migrate-child.ts", serverEnv(db, 0));
  const run = { started: false, finished: false, ms: 0 };
  let startedAt = 0;
  child.stdout?.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (text.includes("migrating")) {
      run.started = true;
      startedAt = Date.now();
      if (killAfterMs !== undefined) setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    }
    if (text.includes("migrated")) {
      run.finished = true;
      run.ms = Date.now() - startedAt;
    }
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  await new Promise((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return run;
}
