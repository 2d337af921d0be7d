import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  bookedSlotSchema,
  bookingLinkSchema,
  bookingPageSchema,
  bookingTokenParamsSchema,
  bookSlotSchema,
  createBookingLinkSchema,
} from "../../../shared/schemas/interviews";
import { currentUser, staffRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { auditContext } from "../audit/audit.service";
import { bookSlot, createBookingLink, getBookingPage } from "./booking-links.service";
import { interviewSettings } from "./interview-records";

export const bookingApiPath = "/api/interview-booking";

/** Staff send an applicant a booking link; the applicant's page reads and books through the token alone. */
export async function registerInterviewBookingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = interviewSettings(app.config);
  const links = { publicUrl: app.config.publicUrl, cipher: app.fieldCipher };
  const tags = ["interviews"];

  r.post(
    "/api/admin/interviews/booking-links",
    {
      config: { roles: staffRoles },
      schema: {
        tags,
        body: createBookingLinkSchema,
        response: { 201: bookingLinkSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = { ...auditContext(request), userId: currentUser(request).id };
      const { link, emailLogIds } = await createBookingLink(app.db, request.body, actor, links);
      await dispatchEmails(app.queue, emailLogIds, request.log);
      return reply.status(201).send(link);
    },
  );

  r.get(
    `${bookingApiPath}/:token`,
    {
      config: { rateLimit: rateLimits.publicLight },
      schema: {
        tags,
        params: bookingTokenParamsSchema,
        response: { 200: bookingPageSchema, 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return getBookingPage(app.db, request.params.token);
    },
  );

  r.post(
    `${bookingApiPath}/:token`,
    {
      config: { rateLimit: rateLimits.publicForm },
      schema: {
        tags,
        params: bookingTokenParamsSchema,
        body: bookSlotSchema,
        response: {
          201: bookedSlotSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { slot, emailLogIds } = await bookSlot(
        app.db,
        request.params.token,
        request.body.scheduledAt,
        auditContext(request),
        settings,
      );
      await dispatchEmails(app.queue, emailLogIds, request.log);
      reply.header("Cache-Control", "no-store");
      return reply.status(201).send(slot);
    },
  );
}
