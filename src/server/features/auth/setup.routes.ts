import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authUserSchema } from "../../../shared/schemas/auth";
import { setupOwnerSchema } from "../../../shared/schemas/users";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { beginSession } from "./begin-session";
import { checkSetupCode, createFirstOwner } from "./first-owner-setup.service";

/** Any string up to a sane length: the service answers 404 for malformed and unknown codes alike. */
// Named token: the routes join the secret-link class (no-store replies, security suite, log masking).
const params = z.strictObject({ token: z.string().max(256) });
const tags = ["auth"];

/** The first-run setup page's calls; the code in the printed link is the only authorisation. */
export async function registerSetupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/auth/setup/:token",
    {
      config: { rateLimit: rateLimits.publicLight },
      schema: { tags, params, response: { 200: z.object({ valid: z.literal(true) }), 404: apiErrorSchema } },
    },
    async (request) => {
      await checkSetupCode(app.db, request.params.token);
      return { valid: true as const };
    },
  );

  r.post(
    "/api/auth/setup/:token",
    {
      // Each accepted attempt costs an argon2 hash.
      config: { rateLimit: rateLimits.publicForm },
      schema: {
        tags,
        params,
        body: setupOwnerSchema,
        response: { 200: authUserSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const owner = await createFirstOwner(app.db, request.params.token, request.body, {
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      // Signed in straight away: the page goes on to the dashboard.
      await beginSession(app, request, reply, owner.id);
      return {
        id: owner.id,
        email: owner.email,
        firstName: owner.firstName,
        lastName: owner.lastName,
        role: "owner" as const,
        isActive: owner.isActive,
      };
    },
  );
}
