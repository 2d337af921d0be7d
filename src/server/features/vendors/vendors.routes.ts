import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  idParamsSchema,
  taskSchema,
  vendorTaskActions,
  vendorTaskListSchema,
  vendorTaskStatusChangeSchema,
} from "../../../shared/schemas/tasks";
import {
  createVendorSchema,
  updateVendorSchema,
  vendorScheduleSchema,
  vendorSchema,
} from "../../../shared/schemas/vendors";
import { currentUser, staffRoles, vendorRoles } from "../../auth/guards";
import { auditContext } from "../audit/audit.service";
import { changeTaskStatus, listOwnTasks } from "../tasks/tasks.service";
import { registerVendorBookingRoutes } from "./vendor-bookings.routes";
import { createVendor, deleteVendor, listVendors, updateVendor, vendorSchedule } from "./vendors.service";

const errorSchema = z.object({ message: z.string() });

/** The vendor portal's calls (role vendor) and the admin's vendor records (owner and staff). */
export async function registerVendorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vendorConfig = { roles: vendorRoles };
  const staffConfig = { roles: staffRoles };

  r.get(
    "/api/vendor/tasks",
    { config: vendorConfig, schema: { tags: ["vendor"], response: { 200: vendorTaskListSchema } } },
    async (request) => listOwnTasks(app.db, currentUser(request).id),
  );

  r.post(
    "/api/vendor/tasks/:id/status",
    {
      config: vendorConfig,
      schema: {
        tags: ["vendor"],
        params: idParamsSchema,
        body: vendorTaskStatusChangeSchema,
        response: { 200: taskSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      changeTaskStatus(app.db, request.params.id, request.body.status, {
        via: "button",
        allowed: vendorTaskActions,
        onlyAssignee: currentUser(request).id,
        actor: auditContext(request),
      }),
  );

  r.get(
    "/api/vendor/schedule",
    { config: vendorConfig, schema: { tags: ["vendor"], response: { 200: vendorScheduleSchema } } },
    async (request) => vendorSchedule(app.db, currentUser(request).id),
  );

  r.get(
    "/api/admin/vendors",
    { config: staffConfig, schema: { tags: ["vendors"], response: { 200: z.array(vendorSchema) } } },
    async () => listVendors(app.db),
  );

  r.post(
    "/api/admin/vendors",
    {
      config: staffConfig,
      schema: { tags: ["vendors"], body: createVendorSchema, response: { 201: vendorSchema, 409: errorSchema } },
    },
    async (request, reply) => reply.status(201).send(await createVendor(app.db, request.body, auditContext(request))),
  );

  r.patch(
    "/api/admin/vendors/:id",
    {
      config: staffConfig,
      schema: {
        tags: ["vendors"],
        params: idParamsSchema,
        body: updateVendorSchema,
        response: { 200: vendorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => updateVendor(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.delete(
    "/api/admin/vendors/:id",
    {
      config: staffConfig,
      schema: {
        tags: ["vendors"],
        params: idParamsSchema,
        response: { 200: z.object({ id: z.uuid(), deleted: z.literal(true) }), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await deleteVendor(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );

  await registerVendorBookingRoutes(app);
}
