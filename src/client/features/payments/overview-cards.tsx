import { AlertTriangle, CalendarClock, type LucideIcon, PoundSterling, Receipt } from "lucide-react";
import { formatAmount } from "../../../shared/finance/money";
import type { PaymentDto } from "../../../shared/schemas/payments";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDay, formatInstant, methodLabel, paymentTypeLabel } from "./format";
import { usePaymentOverview } from "./payments-api";

function Figure({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  value: string;
  detail: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:size-11">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="truncate text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
    </Card>
  );
}

function PaymentLines({ items, empty, when }: { items: PaymentDto[]; empty: string; when: (p: PaymentDto) => string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {items.map((p) => (
        <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
          <span className="min-w-0 break-words font-medium">{p.applicantName ?? "—"}</span>
          <span className="tabular-nums">
            {formatAmount(p.amount, p.currency)} <span className="text-muted-foreground">· {when(p)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The four figures and the three short lists; refreshed every 30 s. */
export function OverviewCards() {
  const { data, isError } = usePaymentOverview();
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the payment overview.
      </p>
    );
  }
  const loading = "…";
  return (
    <section aria-labelledby="payment-overview-heading" className="grid gap-4">
      <h2 id="payment-overview-heading" className="sr-only">
        Payment overview
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Figure
          label="Outstanding"
          value={data ? formatAmount(data.totalOutstanding, data.currency) : loading}
          detail={data ? `across ${plural(data.totalApplications, "active plan", "active plans")}` : ""}
          icon={PoundSterling}
        />
        <Figure
          label="Due in the next 7 days"
          value={data ? formatAmount(data.upcomingAmount, data.currency) : loading}
          detail={data ? plural(data.upcomingCount, "payment", "payments") : ""}
          icon={CalendarClock}
        />
        <Figure
          label="Overdue"
          value={data ? formatAmount(data.overdueAmount, data.currency) : loading}
          detail={data ? plural(data.overdueCount, "payment", "payments") : ""}
          icon={AlertTriangle}
        />
        <Figure
          label="Received in the last 30 days"
          value={data ? formatAmount(data.recentAmount, data.currency) : loading}
          detail={data ? `latest ${plural(data.recentPayments.length, "payment", "payments")} below` : ""}
          icon={Receipt}
        />
      </div>
      {data ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <Card>
            <CardHeader className="pb-3">
              <CardTitle as="h3">Upcoming</CardTitle>
            </CardHeader>
            <CardContent>
              <PaymentLines
                items={data.upcomingPayments}
                empty="Nothing due in the next 7 days."
                when={(p) => `due ${formatDay(p.dueDate)}`}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3">
              <CardTitle as="h3">Overdue</CardTitle>
            </CardHeader>
            <CardContent>
              <PaymentLines
                items={data.overduePayments}
                empty="Nothing overdue."
                when={(p) => `was due ${formatDay(p.dueDate)}`}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3">
              <CardTitle as="h3">Recent payments</CardTitle>
            </CardHeader>
            <CardContent>
              <PaymentLines
                items={data.recentPayments}
                empty="No payments in the last 30 days."
                when={(p) => `${paymentTypeLabel(p.type)}, ${methodLabel(p.paymentMethod)}, ${formatInstant(p.paidAt)}`}
              />
            </CardContent>
          </Card>
        </div>
      ) : null}
    </section>
  );
}
