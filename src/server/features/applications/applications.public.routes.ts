import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationSubmissionSchema } from "../../../shared/schemas/applications";
import { formRateLimit } from "../../http/form-rate-limit";
import { rateLimits } from "../../http/rate-limit";
import { applicationReceivedMessage, submitApplicationFromForm } from "./applications.service";

const responseSchema = z.object({ success: z.literal(true), id: z.uuid(), message: z.string() });

/** The public application form's call (public-site.md section 7). */
export async function registerApplicationPublicRoutes(app: FastifyInstance) {
  // Counted by the form's statement on PostgreSQL (form-rate-limit.ts), by the plugin on PGlite.
  const limit = formRateLimit(app, "POST", "/api/application", rateLimits.publicForm);
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/application",
    {
      ...limit.routeOptions,
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
        rateLimit: limit.hit(request, reply),
      });
      return reply.status(201).send({ success: true as const, id, message: applicationReceivedMessage });
    },
  );
}
