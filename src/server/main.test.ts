import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, type SpawnedProcess, spawnScript, waitUntilReady } from "./test/server-process";
import { createTestDatabaseUrl } from "./test/test-database";

/** The real entry point as `npm start` runs it: process-level behaviour (locks, signals). */
type Started = SpawnedProcess;

function startServer(env: Record<string, string>): Started {
  return spawnScript("src/server/main.ts", {
    ...process.env,
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    DATABASE_URL: "",
    ...env,
  });
}

function waitReady(port: number, started: Started, timeoutMs = 60_000) {
  return waitUntilReady(`http://127.0.0.1:${port}`, started, timeoutMs);
}

describe("main (npm start)", () => {
  it("serves on PGlite, refuses a second process on the same data dir, exits 0 on SIGTERM, restarts cleanly", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "main-"));
    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(port, first);
    expect(first.output()).toMatch(/No user exists yet/);
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
    await waitReady(port, again);
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
