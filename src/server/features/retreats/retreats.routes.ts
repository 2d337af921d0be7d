import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentRetreatSchema } from "../../../shared/schemas/retreats";
import { AppError } from "../../http/errors";
import { getCurrentRetreat, toCurrentRetreatDto } from "./retreats.service";

export async function registerRetreatRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/current-retreat",
      { schema: { tags: ["public"], response: { 200: currentRetreatSchema } } },
      async () => {
        const retreat = await getCurrentRetreat(app.db);
        if (!retreat) throw new AppError("not_found", "No active retreat found at this time.");
        return toCurrentRetreatDto(retreat);
      },
    );
}
