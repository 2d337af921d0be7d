import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  applicationMedicalNotesResponseSchema,
  applicationTravelResponseSchema,
  travelApplicationParamsSchema,
  travelFormDetailSchema,
  travelFormIdParamsSchema,
  travelFormListQuerySchema,
  travelFormListResponseSchema,
  travelFormSummarySchema,
  travelReviewSchema,
} from "../../../shared/schemas/travel-admin";
import { staffRoles } from "../../auth/guards";
import { auditContext } from "../audit/audit.service";
import {
  getApplicationTravel,
  listTravelForms,
  readApplicationMedicalNotes,
  readTravelForm,
  reviewTravelForm,
} from "./travel.admin.service";

const config = { roles: staffRoles };
/** Decrypting reads are written to the audit log: another site must not be able to trigger them. */
const auditedRead = { ...config, changesState: true };
const tags = ["admin", "travel"];
/** Decrypted personal data must not sit in a browser or proxy cache. */
const noStore = "no-store";

/**
 * Owner and staff's view of travel forms. Lists and the application detail get masked values;
 * the passport number and medical details come only from the two audited reads.
 */
export async function registerAdminTravelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/travel-forms",
    {
      config,
      schema: { tags, querystring: travelFormListQuerySchema, response: { 200: travelFormListResponseSchema } },
    },
    async (request) => ({ items: await listTravelForms(app.db, app.fieldCipher, request.query) }),
  );

  r.get(
    "/api/admin/travel-forms/:id",
    {
      config: auditedRead,
      schema: { tags, params: travelFormIdParamsSchema, response: { 200: travelFormDetailSchema } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", noStore);
      return readTravelForm(app.db, app.fieldCipher, request.params.id, auditContext(request));
    },
  );

  r.patch(
    "/api/admin/travel-forms/:id/review",
    {
      config,
      schema: {
        tags,
        params: travelFormIdParamsSchema,
        body: travelReviewSchema,
        response: { 200: travelFormSummarySchema },
      },
    },
    async (request) =>
      reviewTravelForm(app.db, app.fieldCipher, request.params.id, request.body, auditContext(request)),
  );

  r.get(
    "/api/admin/applications/:id/travel-form",
    {
      config,
      schema: { tags, params: travelApplicationParamsSchema, response: { 200: applicationTravelResponseSchema } },
    },
    async (request) => getApplicationTravel(app.db, app.fieldCipher, request.params.id),
  );

  // Beside the travel form's reveal so both reads of medical data follow one rule (decrypt, audit, no-store).
  r.get(
    "/api/admin/applications/:id/medical-notes",
    {
      config: auditedRead,
      schema: {
        tags,
        params: travelApplicationParamsSchema,
        response: { 200: applicationMedicalNotesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", noStore);
      return readApplicationMedicalNotes(app.db, app.fieldCipher, request.params.id, auditContext(request));
    },
  );
}
