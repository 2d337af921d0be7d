import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationSubmissionSchema } from "../../../shared/schemas/applications";
import { formRateLimit } from "../../http/form-rate-limit";
import { rateLimits } from "../../http/rate-limit";
import { answersThroughIntake } from "../public-forms/form-intake.service";
import { acceptApplicationForm, applicationReceivedMessage, submitApplicationFromForm } from "./applications.service";

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
      // One statement and one commit either way (decision 020). On PostgreSQL the application
      // stored sealed as its intake job, the same row for every address, filed by the worker under
      // the id answered here; on PGlite filed here (a known address's part a job).
      const viaIntake = answersThroughIntake(app.database, app.queue);
      // Counted by the plugin on PGlite (no-op here); on PostgreSQL, where every process has a
      // queue, the intake counts it, and a request is never left uncounted.
      if (!viaIntake) await limit.hit(request, reply)?.countAlone();
      const { id } = viaIntake
        ? await acceptApplicationForm(app.database, request.body, {
            clientIp: request.ip,
            queue: app.queue!,
            cipher: app.fieldCipher,
            rateLimit: limit.hit(request, reply),
          })
        : await submitApplicationFromForm(app.database, request.body, {
            clientIp: request.ip,
            publicUrl: app.config.publicUrl,
            queue: app.queue,
            cipher: app.fieldCipher,
          });
      return reply.status(201).send({ success: true as const, id, message: applicationReceivedMessage });
    },
  );
}
