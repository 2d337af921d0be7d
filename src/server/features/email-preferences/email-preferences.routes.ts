import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  emailPreferencesSchema,
  resubscribeSchema,
  subscriberResponseSchema,
  unsubscribeSchema,
} from "../../../shared/schemas/email-preferences";
import { rateLimits } from "../../http/rate-limit";
import { findSubscriberByToken, resubscribe, unsubscribe, updatePreferences } from "./email-preferences.service";
import { toPublicSubscriber } from "./subscribers.service";

/** Any string up to a sane length: the service answers 404 for malformed and unknown tokens alike. */
const params = z.strictObject({ token: z.string().max(256) });
const tags = ["public", "email"];

/** The tokenised email pages' calls; the token in the link is the only authorisation. */
export async function registerEmailPreferencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: rateLimits.publicLight };

  r.get(
    "/api/email/preferences/:token",
    { config, schema: { tags, params, response: { 200: subscriberResponseSchema } } },
    async (request) => {
      const subscriber = await findSubscriberByToken(app.db, request.params.token);
      return { success: true as const, subscriber: toPublicSubscriber(subscriber) };
    },
  );

  r.post(
    "/api/email/preferences/:token",
    { config, schema: { tags, params, body: emailPreferencesSchema, response: { 200: subscriberResponseSchema } } },
    async (request) => {
      const subscriber = await updatePreferences(app.db, request.params.token, request.body);
      return { success: true as const, subscriber: toPublicSubscriber(subscriber) };
    },
  );

  r.post(
    "/api/email/unsubscribe/:token",
    { config, schema: { tags, params, body: unsubscribeSchema, response: { 200: subscriberResponseSchema } } },
    async (request) => {
      const subscriber = await unsubscribe(app.db, request.params.token, request.body);
      return { success: true as const, subscriber: toPublicSubscriber(subscriber) };
    },
  );

  r.post(
    "/api/email/resubscribe/:token",
    { config, schema: { tags, params, body: resubscribeSchema, response: { 200: subscriberResponseSchema } } },
    async (request) => {
      const subscriber = await resubscribe(app.db, request.params.token, request.body, request.ip);
      return { success: true as const, subscriber: toPublicSubscriber(subscriber) };
    },
  );
}
