import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminRetreatListSchema,
  adminRetreatSchema,
  retreatCreateSchema,
  retreatIdParamsSchema,
  retreatUpdateSchema,
} from "../../../shared/schemas/retreats-admin";
import { ownerRoles, staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { createRetreat, listRetreats, updateRetreat } from "./retreats.admin.service";

const tags = ["admin", "retreats"];

/** Staff may read the retreats (the tabs need their dates and places); only the owner changes them. */
export async function registerAdminRetreatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/retreats",
    { config: { roles: staffRoles }, schema: { tags, response: { 200: adminRetreatListSchema } } },
    async () => listRetreats(app.db),
  );

  r.post(
    "/api/admin/retreats",
    {
      config: { roles: ownerRoles },
      schema: { tags, body: retreatCreateSchema, response: { 201: adminRetreatSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => reply.status(201).send(await createRetreat(app.db, request.body, auditContext(request))),
  );

  r.patch(
    "/api/admin/retreats/:id",
    {
      config: { roles: ownerRoles },
      schema: {
        tags,
        params: retreatIdParamsSchema,
        body: retreatUpdateSchema,
        response: { 200: adminRetreatSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => updateRetreat(app.db, request.params.id, request.body, auditContext(request)),
  );
}
