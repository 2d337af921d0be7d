import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

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

/** A port nobody listens on right now (the OS picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

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
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 300) lines.splice(0, lines.length - 300);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const app: AppProcess = {
    name: options.name,
    url,
    publicUrl,
    output: () => lines.join("\n"),
    stop: (timeoutMs = 15_000) => stopChild(child, exited, timeoutMs),
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 45_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited during start-up:\n${app.output()}`);
    }
    const ready = await fetch(`${url}/readyz`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) return app;
    if (Date.now() > deadline) {
      await app.stop(2_000);
      throw new Error(`${options.name} was not ready in time:\n${app.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>, timeoutMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
