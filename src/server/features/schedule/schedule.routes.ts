import type { FastifyInstance } from "fastify";

/** Placeholder: routes are being built. */
export async function registerScheduleRoutes(_app: FastifyInstance) {}
