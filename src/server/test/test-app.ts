import type { FastifyInstance } from "fastify";
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
  options: Pick<BuildOptions, "logStream"> = {},
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
