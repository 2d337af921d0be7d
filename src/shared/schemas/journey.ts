import { z } from "zod";

export const journeyStepKeySchema = z.enum([
  "welcome",
  "travel_10w",
  "packing",
  "travel_6w",
  "travel_3w",
  "arrival",
  "feedback",
]);

export const journeyStepSchema = z.object({
  key: journeyStepKeySchema,
  label: z.string(),
  anchor: z.enum(["acceptance", "start", "end"]),
  offsetDays: z.number().int(),
  subject: z.string(),
  body: z.string(),
  enabled: z.boolean(),
});
export type JourneyStep = z.infer<typeof journeyStepSchema>;

export const journeyStepInputSchema = z.object({
  enabled: z.boolean(),
  offsetDays: z.number().int().min(-365).max(365),
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(20_000),
});

export const timelineEntrySchema = z.object({
  key: journeyStepKeySchema,
  label: z.string(),
  subject: z.string(),
  enabled: z.boolean(),
  dueAt: z.string().nullable(),
  state: z.enum(["sent", "skipped", "due", "not_needed", "never", "off"]),
  sentAt: z.string().nullable(),
});
export const journeyTimelineSchema = z.object({
  applicationId: z.string(),
  acceptedAt: z.string().nullable(),
  entries: z.array(timelineEntrySchema),
});
export type JourneyTimeline = z.infer<typeof journeyTimelineSchema>;

export const readinessSchema = z.object({
  guests: z.array(z.object({ applicationId: z.string(), name: z.string(), blocking: z.array(z.string()) })),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const feedbackListSchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  responses: z.array(
    z.object({
      id: z.string(),
      rating: z.number().int().nullable(),
      comment: z.string().nullable(),
      mayQuote: z.boolean(),
      published: z.boolean(),
      submittedAt: z.string().nullable(),
      firstName: z.string().nullable(),
    }),
  ),
});
export type FeedbackList = z.infer<typeof feedbackListSchema>;

/** The survey's answer: a rating 1–5 (anything else is a 400), free text, the quote tick. */
export const feedbackAnswerSchema = z.object({
  // A number, or the digits the HTML form posts; never true, [4] or "" coerced into a rating.
  rating: z
    .union([z.number(), z.string().regex(/^\d+$/, "Choose a rating from 1 to 5").transform(Number)])
    .pipe(z.number().int().min(1).max(5)),
  comment: z.string().max(5000).optional().default(""),
  mayQuote: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});
