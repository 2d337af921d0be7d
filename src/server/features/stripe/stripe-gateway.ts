import type { FastifyInstance } from "fastify";
import Stripe from "stripe";

export type CheckoutSessionParams = Stripe.Checkout.SessionCreateParams;
/** The one Stripe API call the app makes: create a Checkout Session, get its hosted page's URL. */
export type CheckoutSessionCreator = (params: CheckoutSessionParams) => Promise<{ id: string; url: string | null }>;

// Per app instance, so tests (several apps in one process) each get their own fake.
const fakes = new WeakMap<FastifyInstance, CheckoutSessionCreator>();
const clients = new WeakMap<FastifyInstance, Stripe>();

/** Test seam: replace the real Stripe call for this app. Tests must never reach the network. */
export function setCheckoutSessionCreator(app: FastifyInstance, creator: CheckoutSessionCreator): void {
  fakes.set(app, creator);
}

/**
 * The Checkout Session creator of this app, or null when Stripe is off (no STRIPE_SECRET_KEY).
 * The real client is created on first use with the configured key.
 */
export function checkoutSessionCreator(app: FastifyInstance): CheckoutSessionCreator | null {
  const stripe = app.config.stripe;
  if (!stripe) return null;
  const fake = fakes.get(app);
  if (fake) return fake;
  let client = clients.get(app);
  if (!client) {
    client = new Stripe(stripe.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "Retreat HQ" },
    });
    clients.set(app, client);
  }
  const api = client;
  return async (params) => {
    const session = await api.checkout.sessions.create(params);
    return { id: session.id, url: session.url };
  };
}

/**
 * Verifies a webhook's Stripe-Signature against the exact bytes received (and its timestamp,
 * 5 minutes' tolerance) and parses the event. Throws on any mismatch. No network involved.
 */
export function constructStripeEvent(rawBody: string, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
