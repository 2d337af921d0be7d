import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { setPasswordLinkSchema, setPasswordSchema } from "../../../shared/schemas/users";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { findSetPasswordLink, redeemSetPasswordLink } from "../users/set-password-links.service";

/** Any string up to a sane length: the service answers 404 for malformed and unknown tokens alike. */
const params = z.strictObject({ token: z.string().max(256) });
const tags = ["auth"];

/** The public set-password page's calls; the token in the emailed link is the only authorisation. */
export async function registerSetPasswordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/auth/set-password/:token",
    {
      config: { rateLimit: rateLimits.publicLight },
      schema: { tags, params, response: { 200: setPasswordLinkSchema, 404: apiErrorSchema } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return findSetPasswordLink(app.db, request.params.token);
    },
  );

  r.post(
    "/api/auth/set-password/:token",
    {
      // Stricter than the lookup: each accepted attempt costs an argon2 hash.
      config: { rateLimit: rateLimits.publicForm },
      schema: {
        tags,
        params,
        body: setPasswordSchema,
        response: { 200: z.object({ success: z.literal(true) }), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await redeemSetPasswordLink(app.db, request.params.token, request.body.password, {
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      reply.header("Cache-Control", "no-store");
      return { success: true as const };
    },
  );
}
