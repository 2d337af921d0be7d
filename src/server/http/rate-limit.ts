import type { RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import { clientKey } from "./client-key";

/**
 * Per-route rate-limit presets for @fastify/rate-limit (registered with global: false), used as
 * `config: { rateLimit: rateLimits.publicForm }`. Keyed by the client address (request.ip, which
 * honours X-Forwarded-For as far as TRUST_PROXY allows) and the route. Hits are counted in the
 * database (rate-limit-store.ts), so these limits hold across every app process on one database;
 * the public forms count theirs inside their own statement there (form-rate-limit.ts). Windows in
 * milliseconds (the plugin reads a number as such), so the forms' statements use the same values.
 */
export const rateLimits = {
  /** Forms that store a lot and send email (application, travel form). */
  publicForm: { max: 10, timeWindow: 60_000 },
  /** Light public writes and token links (waitlist, email preferences). */
  publicLight: { max: 20, timeWindow: 60_000 },
  /** Signed machine-to-machine callbacks (email provider events): bursts of batches from a few hosts. */
  webhook: { max: 300, timeWindow: 60_000 },
  /**
   * Staff previews and test sends, which each take the email sandbox for up to a second: per
   * signed-in user (the session is loaded before route hooks run), so one account cannot keep it busy.
   */
  sandboxRender: {
    max: 20,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : clientKey(request.ip)),
  },
} as const satisfies Record<string, RateLimitOptions>;
