import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkoutResponseSchema,
  guestCheckoutParamsSchema,
  paymentOptionsSchema,
} from "../../../shared/schemas/stripe";
import { currentUser, guestRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { AppError, apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { signedJsonBodies } from "../../http/signed-json-body";
import { requestReminderSweep } from "../payments/index";
import {
  checkoutMessages,
  guestPayablePayment,
  nextPayablePayment,
  returnUrls,
  startCheckout,
} from "./checkout.service";
import { verifyPayLinkToken } from "./pay-link";
import { checkoutSessionCreator, constructStripeEvent } from "./stripe-gateway";
import { applyStripeEvent, stripeOutcomes } from "./stripe-webhook.service";

export const stripeWebhookPath = "/api/webhooks/stripe";
export const stripeNotConfiguredMessage = "Stripe is not configured";
export const stripeWebhookSecretMissingMessage = "Stripe webhook secret is not configured";
export const stripeInvalidSignatureMessage = "Invalid signature";

/**
 * Stripe Checkout (only with STRIPE_SECRET_KEY; otherwise every route here answers 404): a
 * guest pays one of their own payments from the portal, an emailed pay link pays the next one,
 * and the signed webhook books the money.
 */
export async function registerStripeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const creator = () => {
    const create = checkoutSessionCreator(app);
    if (!create) throw new AppError("not_found", checkoutMessages.off);
    return create;
  };

  r.get(
    "/api/guest/payment-options",
    { config: { roles: guestRoles }, schema: { tags: ["guest", "payments"], response: { 200: paymentOptionsSchema } } },
    async () => ({ onlinePayments: Boolean(app.config.stripe) }),
  );

  r.post(
    "/api/guest/payments/:paymentId/checkout",
    {
      config: { roles: guestRoles, rateLimit: rateLimits.publicLight },
      schema: {
        tags: ["guest", "payments"],
        description: "A Stripe Checkout Session for one of the guest's own pending payments (404 without Stripe).",
        params: guestCheckoutParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: checkoutResponseSchema, 404: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const create = creator();
      const payment = await guestPayablePayment(app.db, currentUser(request).id, request.params.paymentId);
      if (!payment) throw new AppError("not_found", checkoutMessages.paymentNotFound);
      return { url: await startCheckout(create, payment, returnUrls(app.config, "portal"), request.log) };
    },
  );

  // Opened from an email, without a session: the signed token is the only key.
  r.get(
    "/api/pay/:token",
    {
      config: { rateLimit: rateLimits.publicLight },
      schema: {
        tags: ["public", "payments"],
        description: "Emailed pay link: redirects (303) to Stripe Checkout for the next pending payment.",
        params: z.object({ token: z.string().max(100) }),
        response: { 404: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const create = creator();
      const applicationId = verifyPayLinkToken(app.config.sessionSecret, request.params.token);
      if (!applicationId) throw new AppError("not_found", checkoutMessages.linkNotFound);
      const payment = await nextPayablePayment(app.db, applicationId);
      reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");
      if (!payment) return reply.redirect(`${app.config.publicUrl}/?payment=none`, 303);
      const url = await startCheckout(create, payment, returnUrls(app.config, "link"), request.log);
      return reply.redirect(url, 303);
    },
  );

  await app.register(stripeWebhookRoute);
}

/** An encapsulated scope, so its byte-keeping JSON parser (the signature covers the bytes) applies here only. */
async function stripeWebhookRoute(scope: FastifyInstance) {
  const bodies = signedJsonBodies(scope);

  scope.withTypeProvider<ZodTypeProvider>().post(
    stripeWebhookPath,
    {
      config: { csrfExempt: true, rateLimit: rateLimits.webhook },
      schema: {
        tags: ["payments", "webhooks"],
        description:
          "Stripe events (checkout.session.completed, checkout.session.async_payment_succeeded), signed with Stripe-Signature. 404 unless STRIPE_SECRET_KEY is set.",
        response: {
          200: z.object({ received: z.literal(true), outcome: z.enum(stripeOutcomes) }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      onRequest: async (_request, reply) => {
        if (!scope.config.stripe) throw new AppError("not_found", stripeNotConfiguredMessage);
        // 503 rather than 404: Stripe retries for days, so the events arrive once the secret is set.
        if (!scope.config.stripe.webhookSecret) {
          return reply.status(503).send({ message: stripeWebhookSecretMissingMessage });
        }
      },
    },
    async (request) => {
      const secret = scope.config.stripe!.webhookSecret!;
      const raw = bodies.rawBody(request);
      const header = request.headers["stripe-signature"];
      let event: ReturnType<typeof constructStripeEvent>;
      try {
        event = constructStripeEvent(raw, typeof header === "string" ? header : "", secret);
      } catch {
        throw new AppError("bad_request", stripeInvalidSignatureMessage);
      }
      const { outcome, emailLogIds } = await applyStripeEvent(scope.db, event, request.log);
      await dispatchEmails(scope.queue, emailLogIds, request.log);
      if (outcome === "completed") await requestReminderSweep(scope.queue, request.log);
      return { received: true as const, outcome };
    },
  );
}
