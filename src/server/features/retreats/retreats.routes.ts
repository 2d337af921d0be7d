import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentRetreatSchema } from "../../../shared/schemas/retreats";
import { AppError } from "../../http/errors";
import { getCurrentRetreat } from "./retreats.service";

export async function registerRetreatRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/current-retreat",
      { schema: { tags: ["public"], response: { 200: currentRetreatSchema } } },
      async () => {
        const retreat = await getCurrentRetreat(app.db);
        if (!retreat) throw new AppError("not_found", "No active retreat found at this time.");
        return {
          id: retreat.id,
          name: retreat.name,
          description: retreat.description,
          startDate: retreat.startDate,
          endDate: retreat.endDate,
          capacity: retreat.capacity,
          location: retreat.location,
          currency: retreat.currency,
          bookingTypes: retreat.bookingTypes.map((t) => ({
            id: t.id,
            name: t.name,
            displayName: t.displayName,
            description: t.description,
            basePrice: t.basePrice,
            depositAmount: t.depositAmount,
            currency: t.currency,
            maxOccupancy: t.maxOccupancy,
            isAddon: t.isAddon,
            features: t.features as string[],
          })),
        };
      },
    );
}
