import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

type Directives = Record<string, string[]>;

function directivesFor(publicUrl: string): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React sets style attributes (confetti, transitions); no inline <style> from users.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    frameSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(publicUrl.startsWith("https://") ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** The header's text, written as helmet writes it ("default-src 'self';script-src ..."). */
function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(" "))
    .join(";");
}

/**
 * The one page the back office shows inside itself: the Site tab's preview of the landing page.
 * Only our own pages may frame it (everything else stays DENY), and it runs no script at all:
 * it is the server's HTML as a visitor first receives it, and nothing in it can act as the
 * signed-in user who opened it. Set on the preview's successful reply only.
 */
export function framedPreviewHeaders(publicUrl: string): Record<string, string> {
  return {
    "content-security-policy": policyText({
      ...directivesFor(publicUrl),
      scriptSrc: ["'none'"],
      frameAncestors: ["'self'"],
    }),
    "x-frame-options": "SAMEORIGIN",
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const https = publicUrl.startsWith("https://");
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: directivesFor(publicUrl) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Same rule as frame-ancestors 'none', for browsers that predate CSP 2 (helmet's default is SAMEORIGIN).
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
}
