import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitForReady } from "./server";

const templateVariable = "RHQ_E2E_DATA_DIR_TEMPLATE";

/**
 * Makes the run's data directory template: the real server started once on an empty directory
 * (migrations, base seed, job queue schema, generated secrets) and stopped. Journeys with their
 * own server start from a copy, instead of paying for a fresh database each. Returns the teardown.
 */
export async function makeDataDirTemplate(): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), "rhq-e2e-template-"));
  const port = await freePort();
  const child: ChildProcess = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      CLIENT_DIR: process.env.CLIENT_DIR ?? "dist/client",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForReady(`http://127.0.0.1:${port}/readyz`, child, 180_000);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
  // Workers inherit the runner's environment.
  process.env[templateVariable] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}

export function preparedDataDirTemplate(): string {
  const dir = process.env[templateVariable];
  if (!dir) throw new Error(`${templateVariable} is not set: run the journeys through playwright.config.ts`);
  return dir;
}
