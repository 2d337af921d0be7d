import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  eraseBodySchema,
  eraseResponseSchema,
  retentionPolicySchema,
  type SubjectExport,
  subjectExportSchema,
  subjectQuerySchema,
} from "../../../shared/schemas/privacy";
import { ownerRoles } from "../../auth/guards";
import { auditContext, recordAudit } from "../audit/audit.service";
import { emailHash } from "./email-hash";
import { eraseSubject } from "./erasure.service";
import { subjectCsv, subjectFileName } from "./subject-csv";
import { exportSubject, sectionCounts } from "./subject-export.service";

const config = { roles: ownerRoles };
/** Exports are written to the audit log: another site must not be able to trigger them. */
const auditedRead = { ...config, changesState: true };
const tags = ["admin", "privacy"];

/** Data subject requests and the retention periods: owner only (the export is everything about a person). */
export async function registerPrivacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hashOf = (email: string) => emailHash(email, app.config.dataEncryptionKey);

  /** Reading someone's data is itself recorded, with a keyed hash of the address instead of the address. */
  async function exportAudited(request: FastifyRequest, email: string, format: "json" | "csv"): Promise<SubjectExport> {
    const data = await exportSubject(app.db, app.fieldCipher, email);
    await recordAudit(app.db, {
      ...auditContext(request),
      action: "export",
      entityType: "data_subject",
      newValues: { emailHash: hashOf(email), format, counts: sectionCounts(data) },
    });
    return data;
  }

  r.get(
    "/api/admin/privacy/retention",
    { config, schema: { tags, response: { 200: retentionPolicySchema } } },
    async () => app.config.retention,
  );

  r.get(
    "/api/admin/privacy/subject",
    { config: auditedRead, schema: { tags, querystring: subjectQuerySchema, response: { 200: subjectExportSchema } } },
    async (request, reply) => {
      const data = await exportAudited(request, request.query.email, "json");
      reply
        .header("Content-Disposition", `attachment; filename="${subjectFileName("json")}"`)
        .header("Cache-Control", "no-store");
      return data;
    },
  );

  r.get(
    "/api/admin/privacy/subject.csv",
    { config: auditedRead, schema: { tags, querystring: subjectQuerySchema } },
    async (request, reply) => {
      const data = await exportAudited(request, request.query.email, "csv");
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${subjectFileName("csv")}"`)
        .header("Cache-Control", "no-store")
        .send(subjectCsv(data));
    },
  );

  r.post(
    "/api/admin/privacy/erase",
    { config, schema: { tags, body: eraseBodySchema, response: { 200: eraseResponseSchema } } },
    async (request) =>
      eraseSubject(
        app.db,
        request.body.email,
        auditContext(request),
        { emailHash: hashOf(request.body.email) },
        new Date(),
        app.fieldCipher,
      ),
  );
}
