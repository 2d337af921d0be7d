import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditLogPageSchema, auditLogQuerySchema } from "../../../shared/schemas/audit";
import { ownerRoles } from "../../auth/guards";
import { listAuditLogs } from "./audit-log.repo";

export async function registerAuditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/audit-logs",
    {
      config: { roles: ownerRoles },
      schema: { tags: ["audit"], querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } },
    },
    async (request) => listAuditLogs(app.db, request.query),
  );
}
