import { displayName } from "../../../shared/display/people";
import { formatInstant } from "../../../shared/display/time";
import { formatAmount } from "../../../shared/finance/money";
import { paymentMethodLabel } from "../../../shared/schemas/payments";
import { receiptKindLabels } from "../../../shared/schemas/receipts";
import type { Application, Receipt } from "../../db/schema";
import { renderPdf } from "../../http/pdf-document";

export type ReceiptDocument = {
  receipt: Pick<
    Receipt,
    | "kind"
    | "number"
    | "amount"
    | "currency"
    | "paymentMethod"
    | "paidAt"
    | "items"
    | "paidToDate"
    | "planTotal"
    | "remainingBalance"
    | "issuedAt"
  >;
  payer: Pick<Application, "firstName" | "lastName" | "email">;
  retreatName: string;
};

/** "receipt-R-2026-0001.pdf", "credit-note-C-2026-0001.pdf". */
export function receiptFileName(receipt: Pick<Receipt, "kind" | "number">): string {
  return `${receipt.kind === "credit_note" ? "credit-note" : "receipt"}-${receipt.number}.pdf`;
}

/**
 * The receipt or credit note as a one-page PDF: its number, the retreat, the payer, the amount and
 * method, what it paid for, and where the plan stands after it. Dates are on the books' clock.
 */
export function renderReceiptPdf({ receipt, payer, retreatName }: ReceiptDocument): Promise<Buffer> {
  const money = (amount: string) => formatAmount(amount, receipt.currency);
  const refund = receipt.kind === "credit_note";
  const title = `${receiptKindLabels[receipt.kind as keyof typeof receiptKindLabels] ?? "Receipt"} ${receipt.number}`;
  return renderPdf(
    { title, subtitle: retreatName, dated: `Issued ${formatInstant(receipt.issuedAt.toISOString())}` },
    (pdf) => {
      const name = displayName(payer);
      pdf.facts([
        [refund ? "Refunded to" : "Received from", name === payer.email ? name : `${name} (${payer.email})`],
        [refund ? "Amount refunded" : "Amount paid", money(receipt.amount)],
        ["Method", paymentMethodLabel(receipt.paymentMethod)],
        [refund ? "Refunded on" : "Paid on", formatInstant(receipt.paidAt.toISOString())],
      ]);
      pdf.heading(refund ? "What it refunds" : "What it paid");
      pdf.table(
        [
          { header: "Item", width: 0.7 },
          { header: "Amount", width: 0.3, align: "right" },
        ],
        receipt.items.map((item) => [item.label, money(item.amount)]),
      );
      const standing: [string, string][] = [["Paid to date", money(receipt.paidToDate)]];
      if (receipt.planTotal !== null) standing.unshift(["Total price", money(receipt.planTotal)]);
      if (receipt.remainingBalance !== null) standing.push(["Remaining balance", money(receipt.remainingBalance)]);
      pdf.facts(standing);
      pdf.paragraph(
        refund
          ? "This credit note records money returned to you. Keep it with your receipts."
          : "Thank you for your payment. Keep this receipt for your records.",
        { muted: true },
      );
    },
  );
}
