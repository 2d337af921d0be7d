import { formatAmount } from "../../../shared/finance/money";
import type { FinancialSummary } from "../../../shared/schemas/finance";
import { cn } from "../../lib/cn";

type Figure = { label: string; value: string; detail?: string; tone?: "good" | "bad" };

function figures(s: FinancialSummary): Figure[] {
  const c = s.retreat.currency;
  const marginNegative = s.margin.startsWith("-");
  return [
    {
      label: "Budget",
      value: formatAmount(s.totals.budgeted, c),
      detail: s.totals.remaining.startsWith("-")
        ? `${formatAmount(s.totals.remaining.slice(1), c)} over budget`
        : `${formatAmount(s.totals.remaining, c)} left to commit`,
    },
    { label: "Spent", value: formatAmount(s.totals.spent, c), detail: "Approved and paid expenses" },
    { label: "Pending", value: formatAmount(s.totals.pending, c), detail: "Expenses awaiting approval" },
    { label: "Revenue received", value: formatAmount(s.revenue.received, c), detail: "Payments less refunds" },
    { label: "Revenue due", value: formatAmount(s.revenue.due, c), detail: "Outstanding on active plans" },
    {
      label: "Margin",
      value: formatAmount(s.margin, c),
      detail: "Revenue less spent and pending",
      tone: marginNegative ? "bad" : "good",
    },
    {
      label: "Cost per guest",
      value: s.costPerGuest === null ? "–" : formatAmount(s.costPerGuest, c),
      detail: `${s.guests} ${s.guests === 1 ? "guest" : "guests"} with a place`,
    },
    {
      label: "Break-even",
      value: s.breakEvenGuests === null ? "–" : `${s.breakEvenGuests} ${s.breakEvenGuests === 1 ? "guest" : "guests"}`,
      detail: s.soloPrice === null ? "No solo price set" : `At ${formatAmount(s.soloPrice, c)} per person`,
    },
    {
      label: "Animal sanctuary share",
      value: formatAmount(s.sanctuary.amount, c),
      detail: `${s.sanctuary.percent}% of profit`,
    },
  ];
}

/** The headline figures as a description list: each label is read with its value. */
export function SummaryCards({ summary }: { summary: FinancialSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      {figures(summary).map((f) => (
        <div
          key={f.label}
          className="flex min-w-0 flex-col gap-1 rounded-card border border-border bg-card p-4 shadow-sm"
        >
          <dt className="text-sm text-muted-foreground">{f.label}</dt>
          <dd
            className={cn(
              "truncate text-xl font-bold tabular-nums sm:text-2xl",
              f.tone === "bad" && "text-destructive",
              f.tone === "good" && "text-primary",
            )}
            data-testid={`figure-${f.label.toLowerCase().replaceAll(" ", "-")}`}
          >
            {f.value}
          </dd>
          {f.detail ? <dd className="text-xs text-muted-foreground">{f.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
