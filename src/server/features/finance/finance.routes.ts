import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  budgetItemSchema,
  createBudgetSchema,
  createExpenseSchema,
  createVendorPaymentSchema,
  expenseListQuerySchema,
  expenseSchema,
  financeIdParamsSchema,
  financePaths,
  financialSummarySchema,
  rejectExpenseSchema,
  retreatQuerySchema,
  updateBudgetSchema,
  vendorPaymentSchema,
} from "../../../shared/schemas/finance";
import { staffRoles } from "../../auth/guards";
import { apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { createBudgetItem, deleteBudgetItem, listBudgetItems, updateBudgetItem } from "./budgets.service";
import {
  approveExpense,
  createExpense,
  deleteExpense,
  listExpenses,
  markExpensePaid,
  rejectExpense,
} from "./expenses.service";
import { financialSummaryCsv } from "./summary.csv";
import { financialSummary } from "./summary.service";
import {
  approveVendorPayment,
  createVendorPayment,
  listVendorPayments,
  markVendorPaymentPaid,
} from "./vendor-payments.service";

const config = { roles: staffRoles };
const tags = ["admin", "finance"];
const deletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Finance (owner and staff): budgets, expenses, vendor payments and the summary with its CSV. */
export async function registerFinanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { budgets, expenses, vendorPayments, summary, summaryCsv } = financePaths;

  // Budgets -------------------------------------------------------------------------------------

  r.get(
    budgets,
    {
      config,
      schema: { tags, querystring: retreatQuerySchema, response: { 200: z.array(budgetItemSchema), ...errors } },
    },
    async (request) => listBudgetItems(app.db, request.query.retreatId),
  );

  r.post(
    budgets,
    { config, schema: { tags, body: createBudgetSchema, response: { 201: budgetItemSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createBudgetItem(app.db, request.body, auditContext(request))),
  );

  r.patch(
    `${budgets}/:id`,
    {
      config,
      schema: {
        tags,
        params: financeIdParamsSchema,
        body: updateBudgetSchema,
        response: { 200: budgetItemSchema, ...errors },
      },
    },
    async (request) => updateBudgetItem(app.db, request.params.id, request.body, auditContext(request)),
  );

  r.delete(
    `${budgets}/:id`,
    { config, schema: { tags, params: financeIdParamsSchema, response: { 200: deletedSchema, ...errors } } },
    async (request) => {
      await deleteBudgetItem(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );

  // Expenses ------------------------------------------------------------------------------------

  r.get(
    expenses,
    {
      config,
      schema: { tags, querystring: expenseListQuerySchema, response: { 200: z.array(expenseSchema), ...errors } },
    },
    async (request) => listExpenses(app.db, request.query),
  );

  r.post(
    expenses,
    { config, schema: { tags, body: createExpenseSchema, response: { 201: expenseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createExpense(app.db, request.body, auditContext(request))),
  );

  r.put(
    `${expenses}/:id/approve`,
    { config, schema: { tags, params: financeIdParamsSchema, response: { 200: expenseSchema, ...errors } } },
    async (request) => approveExpense(app.db, request.params.id, auditContext(request)),
  );

  r.put(
    `${expenses}/:id/reject`,
    {
      config,
      schema: {
        tags,
        params: financeIdParamsSchema,
        body: rejectExpenseSchema,
        response: { 200: expenseSchema, ...errors },
      },
    },
    async (request) => rejectExpense(app.db, request.params.id, request.body.reason, auditContext(request)),
  );

  r.put(
    `${expenses}/:id/mark-paid`,
    { config, schema: { tags, params: financeIdParamsSchema, response: { 200: expenseSchema, ...errors } } },
    async (request) => markExpensePaid(app.db, request.params.id, auditContext(request)),
  );

  r.delete(
    `${expenses}/:id`,
    { config, schema: { tags, params: financeIdParamsSchema, response: { 200: deletedSchema, ...errors } } },
    async (request) => {
      await deleteExpense(app.db, request.params.id, auditContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );

  // Vendor payments -----------------------------------------------------------------------------

  r.get(
    vendorPayments,
    {
      config,
      schema: { tags, querystring: retreatQuerySchema, response: { 200: z.array(vendorPaymentSchema), ...errors } },
    },
    async (request) => listVendorPayments(app.db, request.query.retreatId),
  );

  r.post(
    vendorPayments,
    { config, schema: { tags, body: createVendorPaymentSchema, response: { 201: vendorPaymentSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createVendorPayment(app.db, request.body, auditContext(request))),
  );

  r.put(
    `${vendorPayments}/:id/approve`,
    { config, schema: { tags, params: financeIdParamsSchema, response: { 200: vendorPaymentSchema, ...errors } } },
    async (request) => approveVendorPayment(app.db, request.params.id, auditContext(request)),
  );

  r.put(
    `${vendorPayments}/:id/mark-paid`,
    { config, schema: { tags, params: financeIdParamsSchema, response: { 200: vendorPaymentSchema, ...errors } } },
    async (request) => markVendorPaymentPaid(app.db, request.params.id, auditContext(request)),
  );

  // Summary -------------------------------------------------------------------------------------

  r.get(
    summary,
    { config, schema: { tags, querystring: retreatQuerySchema, response: { 200: financialSummarySchema, ...errors } } },
    async (request) => financialSummary(app.db, request.query.retreatId),
  );

  r.get(summaryCsv, { config, schema: { tags, querystring: retreatQuerySchema } }, async (request, reply) => {
    const { fileName, csv } = await financialSummaryCsv(app.db, request.query.retreatId);
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${fileName}"`)
      .header("Cache-Control", "no-store")
      .send(csv);
  });
}
