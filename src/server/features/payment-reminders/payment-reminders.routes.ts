import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  paymentReminderListQuerySchema,
  paymentReminderListSchema,
  paymentReminderParamsSchema,
  paymentReminderSchema,
} from "../../../shared/schemas/payment-reminders";
import { staffRoles } from "../../auth/guards";
import { dispatchEmails } from "../../email/outbox";
import { AppError, apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { getPaymentReminder, listPaymentReminders } from "./payment-reminders.service";
import { reminderMessages, sendReminder } from "./reminder-email";

/** The Payments tab's reminders: the list, and "send now" for one the send rule allows (reminder-rules.ts). */
export async function registerPaymentReminderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: staffRoles };

  r.get(
    "/api/admin/payment-reminders",
    {
      config,
      schema: {
        tags: ["admin", "payments"],
        querystring: paymentReminderListQuerySchema,
        response: { 200: paymentReminderListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => listPaymentReminders(app.db, request.query),
  );

  r.post(
    "/api/admin/payment-reminders/:id/send",
    {
      config,
      schema: {
        tags: ["admin", "payments"],
        description:
          "Sends a reminder now: exactly those the list marks canSend (409 with the reason for any other: already sent, cancelled, its payment settled or plan closed, overtaken by the due date).",
        params: paymentReminderParamsSchema,
        response: { 200: paymentReminderSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const outcome = await sendReminder(app.db, { ...app.config, cipher: app.fieldCipher }, request.params.id, {
        actor: auditContext(request),
      });
      if (outcome.outcome === "skipped") throw new AppError("conflict", reminderMessages.alreadySent);
      if (outcome.outcome === "failed") {
        // Recorded as failed (and audited); the caller learns why.
        throw new AppError("conflict", `The reminder could not be sent. ${outcome.error}`);
      }
      await dispatchEmails(app.queue, [outcome.emailLogId], request.log);
      const dto = await getPaymentReminder(app.db, request.params.id);
      if (!dto) throw new AppError("not_found", reminderMessages.notFound);
      return dto;
    },
  );
}
