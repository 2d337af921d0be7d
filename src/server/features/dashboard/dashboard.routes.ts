import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { activityFeedSchema, activityPath, dashboardSchema } from "../../../shared/schemas/dashboard";
import { staffRoles } from "../../auth/guards";
import { recentActivity } from "../audit/activity.service";
import { getDashboard } from "./dashboard.service";

export async function registerDashboardRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/admin/dashboard",
      { config: { roles: staffRoles }, schema: { tags: ["admin"], response: { 200: dashboardSchema } } },
      async () => getDashboard(app.db),
    )
    // Owner and staff: the audit trail as sentences (sign-ins and user administration left out).
    .get(
      activityPath,
      { config: { roles: staffRoles }, schema: { tags: ["admin"], response: { 200: activityFeedSchema } } },
      async () => recentActivity(app.db),
    );
}
