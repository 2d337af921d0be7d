import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminRetreatSchema,
  priorityInviteResultSchema,
  retreatIdParamsSchema,
  seasonCopySchema,
} from "../../../shared/schemas/retreats-admin";
import { ownerRoles, staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { invitePriorityList } from "./priority-invite.service";
import { copySeason } from "./season-copy.service";

const tags = ["admin", "retreats"];
/** No input: no body, or an empty JSON object. */
const noBody = z.strictObject({}).nullish();

/** Copy season (the owner, like every retreat write) and the priority-list invitation (owner and staff). */
export async function registerSeasonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/admin/retreats/:id/copy",
    {
      config: { roles: ownerRoles },
      schema: {
        tags,
        params: retreatIdParamsSchema,
        body: seasonCopySchema,
        response: { 201: adminRetreatSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await copySeason(app.db, request.params.id, request.body, auditContext(request))),
  );

  r.post(
    "/api/admin/retreats/:id/priority-invite",
    {
      config: { roles: staffRoles },
      schema: {
        tags,
        params: retreatIdParamsSchema,
        body: noBody,
        response: { 201: priorityInviteResultSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invitePriorityList(app.db, request.params.id, auditContext(request), app.config.emailFrom)),
  );
}
