import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  feedbackAnswerSchema,
  feedbackListSchema,
  journeyStepInputSchema,
  journeyStepKeySchema,
  journeyStepSchema,
  journeyTimelineSchema,
  readinessSchema,
} from "../../../shared/schemas/journey";
import { staffRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { auditContext } from "../audit/audit.service";
import {
  feedbackByToken,
  feedbackForRetreat,
  feedbackMessages,
  setPublished,
  submitFeedback,
} from "./feedback.service";
import { feedbackPage } from "./feedback-page";
import { journeyTimeline, readiness, saveStep, sendNow, skipStep, stepsFor } from "./journey.service";

const tags = ["admin", "journey"];
const retreatParams = z.object({ retreatId: z.string().uuid() });
const applicationParams = z.object({ id: z.string().uuid() });
const stepParams = z.object({ id: z.string().uuid(), key: journeyStepKeySchema });
const okSchema = z.object({ ok: z.literal(true) });

/** The Journey tab, the timeline in the application detail, readiness, feedback and quotes (owner and staff). */
export async function registerJourneyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: staffRoles };

  r.get(
    "/api/admin/journey/retreats/:retreatId/steps",
    {
      config,
      schema: { tags, params: retreatParams, response: { 200: z.object({ steps: z.array(journeyStepSchema) }) } },
    },
    async (request) => ({ steps: await stepsFor(app.db, request.params.retreatId) }),
  );

  r.put(
    "/api/admin/journey/retreats/:retreatId/steps/:key",
    {
      // Each save renders the text in the email sandbox: limited like template previews.
      config: { ...config, rateLimit: rateLimits.sandboxRender },
      schema: {
        tags,
        params: z.object({ retreatId: z.string().uuid(), key: journeyStepKeySchema }),
        body: journeyStepInputSchema,
        response: { 200: journeyStepSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      saveStep(app.db, request.params.retreatId, request.params.key, request.body, auditContext(request)),
  );

  r.get(
    "/api/admin/journey/applications/:id/timeline",
    {
      config,
      schema: { tags, params: applicationParams, response: { 200: journeyTimelineSchema, 404: apiErrorSchema } },
    },
    async (request) => journeyTimeline(app.db, request.params.id),
  );

  r.post(
    "/api/admin/journey/applications/:id/steps/:key/send",
    {
      config,
      schema: {
        tags,
        params: stepParams,
        response: { 200: journeyTimelineSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const outcome = await sendNow(app.db, app.config, request.params.id, request.params.key, auditContext(request));
      await dispatchEmails(app.queue, [outcome.emailLogId], request.log);
      return journeyTimeline(app.db, request.params.id);
    },
  );

  r.post(
    "/api/admin/journey/applications/:id/steps/:key/skip",
    {
      config,
      schema: {
        tags,
        params: stepParams,
        response: { 200: journeyTimelineSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      await skipStep(app.db, request.params.id, request.params.key, auditContext(request));
      return journeyTimeline(app.db, request.params.id);
    },
  );

  r.get(
    "/api/admin/journey/retreats/:retreatId/readiness",
    { config, schema: { tags, params: retreatParams, response: { 200: readinessSchema } } },
    async (request) => ({ guests: await readiness(app.db, request.params.retreatId) }),
  );

  r.get(
    "/api/admin/journey/retreats/:retreatId/feedback",
    { config, schema: { tags, params: retreatParams, response: { 200: feedbackListSchema } } },
    async (request) => feedbackForRetreat(app.db, request.params.retreatId),
  );

  r.put(
    "/api/admin/journey/feedback/:id/published",
    {
      config,
      schema: {
        tags,
        params: applicationParams,
        body: z.object({ published: z.boolean() }),
        response: { 200: okSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      await setPublished(app.db, request.params.id, request.body.published, auditContext(request));
      return { ok: true as const };
    },
  );

  await app.register(registerFeedbackPageRoutes);
}

/**
 * The guest's survey: a server-rendered page that works without JavaScript or sign-in; the token
 * is the only key and works once. Encapsulated so its form parser serves these routes only.
 */
async function registerFeedbackPageRoutes(scope: FastifyInstance) {
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ token: z.string().min(1).max(200) });
  const config = { rateLimit: rateLimits.publicLight };

  r.get("/feedback/:token", { config, schema: { hide: true, params } }, async (request, reply) => {
    const row = await feedbackByToken(scope.db, request.params.token);
    reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
    if (!row) return reply.code(404).send(feedbackPage({ kind: "message", text: feedbackMessages.invalid }));
    if (row.response.submittedAt) return reply.send(feedbackPage({ kind: "message", text: feedbackMessages.used }));
    return reply.send(
      feedbackPage({
        kind: "form",
        token: request.params.token,
        retreatName: row.retreatName,
        firstName: row.firstName,
      }),
    );
  });

  r.post(
    "/feedback/:token",
    { config, schema: { hide: true, params, body: feedbackAnswerSchema } },
    async (request, reply) => {
      const outcome = await submitFeedback(scope.db, request.params.token, request.body);
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      if (outcome === "invalid")
        return reply.code(404).send(feedbackPage({ kind: "message", text: feedbackMessages.invalid }));
      if (outcome === "used")
        return reply.code(409).send(feedbackPage({ kind: "message", text: feedbackMessages.used }));
      return reply.send(feedbackPage({ kind: "message", text: feedbackMessages.thanks }));
    },
  );
}
