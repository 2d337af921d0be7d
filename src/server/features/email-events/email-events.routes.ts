import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  emailWebhookResponseSchema,
  emailWebhookSchema,
  emailWebhookSignatureHeader,
} from "../../../shared/schemas/email-outbox";
import { AppError, apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { signedJsonBodies } from "../../http/signed-json-body";
import { verifyWebhookSignature } from "../../http/webhook-signature";
import { applyEmailEvents } from "./email-events.service";
import { registerOneClickUnsubscribeRoutes } from "./one-click-unsubscribe.routes";

export const webhookPath = "/api/webhooks/email-events";
export const notConfiguredMessage = "Email webhook is not configured";
export const invalidSignatureMessage = "Invalid signature";
export { invalidJsonMessage } from "../../http/signed-json-body";

/** 1000 events of the largest allowed size fit; the app's usual 1 MiB would not. */
const webhookBodyLimit = 2 * 1_048_576;

/** Provider webhooks and the RFC 8058 one-click unsubscribe: calls made by mail systems, not people. */
export async function registerEmailEventRoutes(app: FastifyInstance) {
  await app.register(emailWebhookRoute);
  await app.register(registerOneClickUnsubscribeRoutes);
}

/**
 * An encapsulated scope: its JSON parser keeps the exact bytes received, which the signature
 * covers, and applies to this route only.
 */
async function emailWebhookRoute(scope: FastifyInstance) {
  const bodies = signedJsonBodies(scope);

  scope.withTypeProvider<ZodTypeProvider>().post(
    webhookPath,
    {
      bodyLimit: webhookBodyLimit,
      config: { csrfExempt: true, rateLimit: rateLimits.webhook },
      schema: {
        tags: ["email", "webhooks"],
        description:
          "Provider events (delivered, bounce, complaint), signed with X-Webhook-Signature. 404 unless EMAIL_WEBHOOK_SECRET is set.",
        body: emailWebhookSchema,
        response: { 200: emailWebhookResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      // Before anything is read. Off without the secret in every mode: unsigned events would let
      // anyone mark any address as complained and unsubscribe it.
      onRequest: async () => {
        if (!scope.config.emailWebhookSecret) throw new AppError("not_found", notConfiguredMessage);
      },
      // After parsing, before validation: the signature decides before the body's content is judged.
      preValidation: async (request) => {
        const raw = bodies.rawBody(request);
        const header = request.headers[emailWebhookSignatureHeader];
        const secret = scope.config.emailWebhookSecret ?? "";
        if (!verifyWebhookSignature(secret, raw, typeof header === "string" ? header : undefined)) {
          throw new AppError("unauthorized", invalidSignatureMessage);
        }
        bodies.assertJson(request);
      },
    },
    async (request) => applyEmailEvents(scope.db, request.body.events),
  );
}
