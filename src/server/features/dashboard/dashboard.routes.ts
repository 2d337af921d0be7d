import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  activityFeedSchema,
  activityPath,
  dashboardQuerySchema,
  dashboardSchema,
} from "../../../shared/schemas/dashboard";
import { staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { recentActivity } from "../audit/activity.service";
import { getDashboard } from "./dashboard.service";

export async function registerDashboardRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/admin/dashboard",
      {
        config: { roles: staffRoles },
        schema: {
          tags: ["admin"],
          querystring: dashboardQuerySchema,
          response: { 200: dashboardSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => getDashboard(app.db, request.query.retreatId),
    )
    // Owner and staff: the audit trail as sentences (sign-ins and user administration left out).
    .get(
      activityPath,
      { config: { roles: staffRoles }, schema: { tags: ["admin"], response: { 200: activityFeedSchema } } },
      async () => recentActivity(app.db),
    );
}
