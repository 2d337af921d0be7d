import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { waitlistSchema } from "../../../shared/schemas/waitlist";
import { formRateLimit } from "../../http/form-rate-limit";
import { rateLimits } from "../../http/rate-limit";
import { joinWaitlistFromForm, waitlistSuccessMessage } from "./waitlist.service";

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
      // One statement, one commit (decision 020): a new address's subscriber, welcome and its send
      // job, or a known address's merge job, so both take the same time.
      await joinWaitlistFromForm(app.database, request.body, {
        clientIp: request.ip,
        publicUrl: app.config.publicUrl,
        queue: app.queue,
        cipher: app.fieldCipher,
        rateLimit: limit.hit(request, reply),
      });
      // Same answer whether the address was new or known: the response must not reveal which.
      return { success: true as const, message: waitlistSuccessMessage };
    },
  );
}
