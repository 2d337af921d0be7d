import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  oneClickUnsubscribeQuerySchema,
  oneClickUnsubscribeResponseSchema,
} from "../../../shared/schemas/email-preferences";
import { unsubscribeUrl } from "../../email/subscriber-links";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { oneClickUnsubscribe } from "./one-click-unsubscribe.service";

export const oneClickPath = "/api/email/one-click-unsubscribe/:token";

/** "List-Unsubscribe=One-Click" and little else: anything large is not a mail app's request. */
export const oneClickBodyLimit = 4096;

/** Any string up to a sane length: the service answers 404 for malformed and unknown tokens alike. */
const params = z.strictObject({ token: z.string().max(256) });
const tags = ["public", "email"];

function campaignIdOf(campaign: string | undefined): string | undefined {
  const parsed = z.uuid().safeParse(campaign);
  return parsed.success ? parsed.data : undefined;
}

/**
 * RFC 8058 one-click unsubscribe, the address in every campaign's List-Unsubscribe header. Mail
 * apps POST "List-Unsubscribe=One-Click" as a form, from their own servers or the reader's
 * browser, without cookies: the token is the only authorisation and CSRF checks do not apply.
 * Registered as an encapsulated plugin so its form parsers serve these routes only.
 */
export async function registerOneClickUnsubscribeRoutes(scope: FastifyInstance) {
  // The body's content is not needed (the POST itself is the request), so it is parsed without
  // a dependency and never trusted; a multipart body is accepted as opaque text.
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  scope.addContentTypeParser("multipart/form-data", { parseAs: "string" }, (_request, body, done) => {
    done(null, body);
  });

  const r = scope.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: rateLimits.publicLight };

  r.post(
    oneClickPath,
    {
      bodyLimit: oneClickBodyLimit,
      config: { ...config, csrfExempt: true },
      schema: {
        tags,
        description: 'RFC 8058: body "List-Unsubscribe=One-Click". Switches off marketing emails only.',
        params,
        querystring: oneClickUnsubscribeQuerySchema,
        response: { 200: oneClickUnsubscribeResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await oneClickUnsubscribe(scope.db, request.params.token, campaignIdOf(request.query.campaign));
      reply.header("Cache-Control", "no-store");
      return { success: true as const };
    },
  );

  // Link scanners and previews follow GETs: a GET only leads a person to the unsubscribe page.
  r.get(
    oneClickPath,
    { config, schema: { tags, params, querystring: oneClickUnsubscribeQuerySchema } },
    async (request, reply) => {
      const campaignId = campaignIdOf(request.query.campaign);
      const page = unsubscribeUrl("", encodeURIComponent(request.params.token));
      return reply.redirect(campaignId ? `${page}?campaign=${campaignId}` : page, 303);
    },
  );
}
