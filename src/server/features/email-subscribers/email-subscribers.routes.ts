import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  maxImportBytes,
  subscriberCreateSchema,
  subscriberExportQuerySchema,
  subscriberIdParamsSchema,
  subscriberImportResultSchema,
  subscriberImportSchema,
  subscriberListQuerySchema,
  subscriberListResponseSchema,
  subscriberResponseSchema,
  subscriberTagsResponseSchema,
  subscriberUpdateSchema,
} from "../../../shared/schemas/email-subscribers";
import { staffRoles } from "../../auth/guards";
import { auditContext } from "../audit/audit.service";
import { subscriberExportFileName, subscribersCsvStream } from "./email-subscribers.export";
import { importSubscribers } from "./email-subscribers.import";
import {
  auditExport,
  createSubscriber,
  deleteSubscriber,
  listSubscribers,
  listTags,
  updateSubscriber,
} from "./email-subscribers.service";

const config = { roles: staffRoles };
const tags = ["email"];

/**
 * The CSV travels as a JSON string, where every line end and quote gains a backslash (a CRLF
 * becomes 4 bytes): a 5 MB file of 50,000 rows is about 5.2 MB of body. Twice the file limit
 * leaves room for that; the schema's own 5 MB check then answers a too-large file with 400.
 */
export const importBodyLimit = 2 * maxImportBytes + 64 * 1024;

export async function registerEmailSubscriberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/email-subscribers",
    {
      config,
      schema: { tags, querystring: subscriberListQuerySchema, response: { 200: subscriberListResponseSchema } },
    },
    async (request) => listSubscribers(app.db, request.query),
  );

  r.get(
    "/api/admin/email-subscribers/tags",
    { config, schema: { tags, response: { 200: subscriberTagsResponseSchema } } },
    async () => listTags(app.db),
  );

  r.get(
    "/api/admin/email-subscribers/export",
    // Recorded in the audit log, so another site must not be able to make staff "export".
    { config: { ...config, changesState: true }, schema: { tags, querystring: subscriberExportQuerySchema } },
    async (request, reply) => {
      await auditExport(app.db, request.query, auditContext(request));
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${subscriberExportFileName()}"`)
        .header("Cache-Control", "no-store");
      return reply.send(subscribersCsvStream(app.db, request.query));
    },
  );

  r.post(
    "/api/admin/email-subscribers",
    { config, schema: { tags, body: subscriberCreateSchema, response: { 201: subscriberResponseSchema } } },
    async (request, reply) => {
      const subscriber = await createSubscriber(app.db, request.body, auditContext(request));
      return reply.status(201).send({ subscriber });
    },
  );

  r.post(
    "/api/admin/email-subscribers/import",
    {
      config,
      bodyLimit: importBodyLimit,
      schema: { tags, body: subscriberImportSchema, response: { 200: subscriberImportResultSchema } },
    },
    async (request) => importSubscribers(app.db, request.body, auditContext(request)),
  );

  r.patch(
    "/api/admin/email-subscribers/:id",
    {
      config,
      schema: {
        tags,
        params: subscriberIdParamsSchema,
        body: subscriberUpdateSchema,
        response: { 200: subscriberResponseSchema },
      },
    },
    async (request) => ({
      subscriber: await updateSubscriber(app.db, request.params.id, request.body, auditContext(request)),
    }),
  );

  r.delete(
    "/api/admin/email-subscribers/:id",
    { config, schema: { tags, params: subscriberIdParamsSchema } },
    async (request, reply) => {
      await deleteSubscriber(app.db, request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );
}
