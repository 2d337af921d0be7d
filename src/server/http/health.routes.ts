import type { FastifyInstance } from "fastify";
import { migrationsApplied } from "../db/client";

/**
 * `backlog`: work answered but not done yet (the public forms' submissions not filed), reported by
 * /readyz so a monitor sees a worker that stopped; 0 when this process has no queue.
 */
export async function registerHealthRoutes(app: FastifyInstance, backlog: () => Promise<number>) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.database.ping();
      if (!(await migrationsApplied(app.database))) {
        return reply.status(503).send({ status: "unavailable", message: "Database migrations are not applied" });
      }
      const formsToFile = await backlog();
      return { status: "ok", database: app.database.driver, formsToFile };
    } catch {
      return reply.status(503).send({ status: "unavailable", message: "Database is not reachable" });
    }
  });
}
