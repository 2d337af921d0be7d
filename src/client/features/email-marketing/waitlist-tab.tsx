import * as Tabs from "@radix-ui/react-tabs";
import { lazy, Suspense, type SyntheticEvent, useEffect, useId, useState } from "react";
import { TabList } from "../../components/ui/tab-list";
import { whenIdle } from "../../lib/when-idle";
import { emailSectionParam } from "./email-section-param";
import { SubscribersPanel } from "./subscribers/subscribers-panel";

/**
 * Subscribers, the section the tab opens on, comes with the tab; the other three are chunks of
 * their own (decision 024), fetched when their button is hovered, focused or chosen, or at once
 * when a link names them.
 */
const sectionLoaders = {
  campaigns: () => import("./campaigns/campaigns-panel").then((m) => ({ default: m.CampaignsPanel })),
  templates: () => import("./templates/templates-panel").then((m) => ({ default: m.TemplatesPanel })),
  outbox: () => import("./outbox/outbox-panel").then((m) => ({ default: m.OutboxPanel })),
};
type LazySection = keyof typeof sectionLoaders;
const started = new Map<LazySection, ReturnType<(typeof sectionLoaders)[LazySection]>>();
function loadSection(name: LazySection) {
  let promise = started.get(name);
  if (!promise) {
    promise = sectionLoaders[name]();
    promise.catch(() => started.delete(name));
    started.set(name, promise);
  }
  return promise;
}
function preloadSection(name: string) {
  if (name in sectionLoaders) void loadSection(name as LazySection).catch(() => undefined);
}
/** Hover or focus of a section's button (Radix names it `<base>-trigger-<value>`). */
function preloadFromEvent(event: SyntheticEvent) {
  const id = (event.target as Element).closest?.('[role="tab"]')?.id ?? "";
  preloadSection(id.slice(id.lastIndexOf("-trigger-") + "-trigger-".length));
}
const CampaignsPanel = lazy(() => loadSection("campaigns"));
const TemplatesPanel = lazy(() => loadSection("templates"));
const OutboxPanel = lazy(() => loadSection("outbox"));

export const emailSections = [
  { value: "subscribers", label: "Subscribers" },
  { value: "campaigns", label: "Campaigns" },
  { value: "templates", label: "Templates" },
  { value: "outbox", label: "Outbox" },
] as const;

export type EmailSection = (typeof emailSections)[number]["value"];

export { emailSectionParam };

function sectionFromUrl(): EmailSection {
  const wanted = new URLSearchParams(window.location.search).get(emailSectionParam);
  return emailSections.find((section) => section.value === wanted)?.value ?? "subscribers";
}

// A link or reload naming a section: fetch it with the tab's own code, not after the tab has rendered.
if (typeof window !== "undefined") preloadSection(sectionFromUrl());

function writeSectionToUrl(section: EmailSection) {
  const url = new URL(window.location.href);
  if (section === "subscribers") url.searchParams.delete(emailSectionParam);
  else url.searchParams.set(emailSectionParam, section);
  window.history.replaceState(window.history.state, "", url);
}

/** The dashboard's Waitlist tab: email marketing, in four sections kept in ?email= for reloads and links. */
export function WaitlistTab() {
  const id = useId();
  const [section, setSection] = useState<EmailSection>(sectionFromUrl);
  // The other sections once the open one is on screen and the browser is idle: switching is then instant.
  useEffect(
    () =>
      whenIdle(() => {
        for (const name of Object.keys(sectionLoaders)) preloadSection(name);
      }),
    [],
  );
  const open = (next: EmailSection) => {
    setSection(next);
    writeSectionToUrl(next);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-5">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Email marketing
        </h2>
        <p className="text-sm text-muted-foreground">
          The waitlist and everyone else who agreed to hear from us: contacts, campaigns, reusable templates and a
          record of every email sent.
        </p>
      </div>
      <Tabs.Root value={section} onValueChange={(value) => open(value as EmailSection)} className="flex flex-col gap-5">
        <div
          className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
          onPointerOver={preloadFromEvent}
          onFocusCapture={preloadFromEvent}
        >
          <TabList label="Email marketing sections" tabs={emailSections} look="underline" />
        </div>
        {emailSections.map((item) => (
          <Tabs.Content
            key={item.value}
            value={item.value}
            className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          >
            <Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
              {item.value === "subscribers" ? (
                <SubscribersPanel />
              ) : item.value === "campaigns" ? (
                <CampaignsPanel />
              ) : item.value === "templates" ? (
                <TemplatesPanel />
              ) : (
                <OutboxPanel />
              )}
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
