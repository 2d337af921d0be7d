import { freePort, hasExited, type SpawnedProcess, spawnScript, waitUntilReady } from "../server-process";

export type AppProcess = {
  name: string;
  /** Where the test connects: http://127.0.0.1:<port>. */
  url: string;
  /** The process's PUBLIC_URL; its origin is what same-origin requests carry. */
  publicUrl: string;
  /** The process's recent log lines, for failure messages. */
  output(): string;
  /** SIGTERM (graceful), then SIGKILL if it has not exited within the timeout. */
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * The real server (`node --import tsx src/server/main.ts`) as a child process, started the way a
 * deployment starts it: configuration from the environment only (no inherited variables besides
 * PATH and HOME). Resolves once GET /readyz answers 200.
 */
export async function startAppProcess(options: {
  name: string;
  env: Record<string, string>;
  /** Host name in PUBLIC_URL (the process still listens on 127.0.0.1). */
  publicHost?: string;
  readyTimeoutMs?: number;
}): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const publicUrl = `http://${options.publicHost ?? "127.0.0.1"}:${port}`;
  const started = spawnScript(
    "src/server/main.ts",
    {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
    },
    { keepLines: 300 },
  );

  const app: AppProcess = {
    name: options.name,
    url,
    publicUrl,
    output: started.output,
    stop: (timeoutMs = 15_000) => stopChild(started, timeoutMs),
  };
  try {
    await waitUntilReady(url, started, options.readyTimeoutMs ?? 45_000);
  } catch (error) {
    await app.stop(2_000);
    throw new Error(`${options.name}: ${(error as Error).message}`);
  }
  return app;
}

async function stopChild({ child, exited }: SpawnedProcess, timeoutMs: number) {
  if (hasExited(child)) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
