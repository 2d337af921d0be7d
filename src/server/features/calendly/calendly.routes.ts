import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dispatchEmails } from "../../email/outbox";
import { AppError, apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { signedJsonBodies } from "../../http/signed-json-body";
import { verifyWebhookSignature } from "../../http/webhook-signature";
import { auditContext } from "../audit/audit.service";
import { interviewSettings } from "../interviews/index";
import { applyCalendlyEvent, calendlyOutcomes, calendlyWebhookSchema } from "./calendly.service";

export const calendlyWebhookPath = "/api/webhooks/calendly";
export const calendlySignatureHeader = "calendly-webhook-signature";
export const calendlyNotConfiguredMessage = "Calendly webhook is not configured";
export const calendlyInvalidSignatureMessage = "Invalid signature";

/** Calendly's webhook (optional): on only when CALENDLY_WEBHOOK_SIGNING_KEY is set. */
export async function registerCalendlyRoutes(app: FastifyInstance) {
  await app.register(calendlyWebhookRoute);
}

/** An encapsulated scope, so its byte-keeping JSON parser applies to this route only. */
async function calendlyWebhookRoute(scope: FastifyInstance) {
  const bodies = signedJsonBodies(scope);
  const settings = interviewSettings(scope.config);

  scope.withTypeProvider<ZodTypeProvider>().post(
    calendlyWebhookPath,
    {
      config: { csrfExempt: true, rateLimit: rateLimits.webhook },
      schema: {
        tags: ["interviews", "webhooks"],
        description:
          "Calendly invitee.created / invitee.canceled, signed with Calendly-Webhook-Signature. 404 unless CALENDLY_WEBHOOK_SIGNING_KEY is set.",
        body: calendlyWebhookSchema,
        response: {
          200: z.object({ outcome: z.enum(calendlyOutcomes) }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
      onRequest: async () => {
        if (!scope.config.calendlyWebhookSigningKey) throw new AppError("not_found", calendlyNotConfiguredMessage);
      },
      // Before validation: the signature decides before the body's content is judged.
      preValidation: async (request) => {
        const raw = bodies.rawBody(request);
        const header = request.headers[calendlySignatureHeader];
        const key = scope.config.calendlyWebhookSigningKey ?? "";
        if (!verifyWebhookSignature(key, raw, typeof header === "string" ? header : undefined)) {
          throw new AppError("unauthorized", calendlyInvalidSignatureMessage);
        }
        bodies.assertJson(request);
      },
    },
    async (request) => {
      const actor = { ...auditContext(request), userId: null };
      const { outcome, emailLogIds } = await applyCalendlyEvent(scope.db, request.body, actor, settings);
      await dispatchEmails(scope.queue, emailLogIds, request.log);
      return { outcome };
    },
  );
}
