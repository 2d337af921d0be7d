import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3123);
const dataDir = mkdtempSync(join(tmpdir(), "rhq-e2e-"));

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  // The first paint of an admin tab, on two cores shared by two workers, their servers and browsers,
  // was seen to take 5-6 s under load: assertions wait up to 10 s for what they expect.
  expect: { timeout: 10_000 },
  globalSetup: "./e2e/support/global-setup.ts",
  retries: process.env.CI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: process.env.E2E_JSON ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
    // Phones get the journeys tagged @mobile: whatever differs there (layout, menus, card lists
    // instead of tables, touch) and each screen once at 375 px; the rest behaves the same at any width.
    // Pixel density 1 instead of the Pixel 7's 2.6: layout, media queries and touch are the same, and
    // the renderer paints a seventh of the pixels (it was the largest CPU cost of the suite).
    {
      name: "mobile",
      grep: /@mobile/,
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 740 }, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    command: "node --import tsx src/server/main.ts",
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      CLIENT_DIR: process.env.CLIENT_DIR ?? "dist/client",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
  },
});
