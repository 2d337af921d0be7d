import type { FastifyInstance } from "fastify";
import { migrationsApplied } from "../db/client";

export async function registerHealthRoutes(app: FastifyInstance) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.database.ping();
      if (!(await migrationsApplied(app.database))) {
        return reply.status(503).send({ status: "unavailable", message: "Database migrations are not applied" });
      }
      return { status: "ok", database: app.database.driver };
    } catch {
      return reply.status(503).send({ status: "unavailable", message: "Database is not reachable" });
    }
  });
}
