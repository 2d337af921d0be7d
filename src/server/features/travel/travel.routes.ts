import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  travelComplianceSchema,
  travelFormLinkParamsSchema,
  travelFormOpenSchema,
} from "../../../shared/schemas/travel";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { auditContext } from "../audit/audit.service";
import { assertTravelFormOpen, submitTravelForm, travelSuccessMessage } from "./travel.service";

const responseSchema = z.object({ success: z.literal(true), message: z.string() });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema } as const;

/** The Travel Compliance Form's calls; the application id in the link is their only key. */
export async function registerTravelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/travel-compliance/:applicationId",
    {
      config: { rateLimit: rateLimits.publicLight },
      schema: {
        tags: ["public"],
        description: "Whether the link's travel form can be sent: 404 for an unknown application, 409 without a place.",
        params: travelFormLinkParamsSchema,
        response: { 200: travelFormOpenSchema, ...errors },
      },
    },
    async (request, reply) => {
      await assertTravelFormOpen(app.db, request.params.applicationId);
      reply.header("Cache-Control", "no-store");
      return { open: true as const };
    },
  );

  r.post(
    "/api/travel-compliance",
    {
      config: { rateLimit: rateLimits.publicForm },
      schema: { tags: ["public"], body: travelComplianceSchema, response: { 201: responseSchema, ...errors } },
    },
    async (request, reply) => {
      // The confirmation's send job commits with the form (one commit, decision 020).
      await submitTravelForm(app.db, request.body, {
        publicUrl: app.config.publicUrl,
        cipher: app.fieldCipher,
        submitter: auditContext(request),
        queue: app.queue,
      });
      return reply.status(201).send({ success: true as const, message: travelSuccessMessage });
    },
  );
}
