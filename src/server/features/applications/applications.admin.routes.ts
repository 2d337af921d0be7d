import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminApplicationCreateSchema,
  adminApplicationSchema,
  adminApplicationUpdateSchema,
  applicationExportQuerySchema,
  applicationIdParamsSchema,
  applicationListQuerySchema,
  applicationListResponseSchema,
  deleteApplicationResponseSchema,
  escalateBodySchema,
  escalateParamsSchema,
  escalateResponseSchema,
} from "../../../shared/schemas/applications-admin";
import { staffRoles } from "../../auth/guards";
import { afterStageMove } from "../admissions/admissions.service";
import { auditContext } from "../audit/audit.service";
import { payLinkFor } from "../stripe/index";
import {
  assertListedRetreat,
  createApplication,
  deleteApplication,
  escalateApplication,
  getApplication,
  listApplications,
  updateApplication,
} from "./applications.admin.service";
import { applicationsCsvStream, exportFileName } from "./applications.export";

const config = { roles: staffRoles };
const tags = ["admin", "applications"];

export async function registerAdminApplicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = { publicUrl: app.config.publicUrl, cipher: app.fieldCipher };

  r.get(
    "/api/admin/applications",
    {
      config,
      schema: { tags, querystring: applicationListQuerySchema, response: { 200: applicationListResponseSchema } },
    },
    async (request) => listApplications(app.db, request.query),
  );

  r.get(
    "/api/admin/applications/export",
    { config, schema: { tags, querystring: applicationExportQuerySchema } },
    async (request, reply) => {
      await assertListedRetreat(app.db, request.query);
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${exportFileName()}"`)
        .header("Cache-Control", "no-store");
      return reply.send(applicationsCsvStream(app.db, request.query));
    },
  );

  r.get(
    "/api/admin/applications/:id",
    { config, schema: { tags, params: applicationIdParamsSchema, response: { 200: adminApplicationSchema } } },
    async (request) => getApplication(app.db, request.params.id),
  );

  r.post(
    "/api/admin/applications",
    { config, schema: { tags, body: adminApplicationCreateSchema, response: { 201: adminApplicationSchema } } },
    async (request, reply) => {
      const created = await createApplication(app.db, request.body, auditContext(request));
      await afterStageMove(app.queue, request.log, { moved: created.stage === "accepted" });
      return reply.status(201).send(created);
    },
  );

  r.patch(
    "/api/admin/applications/:id",
    {
      config,
      schema: {
        tags,
        params: applicationIdParamsSchema,
        body: adminApplicationUpdateSchema,
        response: { 200: adminApplicationSchema },
      },
    },
    async (request) => {
      const result = await updateApplication(app.db, request.params.id, request.body, auditContext(request), links);
      await afterStageMove(app.queue, request.log, {
        emailLogIds: result.emailLogIds,
        moved: request.body.stage !== undefined,
      });
      return result.application;
    },
  );

  r.delete(
    "/api/admin/applications/:id",
    {
      config,
      schema: { tags, params: applicationIdParamsSchema, response: { 200: deleteApplicationResponseSchema } },
    },
    async (request) => {
      await deleteApplication(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );

  r.post(
    "/api/admin/applications/:id/escalate/:stage",
    {
      config,
      schema: {
        tags,
        params: escalateParamsSchema,
        // The body may be left out entirely (no notes, notify on).
        body: escalateBodySchema.nullish(),
        response: { 200: escalateResponseSchema },
      },
    },
    async (request) => {
      const { id, stage } = request.params;
      const body = request.body ?? { notify: true };
      const result = await escalateApplication(
        app.db,
        id,
        stage,
        {
          notes: body.notes,
          notify: body.notify,
          ...links,
          payUrlFor: (applicationId, secrets) => payLinkFor(app.config, applicationId, secrets),
        },
        auditContext(request),
      );
      // After commit: the outbox rows exist, now ask the worker to send them, and sweep reminders.
      await afterStageMove(app.queue, request.log, { emailLogIds: result.emailLogIds, moved: true });
      return { application: result.application, notified: result.emailLogIds.length > 0 };
    },
  );
}
