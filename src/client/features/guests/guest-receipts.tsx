import { useQuery } from "@tanstack/react-query";
import { FileDown } from "lucide-react";
import { formatDay } from "../../../shared/display/dates";
import { formatAmount } from "../../../shared/finance/money";
import { receiptKindLabels } from "../../../shared/receipt-labels";
import type { GuestReceiptList } from "../../../shared/schemas/receipts";
import { buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { guestReceiptsPath } from "./guests-api";

/** The guest's receipts (and credit notes for refunds), newest first, each a PDF to download. */
export function GuestReceipts() {
  const { data, isError } = useQuery<GuestReceiptList>({ queryKey: [guestReceiptsPath] });
  const items = data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Receipts</CardTitle>
        <CardDescription>A receipt for every payment, also sent to you by email.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {isError ? <p role="alert">We could not load your receipts.</p> : null}
        {data && items.length === 0 ? (
          <p className="text-muted-foreground">Your receipts will appear here after each payment.</p>
        ) : null}
        {items.length > 0 ? (
          <ul aria-label="Your receipts" className="divide-y divide-border rounded-md border border-border">
            {items.map((r) => (
              <li key={r.paymentId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium">
                    {receiptKindLabels[r.kind]} {r.number}
                  </p>
                  <p className="text-muted-foreground">
                    {r.description}: {formatAmount(r.amount, r.currency)}, {formatDay(r.paidAt)}
                  </p>
                </div>
                <a
                  href={r.url}
                  download
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                  aria-label={`Download ${receiptKindLabels[r.kind].toLowerCase()} ${r.number} (PDF)`}
                >
                  <FileDown aria-hidden="true" className="size-4" />
                  PDF
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
