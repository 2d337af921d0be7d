import { ClipboardList, type LucideIcon, MapPin, PoundSterling, Users } from "lucide-react";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import { Card } from "../../components/ui/card";
import { formatMoney } from "./format-money";

const count = new Intl.NumberFormat("en-GB");

function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:size-11">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="truncate text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
      </div>
    </Card>
  );
}

/** Total Applications and Pending Tasks; owner and staff also see Revenue and Retreats (spec section 6). */
export function StatCards({ data, showFinance }: { data: Dashboard | undefined; showFinance: boolean }) {
  const show = (value: number | undefined) => (value === undefined ? "…" : count.format(value));
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label="Total Applications" value={show(data?.totalApplications)} icon={Users} />
      <StatCard label="Pending Tasks" value={show(data?.pendingTasks)} icon={ClipboardList} />
      {showFinance ? (
        <>
          <StatCard label="Revenue" value={data ? formatMoney(data.totalRevenue) : "…"} icon={PoundSterling} />
          <StatCard label="Retreats" value={show(data?.retreats)} icon={MapPin} />
        </>
      ) : null}
    </div>
  );
}
