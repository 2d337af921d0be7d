import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  assignmentIdParamsSchema,
  roomAssignmentInputSchema,
  roomAssignmentSchema,
  roomBoardSchema,
  roomIdParamsSchema,
  roomInputSchema,
  roomListQuerySchema,
  roomSchema,
  roomUpdateSchema,
} from "../../../shared/schemas/rooms";
import { staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { assignRoom, createRoom, deleteRoom, getRoomBoard, unassignRoom, updateRoom } from "./rooms.service";

const config = { roles: staffRoles };
const tags = ["admin", "rooms"];
const deletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export async function registerRoomRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/rooms",
    { config, schema: { tags, querystring: roomListQuerySchema, response: { 200: roomBoardSchema } } },
    async (request) => getRoomBoard(app.db, request.query.retreatId),
  );

  r.post(
    "/api/admin/rooms",
    { config, schema: { tags, body: roomInputSchema, response: { 201: roomSchema, 404: apiErrorSchema } } },
    async (request, reply) => reply.status(201).send(await createRoom(app.db, request.body, auditContext(request))),
  );

  r.patch(
    "/api/admin/rooms/:id",
    {
      config,
      schema: {
        tags,
        params: roomIdParamsSchema,
        body: roomUpdateSchema,
        response: { 200: roomSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => updateRoom(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.delete(
    "/api/admin/rooms/:id",
    { config, schema: { tags, params: roomIdParamsSchema, response: { 200: deletedSchema, 404: apiErrorSchema } } },
    async (request) => {
      await deleteRoom(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );

  r.post(
    "/api/admin/room-assignments",
    {
      config,
      schema: {
        tags,
        body: roomAssignmentInputSchema,
        response: { 201: roomAssignmentSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await assignRoom(app.db, request.body, auditContext(request))),
  );

  r.delete(
    "/api/admin/room-assignments/:id",
    {
      config,
      schema: { tags, params: assignmentIdParamsSchema, response: { 200: deletedSchema, 404: apiErrorSchema } },
    },
    async (request) => {
      await unassignRoom(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );
}
