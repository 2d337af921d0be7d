import { z } from "zod";

/** Spec section 9: the interview defaults and limits. */
export const interviewDefaults = {
  durationMinutes: 30,
  timeZone: "Europe/London",
  jitsiMaxParticipants: 10,
} as const;

export const interviewFilters = ["upcoming", "today", "completed", "cancelled", "all"] as const;
export type InterviewFilter = (typeof interviewFilters)[number];
export const interviewStatuses = ["scheduled", "completed", "cancelled"] as const;
export const interviewOutcomes = ["accepted", "declined", "pending"] as const;

export const interviewListQuerySchema = z.object({ filter: z.enum(interviewFilters).default("upcoming") });
export const interviewIdParamsSchema = z.object({ id: z.uuid() });

const isoInstant = z.iso.datetime({ offset: true });

export const createInterviewSchema = z.strictObject({
  applicationId: z.uuid(),
  scheduledAt: isoInstant,
  duration: z.number().int().min(15).max(180).default(interviewDefaults.durationMinutes),
  interviewerId: z.uuid().optional(),
});
export type CreateInterviewInput = z.infer<typeof createInterviewSchema>;

export const rescheduleInterviewSchema = z.strictObject({ newScheduledAt: isoInstant });

export const completeInterviewSchema = z.strictObject({
  outcome: z.enum(interviewOutcomes),
  rating: z.number().int().min(1).max(5),
  feedback: z.string().max(5000).default(""),
  /** Also move the application on: accepted -> accepted, declined -> declined. */
  advance: z.boolean().default(false),
});
export type CompleteInterviewInput = z.infer<typeof completeInterviewSchema>;

export const interviewSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  status: z.enum(interviewStatuses),
  outcome: z.enum(interviewOutcomes).nullable(),
  scheduledAt: z.string(),
  duration: z.number().int(),
  rating: z.number().int().nullable(),
  feedback: z.string().nullable(),
  calendlyLink: z.string().nullable(),
  completedAt: z.string().nullable(),
});

export const interviewItemSchema = z.object({
  interview: interviewSchema,
  application: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
  jitsiRoom: z.object({ meetingUrl: z.string() }).nullable(),
  interviewer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type InterviewItem = z.infer<typeof interviewItemSchema>;

export const interviewListSchema = z.object({
  items: z.array(interviewItemSchema),
  /** Accepted outcomes over completed interviews, as a percent with one decimal; 0 when none completed. */
  successRate: z.number(),
  counts: z.object({
    upcoming: z.number().int(),
    today: z.number().int(),
    completed: z.number().int(),
    cancelled: z.number().int(),
    all: z.number().int(),
  }),
});
export type InterviewList = z.infer<typeof interviewListSchema>;

/** Spec: only scheduled interviews offer Join (with a meeting url), Reschedule and Complete. */
export function interviewActions(item: Pick<InterviewItem, "interview" | "jitsiRoom">) {
  const scheduled = item.interview.status === "scheduled";
  return { join: scheduled && Boolean(item.jitsiRoom?.meetingUrl), reschedule: scheduled, complete: scheduled };
}

export function successRate(completed: number, accepted: number): number {
  return completed === 0 ? 0 : Math.round((accepted / completed) * 1000) / 10;
}
