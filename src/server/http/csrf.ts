import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes called by other sites on purpose (RFC 8058 one-click unsubscribe, signed webhooks). */
    csrfExempt?: boolean;
    /**
     * A GET that changes something (signing out, a lazily created secret, a read that is written
     * to the audit log): refused cross-site like a POST, because a link or an <img> on another
     * site can make the browser send it with the session cookie (SameSite=Lax allows top-level GETs).
     */
    changesState?: boolean;
  }
}

export const crossSiteRefusedMessage = "Cross-site request refused";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function changesState(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  if (config?.csrfExempt) return false;
  return stateChanging.has(request.method) || config?.changesState === true;
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
    if (!changesState(request)) return;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
      throw new AppError("forbidden", crossSiteRefusedMessage);
    }
    const origin = request.headers.origin;
    if (origin && !trusted.has(origin) && origin !== requestOrigin(request)) {
      throw new AppError("forbidden", crossSiteRefusedMessage);
    }
  });
}
