import type { FastifyInstance } from "fastify";
import { registerRouteGuards } from "./guards";
import { registerSessionLoading } from "./session";

/**
 * Sessions (request.user) and route guards. Registered after @fastify/cookie and before every
 * route, so no route can be added without the guard check seeing it.
 */
export function registerAuth(app: FastifyInstance): void {
  registerSessionLoading(app);
  registerRouteGuards(app);
}
