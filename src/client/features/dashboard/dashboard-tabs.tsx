import * as Tabs from "@radix-ui/react-tabs";
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { TabList } from "../../components/ui/tab-list";
import { emailSectionParam } from "../email-marketing/email-section-param";
import { listParam } from "../reports/list-param";
// Each tab is its own chunk, loaded when opened or when its button is hovered or focused (decision 021).
import {
  ApplicationsTab,
  FinanceTab,
  InterviewsTab,
  JourneyTab,
  ListsTab,
  PaymentsTab,
  preloadTab,
  ScheduleTab,
  SettingsTab,
  SiteTab,
  TasksTab,
  WaitlistTab,
} from "./lazy-tabs";
import { OverviewTab } from "./overview-tab";

export const dashboardTabs = [
  { value: "overview", label: "Overview" },
  { value: "applications", label: "Applications" },
  { value: "waitlist", label: "Waitlist" },
  { value: "interviews", label: "Interviews" },
  { value: "schedule", label: "Schedule" },
  { value: "tasks", label: "Tasks" },
  { value: "lists", label: "Lists", roles: ["owner", "staff"] },
  { value: "finance", label: "Finance", roles: ["owner", "staff"] },
  { value: "payments", label: "Payments", roles: ["owner", "staff"] },
  { value: "journey", label: "Journey", roles: ["owner", "staff"] },
  // The public site's words: staff edit them, the owner publishes (issue 18); Settings stays the owner's.
  { value: "site", label: "Site", roles: ["owner", "staff"] },
  { value: "settings", label: "Settings", roles: ["owner"] },
] as const;

export type DashboardTab = (typeof dashboardTabs)[number]["value"];

export function visibleTabs(role: string) {
  return dashboardTabs.filter((tab) => !("roles" in tab) || (tab.roles as readonly string[]).includes(role));
}

/** The open tab lives in ?tab= so a reload or a shared link opens the same tab. */
function tabFromUrl(allowed: readonly { value: string }[]): DashboardTab {
  const wanted = new URLSearchParams(window.location.search).get("tab");
  return (allowed.find((tab) => tab.value === wanted)?.value ?? "overview") as DashboardTab;
}

function writeTabToUrl(tab: DashboardTab) {
  const url = new URL(window.location.href);
  if (tab === "overview") url.searchParams.delete("tab");
  else url.searchParams.set("tab", tab);
  // The Waitlist tab's own section means nothing elsewhere.
  if (tab !== "waitlist") url.searchParams.delete(emailSectionParam);
  if (tab !== "lists") url.searchParams.delete(listParam);
  window.history.replaceState(window.history.state, "", url);
}

/**
 * Scrolls the tab bar sideways (never the page) so the active tab is in full view: on a phone the
 * ten tabs are wider than the screen, and Settings or Payments would otherwise sit off its edge.
 */
export function revealActiveTab(scroller: HTMLElement | null) {
  const active = scroller?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
  if (!scroller || !active) return;
  const left = active.offsetLeft;
  const right = left + active.offsetWidth;
  if (left < scroller.scrollLeft) scroller.scrollLeft = Math.max(0, left - 16);
  else if (right > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = right - scroller.clientWidth + 16;
}

/** Radix names a tab's button `<base>-trigger-<value>`: hovering or focusing it fetches that tab's code. */
function preloadFromEvent(event: Event) {
  const trigger = (event.target as Element | null)?.closest?.('[role="tab"]');
  const value = trigger?.id.split("-trigger-").pop();
  if (value) preloadTab(value);
}

export function DashboardTabs({ role }: { role: string }) {
  const tabs = visibleTabs(role);
  const [tab, setTab] = useState<DashboardTab>(() => tabFromUrl(tabs));
  const scroller = useRef<HTMLDivElement>(null);
  const open = (next: DashboardTab) => {
    setTab(next);
    writeTabToUrl(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open tab changes
  useLayoutEffect(() => revealActiveTab(scroller.current), [tab]);
  useEffect(() => {
    const bar = scroller.current;
    bar?.addEventListener("pointerover", preloadFromEvent);
    bar?.addEventListener("focusin", preloadFromEvent);
    return () => {
      bar?.removeEventListener("pointerover", preloadFromEvent);
      bar?.removeEventListener("focusin", preloadFromEvent);
    };
  }, []);

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => open(value as DashboardTab)}
      className="flex flex-col gap-4 sm:gap-6"
    >
      {/* Phones: the bar stays at the top of the screen while the tab's content scrolls under it. */}
      <div
        ref={scroller}
        data-testid="dashboard-tab-bar"
        className="sticky top-0 z-20 -mx-4 overflow-x-auto bg-background px-4 py-1 sm:relative sm:mx-0 sm:px-0 sm:py-0"
      >
        <TabList label="Dashboard sections" tabs={tabs} className="min-w-full" />
      </div>
      <Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
        {tabs.map((item) => (
          <Tabs.Content key={item.value} value={item.value} className="focus-visible:outline-none">
            {item.value === "overview" ? (
              <OverviewTab onOpen={open} />
            ) : item.value === "applications" ? (
              <ApplicationsTab />
            ) : item.value === "waitlist" ? (
              <WaitlistTab />
            ) : item.value === "interviews" ? (
              <InterviewsTab />
            ) : item.value === "schedule" ? (
              <ScheduleTab />
            ) : item.value === "tasks" ? (
              <TasksTab />
            ) : item.value === "lists" ? (
              <ListsTab />
            ) : item.value === "finance" ? (
              <FinanceTab />
            ) : item.value === "payments" ? (
              <PaymentsTab />
            ) : item.value === "journey" ? (
              <JourneyTab />
            ) : item.value === "site" ? (
              <SiteTab role={role} />
            ) : (
              <SettingsTab />
            )}
          </Tabs.Content>
        ))}
      </Suspense>
    </Tabs.Root>
  );
}
