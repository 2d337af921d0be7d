import { defineConfig } from "vitest/config";
import { ProcessTestsFirst } from "./vitest.sequencer";

export default defineConfig({
  test: {
    // Two cores on the machines this runs on: one worker each.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { sequencer: ProcessTestsFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          // A worker loads the app's modules once for all its files instead of once per file (that
          // load cost about as much as the tests). Each file still builds its own app on its own
          // database; a server test that needs module mocks would leak them, so there are none.
          isolate: false,
          globalSetup: ["src/server/test/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "client",
          include: ["src/client/**/*.test.{ts,tsx}"],
          environment: "node",
          // Lazy dialogs (decision 024) are loaded before each file's tests, as the browser's idle prefetch does.
          setupFiles: ["src/client/test/setup.ts"],
        },
      },
    ],
  },
});
