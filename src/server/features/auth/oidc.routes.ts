import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { OidcErrorCode } from "../../../shared/schemas/auth";
import {
  clearOidcFlowCookie,
  createOidcClient,
  OidcError,
  type OidcIdentity,
  oidcCallbackPath,
  readOidcFlowCookie,
  setOidcFlowCookie,
} from "../../auth/oidc";
import { rateLimits } from "../../http/rate-limit";
import { beginSession } from "./begin-session";
import { authenticateOidc } from "./login.service";

const tags = ["auth"];

/**
 * The provider's redirect. Not strict, unlike our other schemas: providers add parameters of their
 * own (Keycloak session_state, Google scope/authuser/prompt), and refusing them would break
 * sign-in. openid-client validates the parameters that matter (state, code, iss, error).
 */
const callbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(256).optional(),
});

function adminWithError(code: OidcErrorCode): string {
  return `/admin?error=${code}`;
}

const failureCodes: Record<OidcError["reason"], OidcErrorCode> = {
  cancelled: "oidc_cancelled",
  failed: "oidc_failed",
  email_unverified: "oidc_email_unverified",
};

/**
 * GET /api/login and the OpenID Connect callback. Without OIDC_* configuration /api/login leads
 * to the username/password form at /admin. Every failure ends on /admin with an error code the
 * page turns into a 'Login Failed' toast; the reason in detail goes to the log.
 */
export async function registerOidcRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oidc = app.config.oidc ? createOidcClient(app.config.oidc, app.config.publicUrl) : null;

  r.get("/api/login", { schema: { tags, hide: true, querystring: z.strictObject({}) } }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    // Signed in already: /admin sends them to their area.
    if (!oidc || request.user) return reply.redirect("/admin");
    try {
      const { url, flow } = await oidc.start();
      setOidcFlowCookie(app, reply, flow);
      return reply.redirect(url.href);
    } catch (error) {
      request.log.error({ err: error }, "OpenID Connect discovery failed");
      return reply.redirect(adminWithError("oidc_failed"));
    }
  });

  r.get(
    oidcCallbackPath,
    // Each callback costs a token request to the provider and a few queries.
    { config: { rateLimit: rateLimits.publicLight }, schema: { tags, hide: true, querystring: callbackQuerySchema } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      // One use only: whatever happens next, this browser's flow is over.
      const flow = readOidcFlowCookie(app, request);
      clearOidcFlowCookie(app, reply);
      if (!oidc) return reply.redirect("/admin");
      if (!flow) {
        request.log.warn("OpenID Connect callback without a valid flow cookie");
        return reply.redirect(adminWithError("oidc_failed"));
      }

      let identity: OidcIdentity;
      try {
        const queryStart = request.url.indexOf("?");
        identity = await oidc.finish(queryStart === -1 ? "" : request.url.slice(queryStart), flow);
      } catch (error) {
        const reason = error instanceof OidcError ? error.reason : "failed";
        request.log.warn({ err: error }, "OpenID Connect sign-in refused");
        return reply.redirect(adminWithError(failureCodes[reason]));
      }

      const user = await authenticateOidc(app.db, identity, {
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      if (!user) return reply.redirect(adminWithError("oidc_no_account"));
      await beginSession(app, request, reply, user.id);
      return reply.redirect("/admin");
    },
  );
}
