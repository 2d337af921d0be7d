import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type ArrivalsReport,
  arrivalsReportSchema,
  grantIdParamsSchema,
  type KitchenReport,
  kitchenGrantInputSchema,
  kitchenGrantListQuerySchema,
  kitchenGrantListSchema,
  kitchenGrantSchema,
  kitchenReportSchema,
  type ReportFormat,
  type ReportKind,
  type RoomingReport,
  reportQuerySchema,
  roomingReportSchema,
  vendorListsSchema,
  vendorReportQuerySchema,
} from "../../../shared/schemas/reports";
import { currentUser, staffRoles, vendorRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { sendPdf } from "../../http/pdf-document";
import { auditContext } from "../audit/audit.service";
import {
  arrivalsCsv,
  arrivalsPdf,
  kitchenCsv,
  kitchenPdf,
  reportFileName,
  roomingCsv,
  roomingPdf,
} from "./report-files";
import {
  grantKitchenList,
  listKitchenGrants,
  readArrivalsList,
  readKitchenList,
  readRoomingList,
  readVendorKitchenList,
  revokeKitchenGrant,
  vendorLists,
} from "./reports.service";

const staff = { roles: staffRoles };
/** The kitchen list's reads are written to the audit log: another site must not be able to trigger them. */
const staffAuditedRead = { ...staff, changesState: true };
const vendorAuditedRead = { roles: vendorRoles, changesState: true };
const tags = ["admin", "reports"];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

type Files<R> = { csv: (report: R) => NodeJS.ReadableStream; pdf: (report: R) => Promise<Buffer> };
const kitchenFiles: Files<KitchenReport> = { csv: kitchenCsv, pdf: kitchenPdf };
const arrivalsFiles: Files<ArrivalsReport> = { csv: arrivalsCsv, pdf: arrivalsPdf };
const roomingFiles: Files<RoomingReport> = { csv: roomingCsv, pdf: roomingPdf };

/** The list as JSON (the page), or its CSV or PDF download; never cached, it is personal data. */
async function sendReport<R extends KitchenReport | ArrivalsReport | RoomingReport>(
  reply: FastifyReply,
  kind: ReportKind,
  report: R,
  format: ReportFormat,
  files: Files<R>,
) {
  reply.header("Cache-Control", "no-store");
  if (format === "pdf") return sendPdf(reply, await files.pdf(report), reportFileName(kind, report, "pdf"));
  if (format === "csv") {
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${reportFileName(kind, report, "csv")}"`)
      .send(files.csv(report));
  }
  return report;
}

const description = (what: string) =>
  `${what}: format=json (default) for the page, csv (formula-safe) or pdf (printable, dated and titled with the retreat's name).`;

/** The lists (owner and staff), the vendors given the kitchen list, and the vendor's own view of it. */
export async function registerReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/reports/kitchen",
    {
      config: staffAuditedRead,
      schema: {
        tags,
        description: description("Dietary requirements and allergies per booking and as counts; every read is audited"),
        querystring: reportQuerySchema,
        response: { 200: kitchenReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await readKitchenList(app.db, app.fieldCipher, request.query, auditContext(request));
      return sendReport(reply, "kitchen", report, request.query.format, kitchenFiles);
    },
  );

  r.get(
    "/api/admin/reports/arrivals",
    {
      config: staff,
      schema: {
        tags,
        description: description("Flights by day and time window, with airport pickups and recently changed forms"),
        querystring: reportQuerySchema,
        response: { 200: arrivalsReportSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendReport(
        reply,
        "arrivals",
        await readArrivalsList(app.db, request.query.retreatId),
        request.query.format,
        arrivalsFiles,
      ),
  );

  r.get(
    "/api/admin/reports/rooming",
    {
      config: staff,
      schema: {
        tags,
        description: description("Every room bed by bed, and who has no room yet"),
        querystring: reportQuerySchema,
        response: { 200: roomingReportSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendReport(
        reply,
        "rooming",
        await readRoomingList(app.db, request.query.retreatId),
        request.query.format,
        roomingFiles,
      ),
  );

  r.get(
    "/api/admin/reports/kitchen/grants",
    {
      config: staff,
      schema: { tags, querystring: kitchenGrantListQuerySchema, response: { 200: kitchenGrantListSchema, ...errors } },
    },
    async (request) => ({ items: await listKitchenGrants(app.db, request.query.retreatId) }),
  );

  r.post(
    "/api/admin/reports/kitchen/grants",
    {
      config: staff,
      schema: {
        tags,
        description: "Gives a vendor (a caterer) the retreat's kitchen list in the vendor portal; audited.",
        body: kitchenGrantInputSchema,
        response: { 201: kitchenGrantSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await grantKitchenList(app.db, request.body, auditContext(request))),
  );

  r.delete(
    "/api/admin/reports/kitchen/grants/:id",
    {
      config: staff,
      schema: {
        tags,
        description: "Takes the kitchen list back from the vendor at once; audited.",
        params: grantIdParamsSchema,
        response: { 200: z.object({ id: z.uuid(), revoked: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await revokeKitchenGrant(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, revoked: true as const };
    },
  );

  r.get(
    "/api/vendor/lists",
    { config: { roles: vendorRoles }, schema: { tags: ["vendor"], response: { 200: vendorListsSchema } } },
    async (request) => vendorLists(app.db, currentUser(request).id),
  );

  r.get(
    "/api/vendor/reports/kitchen",
    {
      config: vendorAuditedRead,
      schema: {
        tags: ["vendor"],
        description: description("The kitchen list of a retreat staff gave this vendor (404 without a grant); audited"),
        querystring: vendorReportQuerySchema,
        response: { 200: kitchenReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await readVendorKitchenList(
        app.db,
        app.fieldCipher,
        currentUser(request).id,
        request.query,
        auditContext(request),
      );
      return sendReport(reply, "kitchen", report, request.query.format, kitchenFiles);
    },
  );
}
