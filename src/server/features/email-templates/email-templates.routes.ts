import type { FastifyInstance } from "fastify";

/** Placeholder: routes are being built. */
export async function registerEmailTemplateRoutes(_app: FastifyInstance) {}
