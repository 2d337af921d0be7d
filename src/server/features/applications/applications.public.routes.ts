import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationSubmissionSchema } from "../../../shared/schemas/applications";
import { rateLimits } from "../../http/rate-limit";
import { applicationReceivedMessage, submitApplicationFromForm } from "./applications.service";

const responseSchema = z.object({ success: z.literal(true), id: z.uuid(), message: z.string() });

/** The public application form's call (public-site.md section 7). */
export async function registerApplicationPublicRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/application",
    {
      config: { rateLimit: rateLimits.publicForm },
      schema: { tags: ["public"], body: applicationSubmissionSchema, response: { 201: responseSchema } },
    },
    async (request, reply) => {
      // The confirmations' send jobs commit with the application (one commit, decision 020): from
      // a new address in one statement, else in a transaction.
      const { id } = await submitApplicationFromForm(app.database, request.body, {
        clientIp: request.ip,
        publicUrl: app.config.publicUrl,
        queue: app.queue,
        cipher: app.fieldCipher,
      });
      return reply.status(201).send({ success: true as const, id, message: applicationReceivedMessage });
    },
  );
}
