// Receipts' kinds, labels, numbers and paths, kept apart from the zod schemas (receipts.ts re-exports
// them): the guest portal lists receipts without the validation library (decision 021).

export const receiptKinds = ["receipt", "credit_note"] as const;
export type ReceiptKind = (typeof receiptKinds)[number];

export const receiptKindLabels: Record<ReceiptKind, string> = { receipt: "Receipt", credit_note: "Credit note" };

/** "R-2026-0001": the kind's letter, the season's year, the number in the retreat's sequence. */
export function receiptNumber(kind: ReceiptKind, year: number, sequence: number): string {
  return `${kind === "receipt" ? "R" : "C"}-${year}-${String(sequence).padStart(4, "0")}`;
}

/** Where the PDFs are downloaded: the guest's own, and staff's from the payment. */
export const guestReceiptPath = (paymentId: string) => `/api/guest/receipts/${paymentId}.pdf`;
export const adminReceiptPath = (paymentId: string) => `/api/admin/payments/${paymentId}/receipt.pdf`;

/** The guest route's last segment: a payment id and ".pdf" (anything else is a 404, not a 400). */
export const guestReceiptFilePattern = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;
