import { CalendarPlus, Clock, Send } from "lucide-react";
import { useState } from "react";
import { type InterviewFilter, interviewFilters } from "../../../shared/interview-rules";
import type { InterviewItem } from "../../../shared/schemas/interviews";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { LoadStatus } from "../../components/ui/section-card";
import { staffZoneLabel } from "./format";
import { useInterviewList } from "./interview-api";
import { InterviewCard } from "./interview-card";

const AvailabilityDialog = lazyDialog(() => import("./availability-dialog").then((m) => m.AvailabilityDialog));
const BookingLinkDialog = lazyDialog(() => import("./booking-link-dialog").then((m) => m.BookingLinkDialog));
const CancelInterviewDialog = lazyDialog(() => import("./cancel-dialog").then((m) => m.CancelInterviewDialog));
const CompleteDialog = lazyDialog(() => import("./complete-dialog").then((m) => m.CompleteDialog));
const RescheduleDialog = lazyDialog(() => import("./reschedule-dialog").then((m) => m.RescheduleDialog));
const ScheduleInterviewDialog = lazyDialog(() => import("./schedule-dialog").then((m) => m.ScheduleInterviewDialog));

export const filterLabels: Record<InterviewFilter, string> = {
  upcoming: "Upcoming",
  needs_outcome: "Needs outcome",
  today: "Today",
  completed: "Completed",
  cancelled: "Cancelled",
  all: "All",
};

const emptyTexts: Record<InterviewFilter, string> = {
  upcoming: "No upcoming interviews. Schedule one or send a booking link.",
  needs_outcome: "Every past interview has an outcome.",
  today: "No interviews today.",
  completed: "No completed interviews yet.",
  cancelled: "No cancelled interviews.",
  all: "No interviews yet. Schedule one or send a booking link.",
};

type Open = "schedule" | "booking" | "availability" | null;

/** The dashboard's Interviews tab: the list by filter, the success rate, and every interview action. */
export function InterviewsTab() {
  const [filter, setFilter] = useState<InterviewFilter>("upcoming");
  const list = useInterviewList(filter);
  const [open, setOpen] = useState<Open>(null);
  const [rescheduling, setRescheduling] = useState<InterviewItem | null>(null);
  const [completing, setCompleting] = useState<InterviewItem | null>(null);
  const [cancelling, setCancelling] = useState<InterviewItem | null>(null);
  const dialog = (name: Exclude<Open, null>) => ({
    open: open === name,
    onOpenChange: (next: boolean) => setOpen(next ? name : null),
  });

  const data = list.data;
  const items = list.isPlaceholderData ? [] : (data?.items ?? []);
  return (
    <section aria-labelledby="interviews-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="interviews-heading" className="text-xl font-semibold">
            Interviews
          </h2>
          <p className="text-sm text-muted-foreground">All times are {staffZoneLabel} (Europe/London).</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setOpen("availability")}>
            <Clock aria-hidden="true" className="size-4" />
            My availability
          </Button>
          <Button variant="outline" onClick={() => setOpen("booking")}>
            <Send aria-hidden="true" className="size-4" />
            Send booking link
          </Button>
          <Button onClick={() => setOpen("schedule")}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Schedule interview
          </Button>
        </div>
      </div>

      <Card>
        <CardContent className="flex flex-wrap items-baseline gap-x-4 gap-y-1 p-5">
          <h3 className="text-sm font-medium text-muted-foreground">Success rate</h3>
          <p className="text-2xl font-semibold tabular-nums" data-testid="success-rate">
            {data ? `${data.successRate}%` : "–"}
          </p>
          <p className="text-sm text-muted-foreground">
            {data
              ? `Accepted outcomes out of ${data.counts.completed} completed ${data.counts.completed === 1 ? "interview" : "interviews"}.`
              : "Accepted outcomes out of completed interviews."}
          </p>
        </CardContent>
      </Card>

      <fieldset className="flex flex-wrap gap-1 rounded-md border border-border p-1">
        <legend className="sr-only">Show interviews</legend>
        {interviewFilters.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? "default" : "ghost"}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {filterLabels[f]} {data ? <span className="tabular-nums opacity-80">({data.counts[f]})</span> : null}
          </Button>
        ))}
      </fieldset>

      <LoadStatus
        className=""
        loading={(list.isPending || list.isPlaceholderData) && "Loading interviews…"}
        error={list.isError && "Unable to load interviews. Please try again."}
        empty={list.isSuccess && !list.isPlaceholderData && items.length === 0 && emptyTexts[filter]}
      />
      {items.length > 0 ? (
        <ul
          aria-label={`${filterLabels[filter]} interviews`}
          className="divide-y divide-border rounded-card border border-border bg-card"
        >
          {items.map((item) => (
            <InterviewCard
              key={item.interview.id}
              item={item}
              actions={{ onReschedule: setRescheduling, onComplete: setCompleting, onCancel: setCancelling }}
            />
          ))}
        </ul>
      ) : null}

      <ScheduleInterviewDialog {...dialog("schedule")} />
      <BookingLinkDialog {...dialog("booking")} />
      <AvailabilityDialog {...dialog("availability")} />
      <RescheduleDialog item={rescheduling} onClose={() => setRescheduling(null)} />
      <CompleteDialog open={completing !== null} item={completing} onClose={() => setCompleting(null)} />
      <CancelInterviewDialog item={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}
