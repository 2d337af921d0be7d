import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { type Config, testConfig } from "../config";
import { createTestDatabaseUrl } from "./test-database";

export type TestApp = { app: FastifyInstance; close: () => Promise<void> };

/** A full app on a fresh database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { databaseUrl, drop } = await createTestDatabaseUrl();
  const app = await buildApp(testConfig({ databaseUrl, ...overrides }));
  return {
    app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
