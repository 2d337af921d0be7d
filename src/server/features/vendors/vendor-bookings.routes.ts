import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminVendorBookingSchema,
  createVendorBookingSchema,
  updateVendorBookingSchema,
  vendorBookingIdParamsSchema,
  vendorBookingListQuerySchema,
} from "../../../shared/schemas/vendors";
import { staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import {
  createVendorBooking,
  deleteVendorBooking,
  listVendorBookings,
  updateVendorBooking,
} from "./vendor-bookings.service";

const config = { roles: staffRoles };
const tags = ["admin", "vendors"];
const path = "/api/admin/vendor-bookings";
const deletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

/** Owner and staff book vendors onto retreat sessions; the vendor portal reads them back. */
export async function registerVendorBookingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    path,
    {
      config,
      schema: {
        tags,
        querystring: vendorBookingListQuerySchema,
        response: { 200: z.array(adminVendorBookingSchema), 404: apiErrorSchema },
      },
    },
    async (request) => listVendorBookings(app.db, request.query.retreatId),
  );

  r.post(
    path,
    {
      config,
      schema: {
        tags,
        body: createVendorBookingSchema,
        response: { 201: adminVendorBookingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createVendorBooking(app.db, request.body, auditContext(request))),
  );

  r.patch(
    `${path}/:id`,
    {
      config,
      schema: {
        tags,
        params: vendorBookingIdParamsSchema,
        body: updateVendorBookingSchema,
        response: { 200: adminVendorBookingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => updateVendorBooking(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.delete(
    `${path}/:id`,
    {
      config,
      schema: { tags, params: vendorBookingIdParamsSchema, response: { 200: deletedSchema, 404: apiErrorSchema } },
    },
    async (request) => {
      await deleteVendorBooking(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
