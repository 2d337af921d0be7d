import { formatAmount } from "../../../shared/finance/money";
import {
  financePaths,
  type PaymentMethod,
  paymentMethodLabels,
  type VendorPaymentDto,
} from "../../../shared/schemas/finance";
import { Button } from "../../components/ui/button";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { ApproveButton, MarkPaidButton, useApproval } from "./approval-actions";
import { useVendorPayments } from "./finance-api";
import { StatusBadge } from "./finance-badges";

function PaymentRow({ payment: p, currency }: { payment: VendorPaymentDto; currency: string }) {
  const name = p.vendorName ?? "Vendor";
  const { approve, markPaid } = useApproval(`${financePaths.vendorPayments}/${p.id}`, "vendor payment");
  const meta = [
    p.paymentMethod ? (paymentMethodLabels[p.paymentMethod as PaymentMethod] ?? p.paymentMethod) : null,
    p.paymentReference,
    p.paymentDate,
    p.expenseDescription ? `for ${p.expenseDescription}` : null,
  ].filter(Boolean);
  return (
    <li
      className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
      aria-label={`${name} ${formatAmount(p.amount, currency)}`}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{name}</span>
          <StatusBadge status={p.status} />
        </p>
        {meta.length ? <p className="text-sm text-muted-foreground">{meta.join(" · ")}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <span className="mr-2 font-semibold tabular-nums">{formatAmount(p.amount, currency)}</span>
        {p.status === "pending" ? <ApproveButton label={`Approve payment to ${name}`} write={approve} /> : null}
        {p.status === "approved" ? <MarkPaidButton label={`Mark payment to ${name} paid`} write={markPaid} /> : null}
      </div>
    </li>
  );
}

/** Payments owed to vendors: approve, then mark paid once the money has gone. */
export function VendorPaymentsSection({
  retreatId,
  currency,
  onAdd,
}: {
  retreatId: string | undefined;
  currency: string;
  onAdd: () => void;
}) {
  const list = useVendorPayments(retreatId);
  const payments = list.data ?? [];
  return (
    <SectionCard
      as="h3"
      title="Vendor payments"
      description="Money owed to vendors, approved before it is paid."
      action={
        <Button variant="outline" onClick={onAdd}>
          Record vendor payment
        </Button>
      }
    >
      <LoadStatus
        loading={list.isLoading && "Loading vendor payments..."}
        error={list.isError && "Failed to load vendor payments."}
        empty={list.isSuccess && payments.length === 0 && "No vendor payments yet."}
      />
      {payments.length > 0 ? (
        <ul aria-label="Vendor payments" className="divide-y divide-border">
          {payments.map((p) => (
            <PaymentRow key={p.id} payment={p} currency={currency} />
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}
