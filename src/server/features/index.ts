import type { FastifyInstance } from "fastify";
import { registerRetreatRoutes } from "./retreats/retreats.routes";

/** Every feature's routes, in one list, so the app's surface is visible at a glance. */
export async function registerFeatureRoutes(app: FastifyInstance) {
  await registerRetreatRoutes(app);
}
