import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, hasExited, type SpawnedProcess, spawnScript, waitUntilReady } from "./test/server-process";
import { createTestDatabaseUrl } from "./test/test-database";
import { waitFor } from "./test/wait-for";

/** The real entry point as `npm start` runs it: process-level behaviour (locks, signals). */
type Started = SpawnedProcess;

const running: Started[] = [];

function startServer(env: Record<string, string>): Started {
  const started = spawnScript("src/server/main.ts", {
    ...process.env,
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    DATABASE_URL: "",
    ...env,
  });
  running.push(started);
  return started;
}

// A failed (or timed-out) test must not leave its servers running.
afterEach(() => {
  for (const started of running.splice(0)) if (!hasExited(started.child)) started.child.kill("SIGKILL");
});

function waitReady(port: number, started: Started, timeoutMs = 60_000) {
  return waitUntilReady(`http://127.0.0.1:${port}`, started, timeoutMs);
}

/** Everything the process writes to standard output (the terminal), as it comes. */
function stdoutOf(started: Started): () => string {
  let text = "";
  started.child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  return () => text;
}

/** The structured log's lines: every stdout line that is a JSON object. */
function logLines(stdout: string): string[] {
  return stdout.split("\n").filter((line) => {
    try {
      return typeof JSON.parse(line) === "object";
    } catch {
      return false;
    }
  });
}

/**
 * The setup link printed on a plain terminal line (never in a log line), as PUBLIC_URL/setup/<code>;
 * returns the code.
 */
async function printedSetupCode(stdout: () => string, port: number): Promise<string> {
  const pattern = new RegExp(`http://localhost:${port}/setup/([A-Za-z0-9_-]{43})`);
  await waitFor(() => pattern.test(stdout()), `${pattern} in the output`, 5000);
  const plain = stdout()
    .split("\n")
    .filter((line) => !logLines(line).length);
  const line = plain.find((l) => pattern.test(l));
  expect(line, stdout()).toBeDefined();
  expect(stdout()).toMatch(/Open this link to create the first owner/);
  const code = line!.match(pattern)![1]!;
  expect(logLines(stdout()).filter((l) => l.includes(code))).toEqual([]);
  return code;
}

describe("main (npm start)", () => {
  it("serves on PGlite, prints the setup link on stdout only, refuses a second process on the same data dir, exits 0 on SIGTERM, restarts cleanly", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "main-"));
    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    const firstStdout = stdoutOf(first);
    await waitReady(port, first);
    const code = await printedSetupCode(firstStdout, port);
    // The link opens the setup page; the request log masks it like every credential link.
    expect((await fetch(`http://127.0.0.1:${port}/setup/${code}`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/auth/setup/${code}`)).status).toBe(200);
    await waitFor(
      () => logLines(firstStdout()).some((line) => line.includes("/setup/[redacted]")),
      "the redacted setup link in the log",
      5000,
    );
    expect(logLines(firstStdout()).filter((line) => line.includes(code))).toEqual([]);
    expect(first.output()).toMatch(/user:create/);
    const retreat = await (await fetch(`http://127.0.0.1:${port}/api/current-retreat`)).json();
    expect(retreat.name).toBe("Bali Vegan Activism Retreat 2026");

    const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by process \d+/);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    // Starting again on the same data is harmless: migrations and seed are idempotent.
    const again = startServer({ PORT: String(port), DATA_DIR: dataDir });
    const againStdout = stdoutOf(again);
    await waitReady(port, again);
    // Still no owner: a new link, and the first one still works.
    expect(await printedSetupCode(againStdout, port)).not.toBe(code);
    expect((await fetch(`http://127.0.0.1:${port}/api/auth/setup/${code}`)).status).toBe(200);
    const retreatAgain = await (await fetch(`http://127.0.0.1:${port}/api/current-retreat`)).json();
    expect(retreatAgain.id).toBe(retreat.id);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 120_000);

  it("names a bad variable and exits 1", async () => {
    const started = startServer({ PORT: "not-a-port", DATA_DIR: mkdtempSync(join(tmpdir(), "main-")) });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/PORT/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "runs the same build on PostgreSQL with DATABASE_URL",
    async () => {
      const { databaseUrl, drop } = await createTestDatabaseUrl();
      try {
        const port = await freePort();
        const started = startServer({
          PORT: String(port),
          DATABASE_URL: databaseUrl!,
          DATA_DIR: mkdtempSync(join(tmpdir(), "main-")),
        });
        await waitReady(port, started);
        const ready = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
        expect(ready.database).toBe("postgres");
        started.child.kill("SIGTERM");
        expect(await started.exited).toBe(0);
      } finally {
        await drop();
      }
    },
    120_000,
  );
});
