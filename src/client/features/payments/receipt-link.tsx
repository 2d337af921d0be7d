import { FileText } from "lucide-react";
import type { PaymentDto } from "../../../shared/schemas/payments";
import { type PaymentReceipt, receiptKindLabels } from "../../../shared/schemas/receipts";

/** What became of the receipt's email, in a few words. */
export function receiptEmailNote(receipt: PaymentReceipt): string {
  if (receipt.emailSkipped) return `Not emailed: ${receipt.emailSkipped}`;
  switch (receipt.emailStatus) {
    case "sent":
      return "Emailed to the payer";
    case "queued":
    case "sending":
      return "Email on its way";
    case "logged":
      return "Email recorded in the outbox (no mail server set up)";
    case "failed":
      return "Email failed: see the outbox";
    default:
      return "";
  }
}

/** A completed payment's receipt (or credit note): its number, a PDF download, and its email. */
export function ReceiptLink({ payment, withNote = false }: { payment: PaymentDto; withNote?: boolean }) {
  const receipt = payment.receipt;
  if (!receipt) return null;
  const label = receiptKindLabels[receipt.kind];
  const note = receiptEmailNote(receipt);
  return (
    <span className="inline-grid gap-0.5">
      <a
        href={receipt.url}
        download
        className="inline-flex items-center gap-1 text-primary underline underline-offset-2"
        aria-label={`Download ${label.toLowerCase()} ${receipt.number} (PDF)`}
        title={note || undefined}
      >
        <FileText aria-hidden="true" className="size-4" />
        {receipt.number}
      </a>
      {withNote && note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
    </span>
  );
}
