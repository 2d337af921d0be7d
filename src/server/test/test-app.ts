import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type BuildOptions, buildApp } from "../app";
import { type Config, testConfig } from "../config";
import { createTestDatabaseUrl, migratedMemorySnapshot } from "./test-database";

export type TestApp = { app: FastifyInstance; close: () => Promise<void> };

/**
 * A full app on a fresh database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL), started
 * from the run's migrated template: every test file still gets a database of its own.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, "logStream" | "landingRenderer"> = {},
): Promise<TestApp> {
  const { databaseUrl, drop } = await createTestDatabaseUrl({ migrated: true });
  const app = await buildApp(testConfig({ databaseUrl, ...overrides }), {
    ...options,
    memorySnapshot: databaseUrl ? undefined : migratedMemorySnapshot(),
  });
  return {
    app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * The test file's app (see createTestApp): built before the file's tests, then handed to `setup`
 * (keep it, sign users in, add rows), and closed after the file's tests.
 */
export function withTestApp(
  setup: (app: FastifyInstance) => Promise<void> | void,
  ...options: Parameters<typeof createTestApp>
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(...options);
    await setup(t.app);
  });
  afterAll(async () => t?.close());
}
