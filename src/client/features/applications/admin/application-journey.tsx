import { useQuery } from "@tanstack/react-query";
import type { JourneyTimeline } from "../../../../shared/schemas/journey";
import { Button } from "../../../components/ui/button";
import { WriteError } from "../../../components/ui/write-error";
import { useWrite } from "../../../lib/use-write";

const stateLabels: Record<JourneyTimeline["entries"][number]["state"], string> = {
  sent: "Sent",
  skipped: "Skipped",
  due: "Due",
  not_needed: "Not needed (travel form received)",
  never: "Not sent (accepted too late)",
  off: "Switched off",
};
const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const show = (iso: string | null) => (iso ? when.format(new Date(iso)) : "");

export const journeyTimelineUrl = (applicationId: string) =>
  `/api/admin/journey/applications/${applicationId}/timeline`;

/**
 * The guest's journey in the application detail: what went out, what is due next, and per
 * message "Send now" (once, ever) or "Skip" for this guest.
 */
export function ApplicationJourney({ applicationId }: { applicationId: string }) {
  const url = journeyTimelineUrl(applicationId);
  const { data, isLoading, isError } = useQuery<JourneyTimeline>({ queryKey: [url], refetchOnMount: "always" });
  const act = useWrite<{ key: string; action: "send" | "skip" }>({
    request: ({ key, action }) => ({
      method: "POST",
      path: `/api/admin/journey/applications/${applicationId}/steps/${key}/${action}`,
    }),
    success: (_r, { action }) => (action === "send" ? "Message sent" : "Message skipped"),
    failure: "Could not change the journey",
    refresh: [url],
    // A 409 means the message was sent or skipped meanwhile (the sweep, another tab): show that state.
    refreshOnError: true,
  });
  if (isLoading) return <p className="text-sm text-muted-foreground">Loading the journey…</p>;
  if (isError || !data) return <p className="text-sm text-destructive">Could not load the journey.</p>;
  return (
    <div className="grid gap-2">
      {/* In the application dialog a toast is out of a screen reader's reach: say why here too. */}
      <WriteError mutation={act} fallback="Could not change the journey." />
      <ol className="flex flex-col gap-2" aria-label="Journey timeline">
        {data.entries.map((entry) => (
          <li
            key={entry.key}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
          >
            <div>
              <p className="font-medium">{entry.label}</p>
              <p className="text-xs text-muted-foreground">
                {stateLabels[entry.state]}
                {entry.state === "sent" || entry.state === "skipped"
                  ? ` ${show(entry.sentAt)}`
                  : entry.dueAt
                    ? ` · due ${show(entry.dueAt)}`
                    : ""}
              </p>
            </div>
            {entry.state === "due" ||
            entry.state === "never" ||
            entry.state === "not_needed" ||
            entry.state === "off" ? (
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={act.isPending}
                  aria-label={`Send now: ${entry.label}`}
                  onClick={() => act.mutate({ key: entry.key, action: "send" })}
                >
                  Send now
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={act.isPending}
                  aria-label={`Skip: ${entry.label}`}
                  onClick={() => act.mutate({ key: entry.key, action: "skip" })}
                >
                  Skip
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
