import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authUserSchema, loginSchema } from "../../../shared/schemas/auth";
import { requireUser } from "../../auth/guards";
import { clearSessionCookie, deleteSession } from "../../auth/session";
import { apiErrorSchema } from "../../http/errors";
import { recordAudit } from "../audit/audit.service";
import { beginSession } from "./begin-session";
import { authenticate, loginLimits } from "./login.service";

export async function registerAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/login",
    {
      schema: {
        tags: ["auth"],
        body: loginSchema,
        response: { 200: authUserSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const client = { ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null };
      let user: Awaited<ReturnType<typeof authenticate>>;
      try {
        user = await authenticate(app.db, request.body, client);
      } catch (error) {
        if ((error as { code?: string }).code === "rate_limited") {
          reply.header("Retry-After", String(loginLimits.windowMs / 1000));
        }
        throw error;
      }
      await beginSession(app, request, reply, user.id);
      return user;
    },
  );

  r.get(
    "/api/auth/user",
    { onRequest: requireUser, schema: { tags: ["auth"], response: { 200: authUserSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return request.user!;
    },
  );

  // Browser navigation (spec), but another site must not be able to sign the user out.
  r.get(
    "/api/logout",
    { config: { changesState: true }, schema: { tags: ["auth"], hide: true } },
    async (request, reply) => {
      if (request.sessionId) {
        await deleteSession(app.db, request.sessionId);
        await recordAudit(app.db, {
          userId: request.user?.id ?? null,
          action: "logout",
          entityType: "user",
          entityId: request.user?.id ?? null,
          ipAddress: request.ip,
          userAgent: request.headers["user-agent"] ?? null,
        });
      }
      clearSessionCookie(app, reply);
      reply.header("Cache-Control", "no-store");
      return reply.redirect("/");
    },
  );
}
