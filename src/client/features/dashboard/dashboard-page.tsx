import { PageLoading } from "../../components/page-loading";
import type { AuthUser } from "../../lib/use-auth";
import { AdminHeader } from "../admin-shell/admin-header";
import { SeasonSwitcher } from "../admin-shell/season-switcher";
import { useRequireRole } from "../admin-shell/use-require-role";
import { useDashboard } from "./dashboard-api";
import { DashboardTabs } from "./dashboard-tabs";
import { PipelineCard } from "./pipeline-card";
import { StatCards } from "./stat-cards";

/** /admin/dashboard: owner and staff (others are redirected by useRequireRole; the server refuses them too). */
export default function DashboardPage() {
  const { user, status } = useRequireRole(["owner", "staff"]);
  if (status !== "allowed" || !user) return <PageLoading />;
  return <Dashboard user={user} />;
}

/** The page once the role is known: the season's figures, then the tabs, all following the season switcher. */
function Dashboard({ user }: { user: AuthUser }) {
  const dashboard = useDashboard();
  const showFinance = user.role === "owner" || user.role === "staff";

  return (
    <div className="min-h-screen">
      <AdminHeader user={user}>
        <SeasonSwitcher />
      </AdminHeader>
      {/* Phones: compact figures and pipeline, so the tabs and the open tab start within the first screen. */}
      <main className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:gap-6 sm:px-6 sm:py-8">
        {dashboard.isError ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            The dashboard figures could not be loaded. Please reload the page.
          </p>
        ) : null}
        <StatCards data={dashboard.data} showFinance={showFinance} />
        <PipelineCard data={dashboard.data} />
        <DashboardTabs role={user.role} />
      </main>
    </div>
  );
}
