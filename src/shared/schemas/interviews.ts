import { z } from "zod";
import {
  bookingLinkDays,
  bookingTokenLength,
  hasInterviewAhead,
  type InterviewFilter,
  interviewActions,
  interviewDefaults,
  interviewDurationLimits,
  interviewFilters,
  interviewOutcomes,
  interviewStages,
  interviewStatuses,
  needsOutcome,
  successRate,
} from "../interview-rules";

export {
  bookingLinkDays,
  bookingTokenLength,
  hasInterviewAhead,
  type InterviewFilter,
  interviewActions,
  interviewDefaults,
  interviewDurationLimits,
  interviewFilters,
  interviewOutcomes,
  interviewStages,
  interviewStatuses,
  needsOutcome,
  successRate,
};

export const interviewListQuerySchema = z.object({
  filter: z.enum(interviewFilters).default("upcoming"),
  /** Only this application's interviews (the application detail shows them with their rating). */
  applicationId: z.uuid().optional(),
  /** Only the interviews of this retreat's applications (the season switcher's season); 404 when unknown. */
  retreatId: z.uuid("retreatId must be a uuid").optional(),
});
export const interviewIdParamsSchema = z.object({ id: z.uuid() });

const isoInstant = z.iso.datetime({ offset: true });

export const interviewDurationMessage = `Duration must be between ${interviewDurationLimits.min} and ${interviewDurationLimits.max} minutes.`;

/** A duration as typed in a form: a whole number of minutes within the limits. */
export const interviewDurationText = z.string().refine((text) => {
  const minutes = Number(text);
  return (
    text.trim() !== "" &&
    Number.isInteger(minutes) &&
    minutes >= interviewDurationLimits.min &&
    minutes <= interviewDurationLimits.max
  );
}, interviewDurationMessage);

export const createInterviewSchema = z.strictObject({
  applicationId: z.uuid(),
  scheduledAt: isoInstant,
  duration: z
    .number()
    .int()
    .min(interviewDurationLimits.min)
    .max(interviewDurationLimits.max)
    .default(interviewDefaults.durationMinutes),
  interviewerId: z.uuid().optional(),
});
export type CreateInterviewInput = z.infer<typeof createInterviewSchema>;

/** The staff's "Schedule interview" form: a London date and time, turned into scheduledAt on submit. */
export const scheduleInterviewFormSchema = z.object({
  applicationId: z.string().min(1, "Choose an application."),
  date: z.string().min(1, "Choose a date."),
  time: z.string().min(1, "Choose a time."),
  duration: interviewDurationText,
  interviewerId: z.string(),
});
export type ScheduleInterviewForm = z.infer<typeof scheduleInterviewFormSchema>;

/** The staff's "Send booking link" form: the applicant picks the time themselves. */
export const bookingLinkFormSchema = scheduleInterviewFormSchema.pick({
  applicationId: true,
  duration: true,
  interviewerId: true,
});
export type BookingLinkForm = z.infer<typeof bookingLinkFormSchema>;

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
    needs_outcome: z.number().int(),
    today: z.number().int(),
    completed: z.number().int(),
    cancelled: z.number().int(),
    all: z.number().int(),
  }),
});
export type InterviewList = z.infer<typeof interviewListSchema>;

// ---------------------------------------------------------------------------------------------
// Interviewers, availability and blocks
// ---------------------------------------------------------------------------------------------

/** GET /api/admin/interviews/interviewers: active owner and staff users. */
export const interviewerSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type Interviewer = z.infer<typeof interviewerSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time such as 09:30.");
export const recurringPatterns = ["daily", "weekly"] as const;

export const availabilityWindowSchema = z
  .strictObject({
    /** 0 = Sunday ... 6 = Saturday. */
    dayOfWeek: z.number().int().min(0).max(6),
    startTime: clockTime,
    endTime: clockTime,
    timezone: z.string().min(1).max(64).default(interviewDefaults.timeZone),
  })
  .refine((w) => w.startTime < w.endTime, { message: "The end must be after the start.", path: ["endTime"] });
