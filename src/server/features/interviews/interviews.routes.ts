import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  completeInterviewSchema,
  createInterviewSchema,
  interviewIdParamsSchema,
  interviewItemSchema,
  interviewListQuerySchema,
  interviewListSchema,
  rescheduleInterviewSchema,
} from "../../../shared/schemas/interviews";
import { currentUser, staffRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { apiErrorSchema } from "../../http/errors";
import { afterStageMove } from "../admissions/admissions.service";
import { auditContext } from "../audit/audit.service";
import { interviewSettings } from "./interview-records";
import {
  cancelInterview,
  completeInterview,
  createInterview,
  listInterviews,
  rescheduleInterview,
} from "./interviews.service";

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export async function registerInterviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: staffRoles };
  const tags = ["interviews"];
  const settings = interviewSettings(app.config);
  const links = { publicUrl: app.config.publicUrl, cipher: app.fieldCipher };

  r.get(
    "/api/admin/interviews",
    { config, schema: { tags, querystring: interviewListQuerySchema, response: { 200: interviewListSchema } } },
    async (request) => listInterviews(app.db, request.query),
  );

  r.post(
    "/api/admin/interviews",
    { config, schema: { tags, body: createInterviewSchema, response: { 201: interviewItemSchema, ...errors } } },
    async (request, reply) => {
      const actor = { ...auditContext(request), userId: currentUser(request).id };
      const { item, emailLogIds } = await createInterview(app.db, request.body, actor, settings);
      await dispatchEmails(app.queue, emailLogIds, request.log);
      return reply.status(201).send(item);
    },
  );

  r.patch(
    "/api/admin/interviews/:id/reschedule",
    {
      config,
      schema: {
        tags,
        params: interviewIdParamsSchema,
        body: rescheduleInterviewSchema,
        response: { 200: interviewItemSchema, ...errors },
      },
    },
    async (request) => {
      const { item, emailLogIds } = await rescheduleInterview(
        app.db,
        request.params.id,
        request.body.newScheduledAt,
        auditContext(request),
        settings,
      );
      await dispatchEmails(app.queue, emailLogIds, request.log);
      return item;
    },
  );

  r.patch(
    "/api/admin/interviews/:id/complete",
    {
      config,
      schema: {
        tags,
        params: interviewIdParamsSchema,
        body: completeInterviewSchema,
        response: { 200: interviewItemSchema, ...errors },
      },
    },
    async (request) => {
      const { item, emailLogIds } = await completeInterview(
        app.db,
        request.params.id,
        request.body,
        auditContext(request),
        links,
      );
      await afterStageMove(app.queue, request.log, { emailLogIds, moved: request.body.advance === true });
      return item;
    },
  );

  r.post(
    "/api/admin/interviews/:id/cancel",
    {
      config,
      schema: {
        tags,
        params: interviewIdParamsSchema,
        // Nothing to send (Fastify then gives null); an empty JSON object is accepted too.
        body: z.strictObject({}).nullish(),
        response: { 200: interviewItemSchema, ...errors },
      },
    },
    async (request) => {
      const { item, emailLogIds } = await cancelInterview(app.db, request.params.id, auditContext(request), settings);
      await dispatchEmails(app.queue, emailLogIds, request.log);
      return item;
    },
  );
}
