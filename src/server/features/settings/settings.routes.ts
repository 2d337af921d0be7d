import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { appSettingsSchema } from "../../../shared/schemas/settings";
import { ownerRoles } from "../../auth/guards";
import { auditContext } from "../audit/audit.service";
import { getSettings, saveSettings } from "./settings.service";

export async function registerSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: ownerRoles };

  r.get(
    "/api/admin/settings",
    { config, schema: { tags: ["settings"], response: { 200: appSettingsSchema } } },
    async () => getSettings(app.db),
  );

  r.put(
    "/api/admin/settings",
    { config, schema: { tags: ["settings"], body: appSettingsSchema, response: { 200: appSettingsSchema } } },
    async (request) => saveSettings(app.db, request.body, auditContext(request)),
  );
}
