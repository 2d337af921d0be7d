import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  sessionIdParamsSchema,
  sessionInputSchema,
  sessionListQuerySchema,
  sessionListResponseSchema,
  sessionSchema,
  sessionUpdateSchema,
} from "../../../shared/schemas/schedule";
import { staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { createSession, deleteSession, listSessions, updateSession } from "./schedule.service";

const config = { roles: staffRoles };
const tags = ["admin", "schedule"];

/** The Schedule tab's sessions; rooms and the guest portal hang off the same feature registration. */
export async function registerScheduleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/sessions",
    { config, schema: { tags, querystring: sessionListQuerySchema, response: { 200: sessionListResponseSchema } } },
    async (request) => listSessions(app.db, request.query.retreatId),
  );

  r.post(
    "/api/admin/sessions",
    {
      config,
      schema: {
        tags,
        body: sessionInputSchema,
        response: { 201: sessionSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSession(app.db, request.body, auditContext(request))),
  );

  r.patch(
    "/api/admin/sessions/:id",
    {
      config,
      schema: {
        tags,
        params: sessionIdParamsSchema,
        body: sessionUpdateSchema,
        response: { 200: sessionSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => updateSession(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.delete(
    "/api/admin/sessions/:id",
    {
      config,
      schema: {
        tags,
        params: sessionIdParamsSchema,
        response: { 200: z.object({ id: z.uuid(), deleted: z.literal(true) }), 404: apiErrorSchema },
      },
    },
    async (request) => {
      await deleteSession(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
