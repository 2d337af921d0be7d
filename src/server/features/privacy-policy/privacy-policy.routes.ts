import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type PrivacyPolicyFacts, privacyPolicyFactsSchema } from "../../../shared/schemas/privacy-policy";

export const privacyPolicyPath = "/api/privacy-policy";

/**
 * The numbers the public privacy policy must quote truthfully. Retention is configurable
 * (TRAVEL_DATA_RETENTION_DAYS, DECLINED_APPLICATION_RETENTION_DAYS), so the prerendered page
 * cannot carry them; they change only on a restart, hence the short public cache.
 */
export async function registerPrivacyPolicyRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      privacyPolicyPath,
      { schema: { tags: ["public"], response: { 200: privacyPolicyFactsSchema } } },
      async (_request, reply): Promise<PrivacyPolicyFacts> => {
        reply.header("Cache-Control", "public, max-age=3600");
        return {
          travelDataRetentionDays: app.config.retention.travelDataDays,
          declinedApplicationRetentionDays: app.config.retention.declinedApplicationDays,
        };
      },
    );
}
