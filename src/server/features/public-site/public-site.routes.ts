import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sitePreviewQuerySchema } from "../../../shared/schemas/site-content";
import { staffRoles } from "../../auth/guards";
import { AppError } from "../../http/errors";
import { framedPreviewHeaders } from "../../http/security-headers";
import { previewLanding, previewMessages } from "./public-site.service";

/**
 * GET /api/admin/site/preview?retreatId=: the landing page rendered from a retreat's draft by the
 * renderer that serves "/", for the Site tab (owner and staff; the role guard also makes it
 * no-store). Served framable by our own pages, script-free and not for search engines.
 */
export async function registerPublicSiteRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/site/preview",
    {
      config: { roles: staffRoles },
      // An HTML page, so no response schema (errors are the usual JSON body).
      schema: { tags: ["admin", "site"], querystring: sitePreviewQuerySchema },
    },
    async (request, reply) => {
      const render = app.landingRenderer;
      if (!render) throw new AppError("unavailable", previewMessages.notBuilt);
      const html = await previewLanding(app.db, request.query.retreatId, render);
      return reply
        .headers(framedPreviewHeaders(app.config.publicUrl))
        .header("x-robots-tag", "noindex")
        .type("text/html; charset=utf-8")
        .send(html);
    },
  );
}
