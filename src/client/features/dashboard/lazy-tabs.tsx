import { type ComponentType, lazy } from "react";

/**
 * Every dashboard tab but Overview is its own chunk (decision 021): opening the dashboard downloads
 * only the open tab's code. Each loader is remembered, so `preloadTab` (on hover or focus of the
 * tab's button) and the lazy component share one download.
 */
const loaders = {
  applications: () => import("../applications/admin/applications-tab").then((m) => ({ default: m.ApplicationsTab })),
  waitlist: () => import("../email-marketing/waitlist-tab").then((m) => ({ default: m.WaitlistTab })),
  interviews: () => import("../interviews/interviews-tab").then((m) => ({ default: m.InterviewsTab })),
  schedule: () => import("../schedule/schedule-tab").then((m) => ({ default: m.ScheduleTab })),
  tasks: () => import("../tasks/tasks-tab").then((m) => ({ default: m.TasksTab })),
  lists: () => import("../reports/lists-tab").then((m) => ({ default: m.ListsTab })),
  finance: () => import("../finance/finance-tab").then((m) => ({ default: m.FinanceTab })),
  payments: () => import("../payments/payments-tab").then((m) => ({ default: m.PaymentsTab })),
  journey: () => import("../journey/journey-tab").then((m) => ({ default: m.JourneyTab })),
  site: () => import("../site/site-tab").then((m) => ({ default: m.SiteTab })),
  settings: () => import("../settings/settings-tab").then((m) => ({ default: m.SettingsTab })),
} as const;

type LazyTab = keyof typeof loaders;

// biome-ignore lint/suspicious/noExplicitAny: each tab has its own props; the map only memoises promises
const started = new Map<LazyTab, Promise<{ default: ComponentType<any> }>>();

function load<Name extends LazyTab>(name: Name): ReturnType<(typeof loaders)[Name]> {
  let promise = started.get(name);
  if (!promise) {
    promise = loaders[name]();
    // A failed download may be retried (the route's error boundary offers a reload).
    promise.catch(() => started.delete(name));
    started.set(name, promise);
  }
  return promise as ReturnType<(typeof loaders)[Name]>;
}

/** Starts downloading a tab's code (hover or focus of its button); unknown names are ignored. */
export function preloadTab(name: string) {
  if (name in loaders) void load(name as LazyTab).catch(() => undefined);
}

export const ApplicationsTab = lazy(() => load("applications"));
export const WaitlistTab = lazy(() => load("waitlist"));
export const InterviewsTab = lazy(() => load("interviews"));
export const ScheduleTab = lazy(() => load("schedule"));
export const TasksTab = lazy(() => load("tasks"));
export const ListsTab = lazy(() => load("lists"));
export const FinanceTab = lazy(() => load("finance"));
export const PaymentsTab = lazy(() => load("payments"));
export const JourneyTab = lazy(() => load("journey"));
export const SiteTab = lazy(() => load("site"));
export const SettingsTab = lazy(() => load("settings"));

// A reload or a shared link of ?tab=...: start that tab's download with the dashboard's own chunk,
// not after the sign-in check has rendered the tabs (what the server refuses, it still refuses).
if (typeof window !== "undefined") preloadTab(new URLSearchParams(window.location.search).get("tab") ?? "");
