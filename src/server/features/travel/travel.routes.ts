import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { travelComplianceSchema } from "../../../shared/schemas/travel";
import { dispatchEmails } from "../../email/outbox";
import { rateLimits } from "../../http/rate-limit";
import { submitTravelForm, travelSuccessMessage } from "./travel.service";

const responseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The Travel Compliance Form's call; the application id in the link is its only key. */
export async function registerTravelRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/travel-compliance",
    {
      config: { rateLimit: rateLimits.publicForm },
      schema: { tags: ["public"], body: travelComplianceSchema, response: { 201: responseSchema } },
    },
    async (request, reply) => {
      const { emailLogIds } = await submitTravelForm(app.db, request.body, {
        publicUrl: app.config.publicUrl,
        cipher: app.fieldCipher,
      });
      await dispatchEmails(app.queue, emailLogIds, request.log);
      return reply.status(201).send({ success: true as const, message: travelSuccessMessage });
    },
  );
}
