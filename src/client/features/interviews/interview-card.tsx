import { CalendarClock, CheckCircle2, Star, Video, XCircle } from "lucide-react";
import { interviewActions, needsOutcome } from "../../../shared/interview-rules";
import type { InterviewItem } from "../../../shared/schemas/interviews";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { cn } from "../../lib/cn";

import { formatStaffSlot, outcomeLabels, personName, staffZoneLabel } from "./format";

const statusStyles: Record<string, string> = {
  scheduled: "border-blue-200 bg-blue-100 text-blue-800",
  completed: "border-green-200 bg-green-100 text-green-800",
  cancelled: "border-gray-300 bg-gray-100 text-gray-700",
};
const needsOutcomeStyle = "border-amber-300 bg-amber-100 text-amber-900";
const outcomeStyles: Record<string, string> = {
  accepted: "border-green-200 bg-green-50 text-green-800",
  declined: "border-red-200 bg-red-50 text-red-800",
  pending: "border-yellow-200 bg-yellow-50 text-yellow-800",
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export type CardActions = {
  onReschedule: (item: InterviewItem) => void;
  onComplete: (item: InterviewItem) => void;
  onCancel: (item: InterviewItem) => void;
};

export function InterviewCard({ item, actions }: { item: InterviewItem; actions: CardActions }) {
  const { interview, application, interviewer, jitsiRoom } = item;
  const name = personName(application);
  const allowed = interviewActions(item);
  const scheduled = interview.status === "scheduled";
  return (
    <li aria-label={name} className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{name}</p>
          <Badge className={statusStyles[interview.status]}>{capitalise(interview.status)}</Badge>
          {needsOutcome(interview) ? <Badge className={needsOutcomeStyle}>Needs outcome</Badge> : null}
          {interview.outcome ? (
            <Badge className={outcomeStyles[interview.outcome]}>{`Outcome: ${outcomeLabels[interview.outcome]}`}</Badge>
          ) : null}
        </div>
        <p className="flex items-start gap-1.5 text-sm">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>
            {formatStaffSlot(interview.scheduledAt, interview.duration)} {staffZoneLabel}
            <span className="text-muted-foreground"> · {interview.duration} min</span>
          </span>
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {application.email}
          {interviewer ? ` · with ${interviewer.name}` : ""}
        </p>
        {interview.rating !== null ? (
          <p className="flex items-center gap-1 text-sm">
            <span className="flex" aria-hidden="true">
              {[1, 2, 3, 4, 5].map((n) => (
                <Star
                  key={n}
                  className={cn("size-4", n <= interview.rating! ? "fill-amber-400 text-amber-500" : "text-gray-300")}
                />
              ))}
            </span>
            <span>Rating {interview.rating}/5</span>
          </p>
        ) : null}
        {interview.feedback ? <p className="text-sm whitespace-pre-line">{interview.feedback}</p> : null}
      </div>
      {scheduled ? (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {allowed.join && jitsiRoom ? (
            <a
              href={jitsiRoom.meetingUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Join interview with ${name} (opens in a new tab)`}
              className={buttonVariants({ size: "sm" })}
            >
              <Video aria-hidden="true" className="size-4" />
              Join
            </a>
          ) : null}
          {allowed.reschedule ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Reschedule interview with ${name}`}
              onClick={() => actions.onReschedule(item)}
            >
              <CalendarClock aria-hidden="true" className="size-4" />
              Reschedule
            </Button>
          ) : null}
          {allowed.complete ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Complete interview with ${name}`}
              onClick={() => actions.onComplete(item)}
            >
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Complete
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Cancel interview with ${name}`}
            onClick={() => actions.onCancel(item)}
          >
            <XCircle aria-hidden="true" className="size-4" />
            Cancel
          </Button>
        </div>
      ) : null}
    </li>
  );
}
