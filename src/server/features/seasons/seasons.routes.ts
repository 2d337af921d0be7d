import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminRetreatSchema,
  priorityInviteResultSchema,
  retreatIdParamsSchema,
  seasonCopySchema,
} from "../../../shared/schemas/retreats-admin";
import { seasonPath, seasonSelectionSchema, seasonUpdateSchema } from "../../../shared/schemas/seasons";
import { currentUser, ownerRoles, staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { invitePriorityList } from "./priority-invite.service";
import { copySeason } from "./season-copy.service";
import { getSeason, setSeason } from "./seasons.service";

/** No input: no body, or an empty JSON object. */
const noBody = z.strictObject({}).nullish();

/**
 * Seasons: the switcher (owner and staff read and set their own season, no one else's), copying a
 * season (the owner, like every retreat write) and the priority-list invitation (owner and staff).
 */
export async function registerSeasonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    seasonPath,
    { config: { roles: staffRoles }, schema: { tags: ["admin", "seasons"], response: { 200: seasonSelectionSchema } } },
    async (request) => getSeason(app.db, currentUser(request).id),
  );

  r.put(
    seasonPath,
    {
      config: { roles: staffRoles },
      schema: {
        tags: ["admin", "seasons"],
        body: seasonUpdateSchema,
        response: { 200: seasonSelectionSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => setSeason(app.db, currentUser(request).id, request.body.retreatId, auditContext(request)),
  );

  r.post(
    "/api/admin/retreats/:id/copy",
    {
      config: { roles: ownerRoles },
      schema: {
        tags: ["admin", "retreats"],
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
        tags: ["admin", "retreats"],
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
