import type { FastifyInstance, onSendHookHandler, RouteOptions } from "fastify";
import { isProtectedPath } from "../auth/guards";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Marks a route outside the signed-in and token classes whose replies must not be cached. */
    noStore?: boolean;
  }
}

/** A path parameter that is the caller's only authorisation (an emailed link, a calendar feed). */
const secretParam = /:(token|file)\b/;

/**
 * Replies no browser, proxy or shared computer may keep: everything behind a role (the back
 * office, the vendor and guest portals: personal data, email bodies, exports, links revealed to an
 * owner), everything opened by a secret in the URL, and routes that ask with `config.noStore`.
 * Decided once per route from how it is declared, so a new admin route is covered without
 * anyone remembering to add a header.
 */
export function answersPrivately(route: Pick<RouteOptions, "url" | "config">): boolean {
  const config = route.config as { roles?: readonly string[]; noStore?: boolean } | undefined;
  return (
    Boolean(config?.roles?.length) ||
    isProtectedPath(route.url) ||
    secretParam.test(route.url) ||
    Boolean(config?.noStore)
  );
}

const noStore: onSendHookHandler = async (_request, reply, payload) => {
  reply.header("Cache-Control", "no-store");
  return payload;
};

/** Must be registered before any route (like the role guards). */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!answersPrivately(route)) return;
    const existing = route.onSend;
    route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), noStore] : [noStore];
  });
}
