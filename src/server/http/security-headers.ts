import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";

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

function helmetOptions(publicUrl: string): FastifyHelmetOptions {
  const https = publicUrl.startsWith("https://");
  return {
    contentSecurityPolicy: { useDefaults: false, directives: directivesFor(publicUrl) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Same rule as frame-ancestors 'none', for browsers that predate CSP 2 (helmet's default is SAMEORIGIN).
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options, taken once from a throwaway server (helmet's own
 * output: what a response carries with helmet, less what it carries without).
 */
export async function helmetHeaders(publicUrl: string): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    const server = Fastify({ logger: false });
    if (withHelmet) await server.register(helmet, helmetOptions(publicUrl));
    server.get("/", async () => "");
    try {
      return (await server.inject({ method: "GET", url: "/" })).headers;
    } finally {
      await server.close();
    }
  };
  const [withHelmet, without] = [await probe(true), await probe(false)];
  return Object.fromEntries(
    Object.entries(withHelmet)
      .filter(([name]) => !(name in without))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Helmet's headers on every response. @fastify/helmet builds a new helmet middleware (parsing the
 * policy again) on every request; the headers are the same for every response here (no per-route
 * helmet options, no nonces), so they are computed once at start-up and set as helmet sets them,
 * on the raw response, before anything else runs.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const headers = Object.entries(await helmetHeaders(publicUrl));
  app.addHook("onRequest", (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    raw.removeHeader("x-powered-by");
    done();
  });
}
