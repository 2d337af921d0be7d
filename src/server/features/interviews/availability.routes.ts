import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  availabilityQuerySchema,
  availabilitySchema,
  createInterviewBlockSchema,
  interviewBlockSchema,
  interviewerSchema,
  interviewIdParamsSchema,
  replaceAvailabilitySchema,
} from "../../../shared/schemas/interviews";
import { currentUser, staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import {
  createBlock,
  deleteBlock,
  getAvailability,
  listInterviewers,
  replaceAvailability,
} from "./availability.service";

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** Interviewers, their weekly windows and their blocked times (owner and staff). */
export async function registerInterviewAvailabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: staffRoles };
  const tags = ["interviews"];
  const base = "/api/admin/interviews";
  const actorOf = (request: Parameters<typeof auditContext>[0]) => ({
    ...auditContext(request),
    userId: currentUser(request).id,
  });

  r.get(`${base}/interviewers`, { config, schema: { tags, response: { 200: z.array(interviewerSchema) } } }, async () =>
    listInterviewers(app.db),
  );

  r.get(
    `${base}/availability`,
    {
      config,
      schema: { tags, querystring: availabilityQuerySchema, response: { 200: availabilitySchema, ...errors } },
    },
    async (request) => getAvailability(app.db, request.query.userId ?? currentUser(request).id),
  );

  r.put(
    `${base}/availability`,
    { config, schema: { tags, body: replaceAvailabilitySchema, response: { 200: availabilitySchema, ...errors } } },
    async (request) => replaceAvailability(app.db, request.body, actorOf(request)),
  );

  r.post(
    `${base}/blocks`,
    { config, schema: { tags, body: createInterviewBlockSchema, response: { 201: interviewBlockSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createBlock(app.db, request.body, actorOf(request))),
  );

  r.delete(
    `${base}/blocks/:id`,
    { config, schema: { tags, params: interviewIdParamsSchema, response: { 204: z.null(), 404: apiErrorSchema } } },
    async (request, reply) => {
      await deleteBlock(app.db, request.params.id, auditContext(request));
      return reply.status(204).send(null);
    },
  );
}
