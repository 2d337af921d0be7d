import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cancelBookingResultSchema,
  cancelBookingSchema,
  idParamsSchema,
  placeOffersQuerySchema,
  placeOffersResponseSchema,
  placeOfferTokenParamsSchema,
  publicPlaceOfferSchema,
  refundQuoteQuerySchema,
  refundQuoteSchema,
  withdrawOfferResponseSchema,
} from "../../../shared/schemas/places";
import { currentUser, staffRoles } from "../../auth/guards";
import type { EmailSecrets } from "../../email/hidden-links";
import { dispatchEmails } from "../../email/outbox";
import { apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { afterStageMove } from "../admissions/admissions.service";
import { auditContext } from "../audit/audit.service";
import { payLinkFor } from "../stripe/index";
import { cancelBooking, refundQuote } from "./cancellation.service";
import { acceptOffer, declineOffer, getPublicOffer, listPlaceOffers, withdrawOffer } from "./place-offers.service";

export const placeOffersApiPath = "/api/place-offers";

const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
} as const;

/** The applicant's offer page (token only) and the staff's offers, capacity and cancellations. */
export async function registerPlaceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = () => ({
    publicUrl: app.config.publicUrl,
    cipher: app.fieldCipher,
    payUrlFor: (applicationId: string, secrets: EmailSecrets) => payLinkFor(app.config, applicationId, secrets),
  });
  const publicTags = ["places"];
  const adminTags = ["places"];

  r.get(
    `${placeOffersApiPath}/:token`,
    {
      config: { rateLimit: rateLimits.publicLight },
      schema: {
        tags: publicTags,
        params: placeOfferTokenParamsSchema,
        response: { 200: publicPlaceOfferSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return getPublicOffer(app.db, request.params.token);
    },
  );

  for (const action of ["accept", "decline"] as const) {
    r.post(
      `${placeOffersApiPath}/:token/${action}`,
      {
        config: { rateLimit: rateLimits.publicForm },
        schema: {
          tags: publicTags,
          params: placeOfferTokenParamsSchema,
          // The answer is in the path; any body (a stray array, form fields) is refused, not ignored.
          body: z.strictObject({}).nullish(),
          response: { 200: publicPlaceOfferSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = auditContext(request);
        const answer = action === "accept" ? acceptOffer : declineOffer;
        const { offer, emailLogIds } = await answer(app.db, request.params.token, actor, settings());
        await afterStageMove(app.queue, request.log, { emailLogIds, moved: action === "accept" });
        reply.header("Cache-Control", "no-store");
        return offer;
      },
    );
  }

  r.get(
    "/api/admin/place-offers",
    {
      config: { roles: staffRoles },
      schema: {
        tags: adminTags,
        querystring: placeOffersQuerySchema,
        response: { 200: placeOffersResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => listPlaceOffers(app.db, request.query.retreatId),
  );

  r.post(
    "/api/admin/place-offers/:id/withdraw",
    {
      config: { roles: staffRoles },
      schema: { tags: adminTags, params: idParamsSchema, response: { 200: withdrawOfferResponseSchema, ...errors } },
    },
    async (request) => {
      const actor = { ...auditContext(request), userId: currentUser(request).id };
      const { offer, offersMade, emailLogIds } = await withdrawOffer(app.db, request.params.id, actor, settings());
      await dispatchEmails(app.queue, emailLogIds, request.log);
      return { offer, offersMade };
    },
  );

  r.get(
    "/api/admin/applications/:id/refund-quote",
    {
      config: { roles: staffRoles },
      schema: {
        tags: adminTags,
        params: idParamsSchema,
        querystring: refundQuoteQuerySchema,
        response: { 200: refundQuoteSchema, ...errors },
      },
    },
    async (request) => refundQuote(app.db, request.params.id, request.query),
  );

  r.post(
    "/api/admin/applications/:id/cancel",
    {
      config: { roles: staffRoles },
      schema: {
        tags: adminTags,
        params: idParamsSchema,
        body: cancelBookingSchema,
        response: { 200: cancelBookingResultSchema, ...errors },
      },
    },
    async (request) => {
      const actor = { ...auditContext(request), userId: currentUser(request).id };
      const { result, emailLogIds } = await cancelBooking(app.db, request.params.id, request.body, actor, settings());
      await afterStageMove(app.queue, request.log, { emailLogIds, moved: true });
      return result;
    },
  );
}
