/**
 * The real server (or another script of this repository) as a child process, for the tests that
 * need process-level behaviour: signals, data-dir locks, kill -9, several processes on one database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

export type SpawnedProcess = {
  child: ChildProcess;
  /** Everything the child wrote (the last `keepLines` lines when limited), for failure messages. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/** A port free right now (the OS picks it), so parallel test files never collide. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a script of this repository with tsx, the way `npm start` runs the server; env is complete. */
export function spawnScript(
  script: string,
  env: NodeJS.ProcessEnv,
  options: { keepLines?: number; args?: string[] } = {},
): SpawnedProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...(options.args ?? [])], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString("utf8"));
    if (options.keepLines && lines.length > options.keepLines) lines = lines.slice(-options.keepLines);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => lines.join(""), exited };
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Waits until GET <url>/readyz answers 200. Throws when the process ends first or the deadline
 * passes (the caller decides how to stop it).
 */
export async function waitUntilReady(url: string, started: SpawnedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited(started.child)) throw new Error(`server exited before it was ready:\n${started.output()}`);
    const ready = await fetch(`${url}/readyz`)
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`server not ready after ${timeoutMs} ms:\n${started.output()}`);
    await sleep(100);
  }
}
