import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardSchema } from "../../../shared/schemas/dashboard";
import { staffRoles } from "../../auth/guards";
import { getDashboard } from "./dashboard.service";

export async function registerDashboardRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/admin/dashboard",
      { config: { roles: staffRoles }, schema: { tags: ["admin"], response: { 200: dashboardSchema } } },
      async () => getDashboard(app.db),
    );
}
