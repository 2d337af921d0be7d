import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  campaignAudienceResponseSchema,
  campaignAudienceSchema,
  campaignIdParamsSchema,
  campaignInputSchema,
  campaignListSchema,
  campaignSchema,
  campaignSendRequestSchema,
  campaignSendsQuerySchema,
  campaignSendsResponseSchema,
  campaignTestSendSchema,
} from "../../../shared/schemas/email-campaigns";
import { renderedEmailSchema } from "../../../shared/schemas/email-templates";
import { staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { auditContext } from "../audit/audit.service";
import { enqueueCampaignStart, enqueueCampaignTestSend } from "./campaign-queue";
import {
  audienceCount,
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  listCampaigns,
  listSends,
  previewCampaign,
  queueTestSend,
  sendCampaign,
  updateCampaign,
} from "./email-campaigns.service";

const config = { roles: staffRoles };
const tags = ["email"];
/** Actions without input: no body, or an empty JSON object. */
const noBody = z.strictObject({}).nullish();
const testSentSchema = z.object({ success: z.literal(true), message: z.string() });

export async function registerEmailCampaignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/admin/email-campaigns";
  const byId = { params: campaignIdParamsSchema };

  r.get(base, { config, schema: { tags, response: { 200: campaignListSchema } } }, async () => listCampaigns(app.db));

  r.post(
    base,
    { config, schema: { tags, body: campaignInputSchema, response: { 201: campaignSchema, 400: apiErrorSchema } } },
    async (request, reply) => {
      const created = await createCampaign(app.db, request.body, auditContext(request), app.config.emailFrom);
      return reply.status(201).send(created);
    },
  );

  r.post(
    `${base}/audience`,
    { config, schema: { tags, body: campaignAudienceSchema, response: { 200: campaignAudienceResponseSchema } } },
    async (request) => audienceCount(app.db, request.body),
  );

  r.get(
    `${base}/:id`,
    { config, schema: { tags, ...byId, response: { 200: campaignSchema, 404: apiErrorSchema } } },
    async (request) => getCampaign(app.db, request.params.id),
  );

  r.put(
    `${base}/:id`,
    {
      config,
      schema: { tags, ...byId, body: campaignInputSchema, response: { 200: campaignSchema, 409: apiErrorSchema } },
    },
    async (request) =>
      updateCampaign(app.db, request.params.id, request.body, auditContext(request), app.config.emailFrom),
  );

  r.delete(
    `${base}/:id`,
    { config, schema: { tags, ...byId, response: { 204: z.null(), 409: apiErrorSchema } } },
    async (request, reply) => {
      await deleteCampaign(app.db, request.params.id, auditContext(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    `${base}/:id/duplicate`,
    { config, schema: { tags, ...byId, body: noBody, response: { 201: campaignSchema } } },
    async (request, reply) => {
      const copy = await duplicateCampaign(app.db, request.params.id, auditContext(request));
      return reply.status(201).send(copy);
    },
  );

  r.post(
    `${base}/:id/preview`,
    {
      config: { ...config, rateLimit: rateLimits.sandboxRender },
      schema: { tags, ...byId, body: noBody, response: { 200: renderedEmailSchema } },
    },
    async (request) => previewCampaign(app.db, request.params.id, app.config.publicUrl),
  );

  r.post(
    `${base}/:id/test`,
    {
      config: { ...config, rateLimit: rateLimits.sandboxRender },
      schema: { tags, ...byId, body: campaignTestSendSchema, response: { 200: testSentSchema } },
    },
    async (request) => {
      const { email } = request.body;
      const emailLogId = await queueTestSend(
        app.db,
        request.params.id,
        email,
        auditContext(request),
        app.config.publicUrl,
      );
      // Without a worker in this process, the outbox sweep of a worker process delivers the row.
      if (app.queue) {
        await enqueueCampaignTestSend(app.queue, emailLogId).catch((error) =>
          request.log.warn({ err: error, emailLogId }, "could not enqueue the test email; the outbox sweep will"),
        );
      }
      return { success: true as const, message: `Test email sent to ${email}` };
    },
  );

  r.post(
    `${base}/:id/send`,
    {
      config,
      schema: {
        tags,
        ...byId,
        body: campaignSendRequestSchema.nullish(),
        response: { 200: campaignSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const decision = await sendCampaign(app.db, request.params.id, request.body ?? {}, auditContext(request));
      // A lost enqueue loses nothing: the worker's sweep starts sending and past-due scheduled campaigns.
      if (app.queue) {
        await enqueueCampaignStart(app.queue, decision.campaign.id, decision.startAfter ?? undefined).catch((error) =>
          request.log.warn({ err: error, campaignId: decision.campaign.id }, "could not enqueue campaign start"),
        );
      }
      return decision.campaign;
    },
  );

  r.post(
    `${base}/:id/cancel`,
    { config, schema: { tags, ...byId, body: noBody, response: { 200: campaignSchema, 409: apiErrorSchema } } },
    async (request) => cancelCampaign(app.db, request.params.id, auditContext(request)),
  );

  r.get(
    `${base}/:id/sends`,
    {
      config,
      schema: { tags, ...byId, querystring: campaignSendsQuerySchema, response: { 200: campaignSendsResponseSchema } },
    },
    async (request) => listSends(app.db, request.params.id, request.query),
  );
}
