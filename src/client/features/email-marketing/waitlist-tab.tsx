import * as Tabs from "@radix-ui/react-tabs";
import { useId, useState } from "react";
import { TabList } from "../../components/ui/tab-list";
import { CampaignsPanel } from "./campaigns/campaigns-panel";
import { emailSectionParam } from "./email-section-param";
import { OutboxPanel } from "./outbox/outbox-panel";
import { SubscribersPanel } from "./subscribers/subscribers-panel";
import { TemplatesPanel } from "./templates/templates-panel";

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
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabList label="Email marketing sections" tabs={emailSections} look="underline" />
        </div>
        {emailSections.map((item) => (
          <Tabs.Content
            key={item.value}
            value={item.value}
            className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          >
            {item.value === "subscribers" ? (
              <SubscribersPanel />
            ) : item.value === "campaigns" ? (
              <CampaignsPanel />
            ) : item.value === "templates" ? (
              <TemplatesPanel />
            ) : (
              <OutboxPanel />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
