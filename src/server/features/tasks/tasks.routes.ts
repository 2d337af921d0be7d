import type { FastifyInstance } from "fastify";

/** Placeholder: routes are being built. */
export async function registerTaskRoutes(_app: FastifyInstance) {}
