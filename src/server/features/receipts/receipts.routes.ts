import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../../shared/schemas/payments";
import {
  guestReceiptFilePattern,
  guestReceiptListSchema,
  guestReceiptParamsSchema,
  receiptNotFoundMessage,
} from "../../../shared/schemas/receipts";
import { currentUser, guestRoles, staffRoles } from "../../auth/guards";
import { AppError, apiErrorSchema } from "../../http/errors";
import { sendPdf } from "../../http/pdf-document";
import { adminReceiptPdf, guestReceiptPdf, listGuestReceipts } from "./receipts.service";

/** The guest's receipts (list and PDFs) and staff's download of a payment's receipt. */
export async function registerReceiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/guest/receipts",
    {
      config: { roles: guestRoles },
      schema: { tags: ["guest", "payments"], response: { 200: guestReceiptListSchema } },
    },
    async (request) => ({ items: await listGuestReceipts(app.db, currentUser(request).id) }),
  );

  r.get(
    "/api/guest/receipts/:file",
    {
      config: { roles: guestRoles },
      schema: {
        tags: ["guest", "payments"],
        description:
          "GET /api/guest/receipts/{paymentId}.pdf: the guest's own receipt or credit note (404 for anyone else's).",
        params: guestReceiptParamsSchema,
        response: { 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const paymentId = guestReceiptFilePattern.exec(request.params.file)?.[1]?.toLowerCase();
      if (!paymentId) throw new AppError("not_found", receiptNotFoundMessage);
      const { pdf, fileName } = await guestReceiptPdf(app.db, currentUser(request).id, paymentId);
      return sendPdf(reply, pdf, fileName);
    },
  );

  r.get(
    "/api/admin/payments/:id/receipt.pdf",
    {
      config: { roles: staffRoles },
      schema: {
        tags: ["admin", "payments"],
        description: "The payment's receipt (or credit note) as a PDF; 404 until the payment is completed.",
        params: idParamsSchema,
        response: { 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await adminReceiptPdf(app.db, request.params.id);
      return sendPdf(reply, pdf, fileName);
    },
  );
}
