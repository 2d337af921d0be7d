import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { waitlistSchema } from "../../../shared/schemas/waitlist";
import { formRateLimit } from "../../http/form-rate-limit";
import { rateLimits } from "../../http/rate-limit";
import { answersThroughIntake } from "../public-forms/form-intake.service";
import { acceptWaitlistForm, joinWaitlistFromForm, waitlistSuccessMessage } from "./waitlist.service";

const responseSchema = z.object({ success: z.literal(true), message: z.string() });

export async function registerWaitlistRoutes(app: FastifyInstance) {
  // Counted by the form's statement on PostgreSQL (form-rate-limit.ts), by the plugin on PGlite.
  const limit = formRateLimit(app, "POST", "/api/waitlist", rateLimits.publicLight);
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/waitlist",
    {
      ...limit.routeOptions,
      schema: { tags: ["public"], body: waitlistSchema, response: { 200: responseSchema } },
    },
    async (request, reply) => {
      // One statement and one commit either way (decision 020). On PostgreSQL the entry stored
      // sealed as its intake job, the same row for every address, filed by the worker; on PGlite
      // joined here: a new address's rows, a known one's merge job.
      if (answersThroughIntake(app.database, app.queue)) {
        await acceptWaitlistForm(app.database, request.body, {
          clientIp: request.ip,
          queue: app.queue,
          cipher: app.fieldCipher,
          rateLimit: limit.hit(request, reply),
        });
      } else {
        // Counted by the plugin on PGlite (no-op here); on PostgreSQL, where every process has a
        // queue, this branch is not taken, but a request is never left uncounted.
        await limit.hit(request, reply)?.countAlone();
        await joinWaitlistFromForm(app.database, request.body, {
          clientIp: request.ip,
          publicUrl: app.config.publicUrl,
          queue: app.queue,
          cipher: app.fieldCipher,
        });
      }
      // Same answer whether the address was new or known: the response must not reveal which.
      return { success: true as const, message: waitlistSuccessMessage };
    },
  );
}
