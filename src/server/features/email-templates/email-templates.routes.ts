import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  marketingTemplateInputSchema,
  marketingTemplateListSchema,
  marketingTemplateSchema,
  renderedEmailSchema,
  templateIdParamsSchema,
  templatePreviewSchema,
  transactionalTemplateListQuerySchema,
  transactionalTemplateListSchema,
  transactionalTemplateSchema,
  transactionalTemplateUpdateSchema,
} from "../../../shared/schemas/email-templates";
import { staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { auditContext } from "../audit/audit.service";
import {
  listTransactionalTemplates,
  previewTemplate,
  resetTransactionalTemplate,
  updateTransactionalTemplate,
} from "./email-templates.service";
import {
  createMarketingTemplate,
  deleteMarketingTemplate,
  listMarketingTemplates,
  updateMarketingTemplate,
} from "./marketing-templates.service";

const config = { roles: staffRoles };
const tags = ["email"];
const templateResetBody = z.strictObject({}).nullish();

/** The product's own messages (editable, resettable), marketing templates, and previews of both. */
export async function registerEmailTemplateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/email-templates",
    {
      config,
      schema: {
        tags,
        querystring: transactionalTemplateListQuerySchema,
        response: { 200: transactionalTemplateListSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ items: await listTransactionalTemplates(app.db, request.query.retreatId) }),
  );

  r.put(
    "/api/admin/email-templates/:id",
    {
      config,
      schema: {
        tags,
        params: templateIdParamsSchema,
        body: transactionalTemplateUpdateSchema,
        response: { 200: transactionalTemplateSchema },
      },
    },
    async (request) => updateTransactionalTemplate(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.post(
    "/api/admin/email-templates/:id/reset",
    {
      config,
      schema: {
        tags,
        params: templateIdParamsSchema,
        // Nothing to send (Fastify then gives null); an empty JSON object is accepted too.
        body: templateResetBody,
        response: { 200: transactionalTemplateSchema },
      },
    },
    async (request) => resetTransactionalTemplate(app.db, request.params.id, auditContext(request)),
  );

  r.post(
    "/api/admin/email-templates/preview",
    {
      config: { ...config, rateLimit: rateLimits.sandboxRender },
      schema: { tags, body: templatePreviewSchema, response: { 200: renderedEmailSchema } },
    },
    async (request) => previewTemplate(app.db, request.body, app.config.publicUrl),
  );

  r.get(
    "/api/admin/email-marketing-templates",
    { config, schema: { tags, response: { 200: marketingTemplateListSchema } } },
    async () => ({ items: await listMarketingTemplates(app.db) }),
  );

  r.post(
    "/api/admin/email-marketing-templates",
    { config, schema: { tags, body: marketingTemplateInputSchema, response: { 201: marketingTemplateSchema } } },
    async (request, reply) => {
      const created = await createMarketingTemplate(app.db, request.body, auditContext(request));
      return reply.status(201).send(created);
    },
  );

  r.put(
    "/api/admin/email-marketing-templates/:id",
    {
      config,
      schema: {
        tags,
        params: templateIdParamsSchema,
        body: marketingTemplateInputSchema,
        response: { 200: marketingTemplateSchema },
      },
    },
    async (request) => updateMarketingTemplate(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.delete(
    "/api/admin/email-marketing-templates/:id",
    { config, schema: { tags, params: templateIdParamsSchema } },
    async (request, reply) => {
      await deleteMarketingTemplate(app.db, request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );
}
