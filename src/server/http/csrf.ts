import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes called by other sites on purpose (RFC 8058 one-click unsubscribe, signed webhooks). */
    csrfExempt?: boolean;
  }
}

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery defence for every state-changing request: browsers send
 * Sec-Fetch-Site and Origin on cross-site requests, and both must point at this site. Requests
 * without either header do not come from a browser page (curl, server-to-server) and carry no
 * ambient credentials worth forging. Session cookies are also SameSite=Lax.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string) {
  const trusted = new Set([new URL(publicUrl).origin]);
  app.addHook("onRequest", async (request) => {
    if (!stateChanging.has(request.method) || request.routeOptions.config?.csrfExempt) return;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
      throw new AppError("forbidden", "Cross-site request refused");
    }
    const origin = request.headers.origin;
    if (origin && !trusted.has(origin) && origin !== requestOrigin(request)) {
      throw new AppError("forbidden", "Cross-site request refused");
    }
  });
}
