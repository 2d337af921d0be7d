import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calendarFileParamsSchema,
  calendarFilePattern,
  calendarUrlSchema,
  guestCandidateSchema,
  guestListQuerySchema,
  guestMeSchema,
  guestScheduleParamsSchema,
  guestScheduleSchema,
  inviteGuestResponseSchema,
  inviteGuestSchema,
} from "../../../shared/schemas/guests";
import { currentUser, guestRoles, staffRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { AppError, apiErrorSchema } from "../../http/errors";
import { rateLimits } from "../../http/rate-limit";
import { auditContext } from "../audit/audit.service";
import {
  buildCalendarFeed,
  getCalendarUrl,
  getGuestMe,
  getGuestSchedule,
  inviteGuest,
  listGuestCandidates,
  rotateCalendarUrl,
} from "./guests.service";

const guest = { roles: guestRoles };
const staff = { roles: staffRoles };

/** Guest accounts (admin), the guest portal's calls, and the public calendar feed. */
export async function registerGuestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/guests",
    {
      config: staff,
      schema: {
        tags: ["admin", "guests"],
        querystring: guestListQuerySchema,
        response: { 200: z.array(guestCandidateSchema) },
      },
    },
    async (request) => listGuestCandidates(app.db, request.query.retreatId),
  );

  r.post(
    "/api/admin/guests",
    {
      config: staff,
      schema: {
        tags: ["admin", "guests"],
        body: inviteGuestSchema,
        response: {
          200: inviteGuestResponseSchema,
          201: inviteGuestResponseSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { emailLogIds, ...result } = await inviteGuest(app.db, request.body.applicationId, auditContext(request), {
        publicUrl: app.config.publicUrl,
        cipher: app.fieldCipher,
      });
      await dispatchEmails(app.queue, emailLogIds, request.log);
      return reply.status(result.linked ? 200 : 201).send(result);
    },
  );

  r.get(
    "/api/guest/me",
    { config: guest, schema: { tags: ["guest"], response: { 200: guestMeSchema, 404: apiErrorSchema } } },
    async (request) => getGuestMe(app.db, currentUser(request).id),
  );

  r.get(
    "/api/guest/schedule/:retreatId",
    {
      config: guest,
      schema: {
        tags: ["guest"],
        params: guestScheduleParamsSchema,
        response: { 200: guestScheduleSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getGuestSchedule(app.db, currentUser(request).id, request.params.retreatId),
  );

  r.get(
    "/api/guest/calendar-url",
    // Creates the feed's secret on first read.
    {
      config: { ...guest, changesState: true },
      schema: { tags: ["guest"], response: { 200: calendarUrlSchema, 404: apiErrorSchema } },
    },
    async (request) => getCalendarUrl(app.db, currentUser(request).id, app.config.publicUrl),
  );

  r.post(
    "/api/guest/calendar-url/rotate",
    {
      config: guest,
      schema: {
        tags: ["guest"],
        body: z.strictObject({}).nullish(),
        response: { 200: calendarUrlSchema, 404: apiErrorSchema },
      },
    },
    async (request) => rotateCalendarUrl(app.db, currentUser(request).id, app.config.publicUrl),
  );

  // Calendar apps fetch this without cookies: the secret token in the path is the only key.
  r.get(
    "/api/calendar/:file",
    {
      config: { rateLimit: rateLimits.publicLight },
      schema: { tags: ["public"], params: calendarFileParamsSchema },
    },
    async (request, reply) => {
      const token = calendarFilePattern.exec(request.params.file)?.[1];
      const feed = token ? await buildCalendarFeed(app.db, token, app.config.publicUrl) : null;
      if (!feed) throw new AppError("not_found", "Calendar not found.");
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Cache-Control", "private, max-age=300")
        .header("Content-Disposition", 'inline; filename="retreat-schedule.ics"')
        .send(feed);
    },
  );
}
