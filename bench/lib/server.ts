import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Servers under load run in their own process, as in production: the load generator (autocannon
 * or fetch, in the benchmark's process) then does not share their event loop, and their memory
 * can be read from /proc.
 */
export type ServerProcess = { url: string; pid: number; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitFor(child: ChildProcess, url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const graceful = await Promise.race([
    exited.then(() => true),
    new Promise((r) => setTimeout(() => r(false), 30_000)),
  ]);
  if (!graceful) {
    child.kill("SIGKILL");
    await exited;
  }
}

async function startNode(script: string, env: NodeJS.ProcessEnv, readyPath: string, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(child, `${url}${readyPath}`);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/**
 * The real server (src/server/main.ts) in production mode on PGlite in `dataDir`, or on
 * PostgreSQL with `databaseUrl`. No SMTP: confirmation emails stay in the outbox as `logged`.
 */
export async function startAppServer(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<ServerProcess> {
  const port = await freePort();
  return startNode(
    "src/server/main.ts",
    {
      NODE_ENV: "production",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      SMTP_URL: "",
      // Errors only: start-up's "no user yet" hint and the like would drown the figures.
      LOG_LEVEL: "error",
      ...options.env,
    },
    "/readyz",
    port,
  );
}

/** The baseline: a bare Fastify server with one JSON POST route (bench/lib/bare-server.ts). */
export async function startBareServer(): Promise<ServerProcess> {
  return startNode("bench/lib/bare-server.ts", {}, "/healthz", await freePort());
}

/**
 * The public POST benchmark's database baseline (bench/lib/baseline-insert-server.ts): one INSERT
 * per request, one transaction, on PostgreSQL at `databaseUrl` or PGlite in `dataDir`.
 */
export async function startBaselineInsertServer(options: { dataDir: string; databaseUrl?: string }) {
  return startNode(
    "bench/lib/baseline-insert-server.ts",
    { DATA_DIR: options.dataDir, DATABASE_URL: options.databaseUrl ?? "" },
    "/healthz",
    await freePort(),
  );
}

/** Resident and peak resident memory of a process, in bytes, from /proc/<pid>/status. */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

/**
 * Measures a process's peak RSS during `fn`: the kernel's high-water mark is reset first
 * (clear_refs 5), and RSS is also sampled every 20 ms in case the reset is not allowed here.
 */
export async function peakRssDuring<T>(
  pid: number,
  fn: () => Promise<T>,
): Promise<{ result: T; before: number; peak: number }> {
  let resetWorked = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    resetWorked = false;
  }
  const before = processMemory(pid).rss;
  let sampled = before;
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, processMemory(pid).rss);
    } catch {
      // The process ended; the caller's request fails and says so.
    }
  }, 20);
  try {
    const result = await fn();
    const memory = processMemory(pid);
    return { result, before, peak: Math.max(sampled, memory.rss, resetWorked ? memory.peak : 0) };
  } finally {
    clearInterval(timer);
  }
}
