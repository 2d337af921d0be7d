import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  emailLogDetailSchema,
  emailLogIdParamsSchema,
  emailLogListQuerySchema,
  emailLogListResponseSchema,
  emailLogSchema,
} from "../../../shared/schemas/email-outbox";
import { staffRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { getEmailLog, listEmailLogs, retryEmailLog } from "./email-outbox.service";

const config = { roles: staffRoles };
const tags = ["email"];

/** The admin outbox: every message the product wrote to email_logs, and retrying failed ones. */
export async function registerEmailOutboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/email-logs",
    { config, schema: { tags, querystring: emailLogListQuerySchema, response: { 200: emailLogListResponseSchema } } },
    async (request) => listEmailLogs(app.db, request.query),
  );

  r.get(
    "/api/admin/email-logs/:id",
    { config, schema: { tags, params: emailLogIdParamsSchema, response: { 200: emailLogDetailSchema } } },
    async (request) => getEmailLog(app.db, request.params.id),
  );

  r.post(
    "/api/admin/email-logs/:id/retry",
    {
      config,
      schema: {
        tags,
        params: emailLogIdParamsSchema,
        // Nothing to send (Fastify then gives null); an empty JSON object is accepted too.
        body: z.strictObject({}).nullish(),
        response: { 200: emailLogSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const log = await retryEmailLog(app.db, request.params.id, auditContext(request));
      // After commit, so the worker finds the row queued.
      await dispatchEmails(app.queue, [log.id], request.log);
      return log;
    },
  );
}
