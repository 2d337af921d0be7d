import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { seasonPath, seasonSelectionSchema, seasonUpdateSchema } from "../../../shared/schemas/seasons";
import { currentUser, staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { getSeason, setSeason } from "./seasons.service";

const tags = ["admin", "seasons"];

/** The season switcher: owner and staff read and set their own season (no one else's). */
export async function registerSeasonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    seasonPath,
    { config: { roles: staffRoles }, schema: { tags, response: { 200: seasonSelectionSchema } } },
    async (request) => getSeason(app.db, currentUser(request).id),
  );

  r.put(
    seasonPath,
    {
      config: { roles: staffRoles },
      schema: {
        tags,
        body: seasonUpdateSchema,
        response: { 200: seasonSelectionSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => setSeason(app.db, currentUser(request).id, request.body.retreatId, auditContext(request)),
  );
}
