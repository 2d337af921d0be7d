import type { FastifyInstance } from "fastify";
import { registerAuditRoutes } from "../audit/audit.routes";
import { registerSettingsRoutes } from "../settings/settings.routes";
import { registerUserRoutes } from "../users/users.routes";
import { registerAuthRoutes } from "./auth.routes";
import { registerOidcRoutes } from "./oidc.routes";
import { registerSetPasswordRoutes } from "./set-password.routes";
import { registerSetupRoutes } from "./setup.routes";

/** Sign-in, users, settings and the audit log: who may do what, and the record of it. */
export async function registerAccessRoutes(app: FastifyInstance) {
  await registerAuthRoutes(app);
  await registerOidcRoutes(app);
  await registerSetPasswordRoutes(app);
  await registerSetupRoutes(app);
  await registerUserRoutes(app);
  await registerSettingsRoutes(app);
  await registerAuditRoutes(app);
}
