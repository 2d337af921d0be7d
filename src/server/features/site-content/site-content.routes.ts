import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminSiteContentSchema,
  siteDraftBodySchema,
  sitePublishBodySchema,
  siteRetreatQuerySchema,
} from "../../../shared/schemas/site-content";
import { ownerRoles, staffRoles } from "../../auth/guards";
import { currentRetreatRow } from "../../db/current-retreat";
import { AppError, apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { getAdminSite, getPublicSite, publishSite, saveSiteDraft, siteMessages } from "./site-content.service";

const tags = ["admin", "site"];

/**
 * The public site's words: anyone reads the published copy; staff read and save drafts; only the
 * owner publishes (as only the owner changes Settings). The draft's preview page is served by
 * public-site.routes.ts, with the renderer of the real page.
 */
export async function registerSiteContentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/site-content", { schema: { tags: ["public"] } }, async () => getPublicSite(app.db));

  r.get(
    "/api/admin/site",
    {
      config: { roles: staffRoles },
      schema: {
        tags,
        querystring: siteRetreatQuerySchema,
        response: { 200: adminSiteContentSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const retreatId = request.query.retreatId ?? (await currentRetreatRow(app.db))?.id;
      if (!retreatId) throw new AppError("not_found", siteMessages.noPublicRetreat);
      return getAdminSite(app.db, retreatId);
    },
  );

  r.put(
    "/api/admin/site/draft",
    {
      config: { roles: staffRoles },
      schema: {
        tags,
        body: siteDraftBodySchema,
        response: { 200: adminSiteContentSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => saveSiteDraft(app.db, request.body.retreatId, request.body.content, auditContext(request)),
  );

  r.post(
    "/api/admin/site/publish",
    {
      config: { roles: ownerRoles },
      schema: {
        tags,
        body: sitePublishBodySchema,
        response: { 200: adminSiteContentSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => publishSite(app.db, request.body.retreatId, auditContext(request)),
  );
}
