import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createdUserSchema,
  createUserSchema,
  setPasswordLinkSentSchema,
  updateUserSchema,
  userIdParamsSchema,
  userSchema,
} from "../../../shared/schemas/users";
import { currentUser, ownerRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { deliversEmail } from "../../email/transport";
import { apiErrorSchema } from "../../http/errors";
import { sendSetPasswordLink } from "./set-password-links.service";
import { type Actor, createUser, listUsers, updateUser } from "./users.service";

function actorOf(request: FastifyRequest): Actor {
  return {
    userId: currentUser(request).id,
    sessionId: request.sessionId,
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
  };
}

export async function registerUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: ownerRoles };
  const links = { publicUrl: app.config.publicUrl, cipher: app.fieldCipher };

  /**
   * Without SMTP nobody receives the email, so the owner who issued the link gets it in this
   * reply, once (no-store: see http/no-store.ts); the outbox row never holds it.
   */
  const revealed = (url: string | null) => (url && !deliversEmail(app.config) ? { setPasswordUrl: url } : {});

  r.get("/api/admin/users", { config, schema: { tags: ["users"], response: { 200: z.array(userSchema) } } }, async () =>
    listUsers(app.db),
  );

  r.post(
    "/api/admin/users",
    { config, schema: { tags: ["users"], body: createUserSchema, response: { 201: createdUserSchema } } },
    async (request, reply) => {
      const { user, emailLogIds, setPasswordUrl } = await createUser(app.db, request.body, actorOf(request), links);
      await dispatchEmails(app.queue, emailLogIds, request.log);
      return reply.status(201).send({ ...user, ...revealed(setPasswordUrl) });
    },
  );

  r.patch(
    "/api/admin/users/:id",
    {
      config,
      schema: { tags: ["users"], params: userIdParamsSchema, body: updateUserSchema, response: { 200: userSchema } },
    },
    async (request) => updateUser(app.db, request.params.id, request.body, actorOf(request)),
  );

  r.post(
    "/api/admin/users/:id/set-password-link",
    {
      config,
      schema: {
        tags: ["users"],
        params: userIdParamsSchema,
        // Nothing to send (Fastify then gives null); an empty JSON object is accepted too.
        body: z.strictObject({}).nullish(),
        response: { 200: setPasswordLinkSentSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const sent = await sendSetPasswordLink(app.db, request.params.id, actorOf(request), links);
      await dispatchEmails(app.queue, sent.emailLogIds, request.log);
      return {
        success: true as const,
        email: sent.email,
        expiresAt: sent.expiresAt.toISOString(),
        ...revealed(sent.url),
      };
    },
  );
}
