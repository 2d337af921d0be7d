import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminBookingTypeSchema,
  bookingTypeListQuerySchema,
  createBookingTypeSchema,
  idParamsSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  paymentOverviewSchema,
  paymentPlanListQuerySchema,
  paymentPlanSchema,
  paymentSchema,
  paymentStatusUpdateSchema,
  recordPaymentSchema,
  updateBookingTypeSchema,
} from "../../../shared/schemas/payments";
import { seasonQuerySchema } from "../../../shared/schemas/seasons";
import { staffRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { createBookingType, listBookingTypes, updateBookingType } from "./booking-types.service";
import { getPayment, getPlan, listPayments, listPlans, paymentOverview } from "./payments.read";
import { completePlan, markPaymentCompleted, recordManualPayment } from "./payments.service";
import { requestReminderSweep } from "./reminder-sweep.jobs";

const config = { roles: staffRoles };
const tags = ["admin", "payments"];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The Payments tab (owner and staff): overview, plans, payments and booking types. */
export async function registerPaymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/payment-overview",
    {
      config,
      schema: { tags, querystring: seasonQuerySchema, response: { 200: paymentOverviewSchema, ...errors } },
    },
    async (request) => paymentOverview(app.db, { retreatId: request.query.retreatId }),
  );

  r.get(
    "/api/admin/payment-plans",
    {
      config,
      schema: {
        tags,
        querystring: paymentPlanListQuerySchema,
        response: { 200: z.array(paymentPlanSchema), ...errors },
      },
    },
    async (request) => listPlans(app.db, request.query),
  );

  r.post(
    "/api/admin/payment-plans/:id/complete",
    { config, schema: { tags, params: idParamsSchema, response: { 200: paymentPlanSchema, ...errors } } },
    async (request) => {
      await completePlan(app.db, request.params.id, auditContext(request));
      await requestReminderSweep(app.queue, request.log);
      return getPlan(app.db, request.params.id);
    },
  );

  r.get(
    "/api/admin/payments",
    {
      config,
      schema: { tags, querystring: paymentListQuerySchema, response: { 200: paymentListResponseSchema, ...errors } },
    },
    async (request) => listPayments(app.db, request.query),
  );

  r.post(
    "/api/admin/payments",
    { config, schema: { tags, body: recordPaymentSchema, response: { 201: paymentSchema, ...errors } } },
    async (request, reply) => {
      const { paymentId, emailLogIds } = await recordManualPayment(app.db, request.body, auditContext(request));
      await dispatchEmails(app.queue, emailLogIds, request.log);
      await requestReminderSweep(app.queue, request.log);
      return reply.status(201).send(await getPayment(app.db, paymentId));
    },
  );

  r.put(
    "/api/admin/payments/:id/status",
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        body: paymentStatusUpdateSchema,
        response: { 200: paymentSchema, ...errors },
      },
    },
    async (request) => {
      const { emailLogIds } = await markPaymentCompleted(
        app.db,
        request.params.id,
        request.body.paymentMethod,
        auditContext(request),
      );
      await dispatchEmails(app.queue, emailLogIds, request.log);
      await requestReminderSweep(app.queue, request.log);
      return getPayment(app.db, request.params.id);
    },
  );

  r.get(
    "/api/admin/booking-types",
    {
      config,
      schema: {
        tags,
        querystring: bookingTypeListQuerySchema,
        response: { 200: z.array(adminBookingTypeSchema), ...errors },
      },
    },
    async (request) => listBookingTypes(app.db, request.query.retreatId),
  );

  r.post(
    "/api/admin/booking-types",
    { config, schema: { tags, body: createBookingTypeSchema, response: { 201: adminBookingTypeSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createBookingType(app.db, request.body, auditContext(request))),
  );

  r.patch(
    "/api/admin/booking-types/:id",
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateBookingTypeSchema,
        response: { 200: adminBookingTypeSchema, ...errors },
      },
    },
    async (request) => updateBookingType(app.db, request.params.id, request.body, auditContext(request)),
  );
}
