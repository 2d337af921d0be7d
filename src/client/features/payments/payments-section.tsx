import { useId, useState } from "react";
import { formatAmount } from "../../../shared/finance/money";
import { type PaymentDto, paymentStatuses } from "../../../shared/schemas/payments";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { CardHead, dataRowClass, ListAndTable } from "../../components/ui/data-table";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { ListPagination } from "../../components/ui/pagination";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { formatDay, formatInstant, londonToday, methodLabel, paymentTypeLabel } from "./format";
import { usePayments } from "./payments-api";
import { displayStatus } from "./plans-section";
import { ReceiptLink } from "./receipt-link";
import { StatusBadge } from "./status-badge";

const MarkCompletedDialog = lazyDialog(() => import("./mark-completed-dialog").then((m) => m.MarkCompletedDialog));

const columns = ["Applicant", "Type", "Amount", "Status", "Due", "Paid", "Method", "Receipt", "Action"];

function MarkButton({ payment, onMark }: { payment: PaymentDto; onMark: (p: PaymentDto) => void }) {
  if (payment.status !== "pending") return null;
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Mark ${paymentTypeLabel(payment.type).toLowerCase()} of ${formatAmount(payment.amount, payment.currency)} from ${
        payment.applicantName ?? "applicant"
      } completed`}
      onClick={() => onMark(payment)}
    >
      Mark completed
    </Button>
  );
}

/** Every payment, newest first, with a status filter; pending ones can be marked completed. */
export function PaymentsSection() {
  const id = useId();
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const [marking, setMarking] = useState<PaymentDto | null>(null);
  const { data, isLoading, isError } = usePayments(status, page);
  const items = data?.items ?? [];
  const today = londonToday();
  const empty = isLoading ? "Loading payments..." : "No payments match.";

  return (
    <SectionCard
      title="Payments"
      description="Scheduled, received and cancelled payments, newest first."
      headerClassName="items-end gap-4"
      contentClassName="grid gap-4"
      dialogs={marking ? <MarkCompletedDialog payment={marking} onClose={() => setMarking(null)} /> : null}
      action={
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            className="w-44"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {paymentStatuses.map((s) => (
              <option key={s} value={s}>
                {s.charAt(0).toUpperCase() + s.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </div>
      }
    >
      <LoadStatus error={isError && "Failed to load payments."} />
      <ListAndTable
        label="Payments"
        caption="Payments, newest first"
        columns={columns}
        items={items}
        status={empty}
        from="lg"
        cardClassName="grid gap-2 rounded-md border border-border p-3"
        card={(p) => (
          <>
            <CardHead
              title={p.applicantName ?? "—"}
              titleClassName="font-medium break-words"
              subtitle={
                <>
                  {paymentTypeLabel(p.type)} ·{" "}
                  <span className="tabular-nums">{formatAmount(p.amount, p.currency)}</span>
                </>
              }
              badge={<StatusBadge status={displayStatus(p, today)} />}
            />
            <p className="text-sm text-muted-foreground">
              {p.status === "completed"
                ? `Paid ${formatInstant(p.paidAt)} · ${methodLabel(p.paymentMethod)}`
                : `Due ${formatDay(p.dueDate)}`}
            </p>
            <ReceiptLink payment={p} withNote />
            {p.status === "pending" ? (
              <div>
                <MarkButton payment={p} onMark={setMarking} />
              </div>
            ) : null}
          </>
        )}
        row={(p) => (
          <tr key={p.id} className={dataRowClass}>
            <th scope="row" className="max-w-[16rem] truncate px-3 py-2 font-medium">
              {p.applicantName ?? "—"}
            </th>
            <td className="px-3 py-2 whitespace-nowrap">{p.description ?? paymentTypeLabel(p.type)}</td>
            <td className="px-3 py-2 tabular-nums whitespace-nowrap">{formatAmount(p.amount, p.currency)}</td>
            <td className="px-3 py-2">
              <StatusBadge status={displayStatus(p, today)} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDay(p.dueDate)}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatInstant(p.paidAt)}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {p.status === "completed" ? methodLabel(p.paymentMethod) : "—"}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{p.receipt ? <ReceiptLink payment={p} /> : "—"}</td>
            <td className="px-3 py-2">
              <MarkButton payment={p} onMark={setMarking} />
            </td>
          </tr>
        )}
      />
      {data ? (
        <ListPagination
          data={{ ...data, itemCount: items.length }}
          noun="payment"
          label="Payments pages"
          onPage={setPage}
        />
      ) : null}
    </SectionCard>
  );
}
