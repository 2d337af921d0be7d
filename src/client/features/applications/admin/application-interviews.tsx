import { useQuery } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { needsOutcome } from "../../../../shared/interview-rules";
import type { InterviewList } from "../../../../shared/schemas/interviews";
import { formatStaffSlot, staffZoneLabel } from "../../interviews/format";
import { interviewsPath } from "../../interviews/interview-api";

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export function interviewsUrl(applicationId: string): string {
  return `${interviewsPath}?filter=all&applicationId=${applicationId}`;
}

/** "4/5" with five stars; the stars are decoration, the text is what is read out. */
export function Rating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className="inline-flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            className={n <= rating ? "size-4 fill-amber-500 text-amber-600" : "size-4 text-muted-foreground"}
          />
        ))}
      </span>
      <span>{rating}/5</span>
    </span>
  );
}

/** The application's interviews with their outcome, rating and feedback, newest first. */
export function ApplicationInterviews({ applicationId }: { applicationId: string }) {
  const { data, isLoading, isError } = useQuery<InterviewList>({ queryKey: [interviewsUrl(applicationId)] });
  // Filter here too, so a server that ignores the parameter can never show another applicant's interviews.
  const items = (data?.items ?? [])
    .filter((item) => item.interview.applicationId === applicationId)
    .sort((a, b) => b.interview.scheduledAt.localeCompare(a.interview.scheduledAt));

  if (isLoading) return <p className="text-sm text-muted-foreground">Loading interviews...</p>;
  if (isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load interviews.
      </p>
    );
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No interviews yet.</p>;
  return (
    <ul aria-label="Interviews" className="grid gap-3">
      {items.map(({ interview: i, interviewer }) => (
        <li key={i.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
          <p className="font-medium">
            {/* Interviews are kept on the London clock (spec section 9), labelled like the Interviews tab. */}
            {`${formatStaffSlot(i.scheduledAt, i.duration)} (${staffZoneLabel})`}
            <span className="font-normal text-muted-foreground"> · {i.duration} min</span>
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Status</dt>
            <dd>{label(i.status)}</dd>
            <dt className="text-muted-foreground">Outcome</dt>
            <dd>{i.outcome ? label(i.outcome) : needsOutcome(i) ? "Needs outcome" : "—"}</dd>
            <dt className="text-muted-foreground">Rating</dt>
            <dd>{i.rating ? <Rating rating={i.rating} /> : "Not rated"}</dd>
            {interviewer ? (
              <>
                <dt className="text-muted-foreground">Interviewer</dt>
                <dd>{interviewer.name}</dd>
              </>
            ) : null}
          </dl>
          {i.feedback?.trim() ? (
            <blockquote className="mt-1 border-l-2 border-border pl-3 whitespace-pre-line break-words">
              {i.feedback}
            </blockquote>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
