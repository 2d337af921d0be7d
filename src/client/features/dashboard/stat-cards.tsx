import { ClipboardList, type LucideIcon, MapPin, PoundSterling, Users } from "lucide-react";
import { formatAmount } from "../../../shared/finance/money";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import { Card } from "../../components/ui/card";

const count = new Intl.NumberFormat("en-GB");

function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    // Phones: one line per figure (label left, value right), two per row; wider: icon, label, value.
    <Card className="flex items-center gap-4 px-3 py-2 sm:p-5">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 items-baseline justify-between gap-2 sm:block">
        <p className="truncate text-xs text-muted-foreground sm:text-sm">{label}</p>
        {/* The figure is never cut short; a long label gives way instead. */}
        <p className="shrink-0 whitespace-nowrap text-base font-bold tabular-nums sm:text-2xl">{value}</p>
      </div>
    </Card>
  );
}

/** Total Applications and Pending Tasks; owner and staff also see Revenue and Retreats (spec section 6). */
export function StatCards({ data, showFinance }: { data: Dashboard | undefined; showFinance: boolean }) {
  const show = (value: number | undefined) => (value === undefined ? "…" : count.format(value));
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4">
      <StatCard label="Total Applications" value={show(data?.totalApplications)} icon={Users} />
      <StatCard label="Pending Tasks" value={show(data?.pendingTasks)} icon={ClipboardList} />
      {showFinance ? (
        <>
          <StatCard label="Revenue" value={data ? formatAmount(data.totalRevenue) : "…"} icon={PoundSterling} />
          <StatCard label="Retreats" value={show(data?.retreats)} icon={MapPin} />
        </>
      ) : null}
    </div>
  );
}
