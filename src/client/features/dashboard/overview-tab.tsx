import { useQuery } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { CalendarDays, ClipboardCheck, Download, Mail, Users } from "lucide-react";
import type { MouseEvent } from "react";
import { activityPath } from "../../../shared/admin-constants";
import type { ActivityFeed } from "../../../shared/schemas/dashboard";
import { Button, buttonVariants } from "../../components/ui/button";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { seasonUrl, useSeason } from "../admin-shell/use-season";
import { applicationsPath } from "../applications/applications-api";
import { type DashboardTab, dashboardTabs } from "./dashboard-tabs";

/**
 * A link inside the dashboard opens its tab in place (the URL keeps the record, e.g.
 * ?tab=applications&application=<id>, for reloads and sharing); other clicks (new tab) go to the URL.
 */
function openInPlace(event: MouseEvent<HTMLAnchorElement>, href: string, onOpen: (tab: DashboardTab) => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(href, window.location.href);
  const tab = url.searchParams.get("tab") ?? "";
  // Read at call time: dashboard-tabs imports this module, so its list is not ready at load.
  if (url.pathname !== window.location.pathname || !dashboardTabs.some((t) => t.value === tab)) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, "", url);
  onOpen(tab as DashboardTab);
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatDistanceToNow(date, { addSuffix: true });
}

/** The audit trail as sentences, newest first, each linked to its record (spec: recent-activity feed). */
function RecentActivity({ onOpen }: { onOpen: (tab: DashboardTab) => void }) {
  const feed = useQuery<ActivityFeed>({ queryKey: [activityPath] });
  const items = feed.data?.items ?? [];
  return (
    <SectionCard title="Recent activity" description="Applications, interviews, payments, tasks and the schedule.">
      <LoadStatus
        className=""
        loading={feed.isPending && "Loading recent activity..."}
        error={feed.isError && "Recent activity could not be loaded."}
        empty={feed.isSuccess && items.length === 0 && "Recent activity will appear here."}
      />
      {items.length > 0 ? (
        <ul aria-label="Recent activity" className="grid gap-3">
          {items.map((item) => (
            <li key={item.id} className="grid gap-0.5 text-sm">
              {item.href ? (
                <a
                  href={item.href}
                  onClick={(event) => openInPlace(event, item.href!, onOpen)}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {item.text}
                </a>
              ) : (
                <span className="font-medium">{item.text}</span>
              )}
              <time dateTime={item.at} className="text-xs text-muted-foreground">
                {when(item.at)}
              </time>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}

/** Quick actions and the recent-activity feed (spec section 2). */
export function OverviewTab({ onOpen }: { onOpen: (tab: DashboardTab) => void }) {
  const { retreatId } = useSeason();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard
        title="Quick actions"
        description="Jump to the work that needs doing."
        contentClassName="grid gap-3 sm:grid-cols-2"
      >
        <Button variant="outline" onClick={() => onOpen("applications")}>
          <Users aria-hidden="true" className="size-4" />
          Review applications
        </Button>
        <a
          href={seasonUrl(`${applicationsPath}/export`, retreatId)}
          download
          className={buttonVariants({ variant: "outline" })}
        >
          <Download aria-hidden="true" className="size-4" />
          Export applications
        </a>
        <Button variant="outline" onClick={() => onOpen("interviews")}>
          <CalendarDays aria-hidden="true" className="size-4" />
          Interviews
        </Button>
        <Button variant="outline" onClick={() => onOpen("waitlist")}>
          <Mail aria-hidden="true" className="size-4" />
          Email waitlist
        </Button>
        <Button variant="outline" onClick={() => onOpen("tasks")} className="sm:col-span-2">
          <ClipboardCheck aria-hidden="true" className="size-4" />
          Tasks
        </Button>
      </SectionCard>
      <RecentActivity onOpen={onOpen} />
    </div>
  );
}
