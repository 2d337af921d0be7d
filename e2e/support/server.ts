import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/**
 * Journeys that need their own server (users or data prepared before it starts, a real SMTP peer)
 * start one on a free port; PGlite allows one process per data directory.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Polls a readiness URL until it answers OK, failing fast if the server process exits. */
export async function waitForReady(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready at ${url}`);
}
