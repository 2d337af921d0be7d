import { useQuery } from "@tanstack/react-query";
import { CalendarPlus, Copy, ListChecks, Pencil } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { type RetreatStatus, retreatStatusLabels } from "../../../shared/admin-constants";
import type { AdminRetreat } from "../../../shared/schemas/retreats-admin";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { retreatsPath } from "./settings-api";

const PriorityInviteDialog = lazyDialog(() =>
  import("../email-marketing/campaigns/priority-invite-dialog").then((m) => m.PriorityInviteDialog),
);
const CopySeasonDialog = lazyDialog(() => import("./copy-season-dialog").then((m) => m.CopySeasonDialog));
const RetreatFormDialog = lazyDialog(() => import("./retreat-form-dialog").then((m) => m.RetreatFormDialog));

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "10 May 2026 – 19 May 2026"; the dates are calendar days, so they are formatted as UTC. */
export function retreatDates(retreat: Pick<AdminRetreat, "startDate" | "endDate">): string {
  const show = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  if (retreat.startDate && retreat.endDate) return `${show(retreat.startDate)} – ${show(retreat.endDate)}`;
  if (retreat.startDate) return `From ${show(retreat.startDate)}`;
  return "Dates to be announced";
}

function statusLabel(status: string): string {
  return retreatStatusLabels[status as RetreatStatus] ?? status;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

function Badge({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        strong ? "border-primary bg-secondary text-primary" : "border-border text-foreground",
      )}
    >
      {children}
    </span>
  );
}

/** Settings tab: the retreats with their dates, places and zone; Add and Edit open a dialog. */
export function RetreatsSection() {
  const { data, isLoading, isError } = useQuery<AdminRetreat[]>({ queryKey: [retreatsPath] });
  const [editing, setEditing] = useState<AdminRetreat | "new" | null>(null);
  const [copying, setCopying] = useState<AdminRetreat | null>(null);
  const [inviting, setInviting] = useState<AdminRetreat | null>(null);
  const headingId = useId();

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2" id={headingId}>
            Retreats
          </CardTitle>
          <CardDescription>
            Dates, places and time zone drive payment plans, refunds, acceptances and the schedule. The public site
            shows the open or planning retreat whose site was published last.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing("new")}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Add retreat
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading retreats…
          </p>
        ) : null}
        {isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load retreats.
          </p>
        ) : null}
        {data && data.length === 0 ? <p className="text-sm text-muted-foreground">No retreats yet.</p> : null}
        {data && data.length > 0 ? (
          <ul aria-labelledby={headingId} className="grid gap-3 lg:grid-cols-2">
            {data.map((r) => {
              const full = r.placesTaken >= r.capacity;
              return (
                <li
                  key={r.id}
                  aria-labelledby={`retreat-${r.id}`}
                  className="grid content-start gap-3 rounded-md border border-border p-4"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 id={`retreat-${r.id}`} className="min-w-0 font-semibold break-words">
                      {r.name}
                    </h3>
                    <div className="flex flex-wrap gap-1.5">
                      {r.isCurrent ? <Badge strong>Current</Badge> : null}
                      <Badge>{statusLabel(r.status)}</Badge>
                    </div>
                  </div>
                  <dl className="grid gap-2 sm:grid-cols-2">
                    <Detail term="Dates">{retreatDates(r)}</Detail>
                    <Detail term="Places">
                      <span className={cn(full && "font-semibold")}>
                        {r.placesTaken} of {r.capacity} taken{full ? " (full)" : ""}
                      </span>
                    </Detail>
                    <Detail term="Location">{r.location}</Detail>
                    <Detail term="Time zone">{r.timezone}</Detail>
                    <Detail term="Currency">{r.currency}</Detail>
                  </dl>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Copy season ${r.name}`}
                      onClick={() => setCopying(r)}
                    >
                      <Copy aria-hidden="true" className="size-4" />
                      Copy season
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Invite the priority list to ${r.name}`}
                      onClick={() => setInviting(r)}
                    >
                      <ListChecks aria-hidden="true" className="size-4" />
                      Invite the priority list
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
      </CardContent>
      {editing ? (
        <RetreatFormDialog retreat={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {copying ? <CopySeasonDialog source={copying} onClose={() => setCopying(null)} /> : null}
      {inviting ? <PriorityInviteDialog retreat={inviting} onClose={() => setInviting(null)} /> : null}
    </Card>
  );
}
