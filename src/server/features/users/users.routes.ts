import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createUserSchema, updateUserSchema, userIdParamsSchema, userSchema } from "../../../shared/schemas/users";
import { currentUser, ownerRoles } from "../../auth/guards";
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

  r.get("/api/admin/users", { config, schema: { tags: ["users"], response: { 200: z.array(userSchema) } } }, async () =>
    listUsers(app.db),
  );

  r.post(
    "/api/admin/users",
    { config, schema: { tags: ["users"], body: createUserSchema, response: { 201: userSchema } } },
    async (request, reply) => reply.status(201).send(await createUser(app.db, request.body, actorOf(request))),
  );

  r.patch(
    "/api/admin/users/:id",
    {
      config,
      schema: { tags: ["users"], params: userIdParamsSchema, body: updateUserSchema, response: { 200: userSchema } },
    },
    async (request) => updateUser(app.db, request.params.id, request.body, actorOf(request)),
  );
}
