import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  applyTemplatesResultSchema,
  applyTemplatesSchema,
  assigneeSchema,
  createTaskSchema,
  idParamsSchema,
  taskListQuerySchema,
  taskSchema,
  taskStatusChangeSchema,
  taskTemplateCreateSchema,
  taskTemplateInputSchema,
  taskTemplateListQuerySchema,
  taskTemplateSchema,
  updateTaskSchema,
} from "../../../shared/schemas/tasks";
import { staffRoles } from "../../auth/guards";
import { auditContext } from "../audit/audit.service";
import {
  applyTemplates,
  createTemplate,
  deleteTemplate,
  listTemplates,
  updateTemplate,
} from "./task-templates.service";
import { changeTaskStatus, createTask, deleteTask, listAssignees, listTasks, updateTask } from "./tasks.service";

const config = { roles: staffRoles };
const tags = ["tasks"];
const errorSchema = z.object({ message: z.string() });

export async function registerTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = "/api/admin/tasks";
  const templates = "/api/admin/task-templates";

  r.get(
    base,
    {
      config,
      schema: { tags, querystring: taskListQuerySchema, response: { 200: z.array(taskSchema), 404: errorSchema } },
    },
    async (request) => listTasks(app.db, request.query),
  );

  r.get(`${base}/assignees`, { config, schema: { tags, response: { 200: z.array(assigneeSchema) } } }, async () =>
    listAssignees(app.db),
  );

  r.post(
    base,
    { config, schema: { tags, body: createTaskSchema, response: { 201: taskSchema, 409: errorSchema } } },
    async (request, reply) => reply.status(201).send(await createTask(app.db, request.body, auditContext(request))),
  );

  r.patch(
    `${base}/:id`,
    {
      config,
      schema: { tags, params: idParamsSchema, body: updateTaskSchema, response: { 200: taskSchema, 404: errorSchema } },
    },
    async (request) => updateTask(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.post(
    `${base}/:id/status`,
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        body: taskStatusChangeSchema,
        response: { 200: taskSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      changeTaskStatus(app.db, request.params.id, request.body.status, {
        via: request.body.via,
        actor: auditContext(request),
      }),
  );

  r.delete(
    `${base}/:id`,
    { config, schema: { tags, params: idParamsSchema, response: { 204: z.null(), 404: errorSchema } } },
    async (request, reply) => {
      await deleteTask(app.db, request.params.id, auditContext(request));
      return reply.status(204).send(null);
    },
  );

  r.get(
    templates,
    {
      config,
      schema: {
        tags,
        querystring: taskTemplateListQuerySchema,
        response: { 200: z.array(taskTemplateSchema), 404: errorSchema },
      },
    },
    async (request) => listTemplates(app.db, request.query.retreatId),
  );

  r.post(
    templates,
    {
      config,
      schema: { tags, body: taskTemplateCreateSchema, response: { 201: taskTemplateSchema, 404: errorSchema } },
    },
    async (request, reply) => reply.status(201).send(await createTemplate(app.db, request.body, auditContext(request))),
  );

  r.post(
    `${templates}/apply`,
    {
      config,
      schema: { tags, body: applyTemplatesSchema, response: { 200: applyTemplatesResultSchema, 404: errorSchema } },
    },
    async (request) => applyTemplates(app.db, request.body?.retreatId, auditContext(request)),
  );

  r.put(
    `${templates}/:id`,
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        body: taskTemplateInputSchema,
        response: { 200: taskTemplateSchema, 404: errorSchema },
      },
    },
    async (request) => updateTemplate(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.delete(
    `${templates}/:id`,
    { config, schema: { tags, params: idParamsSchema, response: { 204: z.null(), 404: errorSchema } } },
    async (request, reply) => {
      await deleteTemplate(app.db, request.params.id, auditContext(request));
      return reply.status(204).send(null);
    },
  );
}
