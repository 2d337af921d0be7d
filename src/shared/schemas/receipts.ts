/**
 * Receipts and credit notes (docs/decisions/017-lists-and-receipts.md): every completed payment
 * gets a receipt numbered per retreat (R-2026-0001), every completed refund a credit note
 * (C-2026-0001), each a PDF the guest downloads from the portal and staff from the payment.
 */
import { z } from "zod";
import { receiptKinds } from "../receipt-labels";

export {
  adminReceiptPath,
  guestReceiptFilePattern,
  guestReceiptPath,
  type ReceiptKind,
  receiptKindLabels,
  receiptKinds,
  receiptNumber,
} from "../receipt-labels";

export const guestReceiptParamsSchema = z.object({ file: z.string().max(200) });

export const receiptNotFoundMessage = "Receipt not found.";

/** A receipt as the payment's admin detail and the guest portal list it. */
export const receiptSummarySchema = z.object({
  paymentId: z.uuid(),
  number: z.string(),
  kind: z.enum(receiptKinds),
  amount: z.string(),
  currency: z.string(),
  paidAt: z.string(),
  issuedAt: z.string(),
  /** What it paid for: "Deposit", "Instalment 1 of 2", "Refund on cancellation". */
  description: z.string(),
  /** Where its PDF is downloaded (the guest's path in the portal, staff's in the admin). */
  url: z.string(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

/** GET /api/guest/receipts: the signed-in guest's receipts and credit notes, newest first. */
export const guestReceiptListSchema = z.object({ items: z.array(receiptSummarySchema) });
export type GuestReceiptList = z.infer<typeof guestReceiptListSchema>;

/** The payment's receipt as the Payments tab shows it, with what became of its email. */
export const paymentReceiptSchema = z.object({
  number: z.string(),
  kind: z.enum(receiptKinds),
  issuedAt: z.string(),
  /** Staff's download of the PDF. */
  url: z.string(),
  /** The email's outbox status (queued, sent, logged, failed), or null when none was sent. */
  emailStatus: z.string().nullable(),
  /** Why no email was sent (the payer switched such emails off, or staff switched the message off). */
  emailSkipped: z.string().nullable(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;
