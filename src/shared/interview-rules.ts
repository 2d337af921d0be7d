// Interviews' plain rules (defaults, filters, which actions an interview offers, booking links),
// kept apart from the zod schemas (interviews.ts re-exports them): the Interviews tab uses them
// without the validation library (decision 024).
import { businessTimeZone } from "./constants";

/** Spec section 9: the interview defaults and limits. */
export const interviewDefaults = {
  durationMinutes: 30,
  timeZone: businessTimeZone,
  jitsiMaxParticipants: 10,
} as const;

/** The spec's filters, plus needs_outcome: still "scheduled" although the call has ended. */
export const interviewFilters = ["upcoming", "needs_outcome", "today", "completed", "cancelled", "all"] as const;
export type InterviewFilter = (typeof interviewFilters)[number];
export const interviewStatuses = ["scheduled", "completed", "cancelled"] as const;
export const interviewOutcomes = ["accepted", "declined", "pending"] as const;

/** How long an interview may be, in minutes. */
export const interviewDurationLimits = { min: 15, max: 180 } as const;

/** Spec: only scheduled interviews offer Join (with a meeting url), Reschedule and Complete. */
export function interviewActions(item: {
  interview: { status: string };
  jitsiRoom?: { meetingUrl?: string | null } | null;
}) {
  const scheduled = item.interview.status === "scheduled";
  return { join: scheduled && Boolean(item.jitsiRoom?.meetingUrl), reschedule: scheduled, complete: scheduled };
}

/**
 * A past interview nobody has completed or cancelled: its end (start + duration) has passed but it
 * is still "scheduled", so staff still owe it an outcome. The server's needs_outcome filter is the
 * same rule in SQL.
 */
export function needsOutcome(
  interview: { status: string; scheduledAt: string; duration: number },
  now: Date = new Date(),
): boolean {
  if (interview.status !== "scheduled") return false;
  return Date.parse(interview.scheduledAt) + interview.duration * 60_000 < now.getTime();
}

export function successRate(completed: number, accepted: number): number {
  return completed === 0 ? 0 : Math.round((accepted / completed) * 1000) / 10;
}

/** How long a booking link works, and how far ahead it offers slots. */
export const bookingLinkDays = 14;

/**
 * The stages in which an application still has an interview ahead: before the decision (spec:
 * apply, vibe check, quick chat, then decision). Booking links are only sent and only book here.
 */
export const interviewStages = ["new", "screening", "interview"] as const;

export function hasInterviewAhead(stage: string): boolean {
  return (interviewStages as readonly string[]).includes(stage);
}

/** A booking link's token, as the server issues it; anything else is not a link without asking. */
export const bookingTokenLength = { min: 20, max: 200 } as const;