export type AvailabilityWindow = z.infer<typeof availabilityWindowSchema>;

export const interviewBlockSchema = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  reason: z.string().nullable(),
  isRecurring: z.boolean(),
  recurringPattern: z.enum(recurringPatterns).nullable(),
});
export type InterviewBlock = z.infer<typeof interviewBlockSchema>;

/** GET /api/admin/interviews/availability?userId= (default: the signed-in user). */
export const availabilityQuerySchema = z.object({ userId: z.uuid().optional() });
export const availabilitySchema = z.object({
  userId: z.uuid(),
  windows: z.array(availabilityWindowSchema),
  blocks: z.array(interviewBlockSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** PUT /api/admin/interviews/availability: replaces the user's weekly windows. */
export const replaceAvailabilitySchema = z.strictObject({
  userId: z.uuid().optional(),
  windows: z.array(availabilityWindowSchema).max(50),
});

/**
 * The staff's "Block time" form: London dates and times, turned into startTime/endTime on submit.
 * The end is compared with the start only once all four are filled in.
 */
export const interviewBlockFormSchema = z
  .object({
    startDate: z.string().min(1, "Choose a start date."),
    startTime: z.string().min(1, "Choose a start time."),
    endDate: z.string().min(1, "Choose an end date."),
    endTime: z.string().min(1, "Choose an end time."),
    reason: z.string(),
    repeat: z.enum(["none", ...recurringPatterns]),
  })
  .refine(
    (f) =>
      !f.startDate ||
      !f.startTime ||
      !f.endDate ||
      !f.endTime ||
      `${f.endDate}T${f.endTime}` > `${f.startDate}T${f.startTime}`,
    { message: "The end must be after the start.", path: ["endTime"] },
  );
export type InterviewBlockForm = z.infer<typeof interviewBlockFormSchema>;

/** POST /api/admin/interviews/blocks; DELETE /api/admin/interviews/blocks/{id}. */
export const createInterviewBlockSchema = z
  .strictObject({
    userId: z.uuid().optional(),
    startTime: isoInstant,
    endTime: isoInstant,
    reason: z.string().trim().max(200).nullable().default(null),
    recurringPattern: z.enum(recurringPatterns).nullable().default(null),
  })
  .refine((b) => new Date(b.endTime) > new Date(b.startTime), {
    message: "The end must be after the start.",
    path: ["endTime"],
  });

// ---------------------------------------------------------------------------------------------
// Self-booking through a tokenised link (no login)
// ---------------------------------------------------------------------------------------------

/** POST /api/admin/interviews/booking-links: emails the applicant a link to pick a slot. */
export const createBookingLinkSchema = z.strictObject({
  applicationId: z.uuid(),
  interviewerId: z.uuid().optional(),
  duration: z.number().int().min(15).max(180).default(interviewDefaults.durationMinutes),
});
export const bookingLinkSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  expiresAt: z.string(),
  emailedTo: z.string(),
});

export const bookingTokenParamsSchema = z.object({
  token: z.string().min(bookingTokenLength.min).max(bookingTokenLength.max),
});

/** GET /api/interview-booking/{token}: what the applicant's page shows. */
export const bookingPageSchema = z.object({
  firstName: z.string().nullable(),
  interviewerName: z.string(),
  duration: z.number().int(),
  expiresAt: z.string(),
  /** The interview booked through this link, once there is one. */
  booked: z.object({ scheduledAt: z.string(), meetingUrl: z.string().nullable() }).nullable(),
  /** Free start times (ISO instants), earliest first; the page shows them in the visitor's zone. */
  slots: z.array(z.string()),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

/** POST /api/interview-booking/{token}. */
export const bookSlotSchema = z.strictObject({ scheduledAt: isoInstant });
export const bookedSlotSchema = z.object({
  scheduledAt: z.string(),
  duration: z.number().int(),
  meetingUrl: z.string().nullable(),
  interviewerName: z.string(),
});
export type BookedSlot = z.infer<typeof bookedSlotSchema>;
