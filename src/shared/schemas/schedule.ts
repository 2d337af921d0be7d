import { z } from "zod";
import { formatDayRange } from "../display/dates";
import { defaultRetreatTimeZone, type SessionType, sessionTypeLabels, sessionTypes } from "../session-types";
import { limits } from "./common";

export { defaultRetreatTimeZone, type SessionType, sessionTypeLabels, sessionTypes };

export const sessionTitleRequiredMessage = "Title is required.";
export const sessionDateMessage = "Please choose a date (YYYY-MM-DD).";
export const sessionStartMessage = "Please enter a start time (HH:MM).";
export const sessionEndMessage = "Please enter an end time (HH:MM).";
export const sessionEndAfterStartMessage = "End time must be after the start time.";
export const sessionTypeMessage = `Type must be one of: ${sessionTypes.map((t) => sessionTypeLabels[t]).join(", ")}.`;

export function outsideRetreatDatesMessage(startDate: string, endDate: string): string {
  return `Sessions must fall within the retreat dates (${formatDayRange(startDate, endDate)}).`;
}

const datePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

const title = z
  .string(sessionTitleRequiredMessage)
  .trim()
  .min(1, sessionTitleRequiredMessage)
  .max(limits.name, `Title can be at most ${limits.name} characters.`);
const description = z.string().trim().max(limits.longText, `Description can be at most ${limits.longText} characters.`);
const date = z
  .string(sessionDateMessage)
  .regex(datePattern, sessionDateMessage)
  .refine((value) => isRealDate(value), sessionDateMessage);
const startTime = z.string(sessionStartMessage).regex(timePattern, sessionStartMessage);
const endTime = z.string(sessionEndMessage).regex(timePattern, sessionEndMessage);
const location = z.string().trim().max(limits.shortText, `Location can be at most ${limits.shortText} characters.`);
const type = z.enum(sessionTypes, sessionTypeMessage);

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** POST /api/admin/sessions and the create/edit form: local date and times in the retreat's zone. */
export const sessionInputSchema = z
  .strictObject({
    title,
    description: description.default(""),
    date,
    startTime,
    endTime,
    location: location.default(""),
    type: type.default("workshop"),
    isPublic: z.boolean().default(true),
    retreatId: z.uuid("Retreat id must be a uuid.").optional(),
  })
  .refine((s) => s.endTime > s.startTime, { path: ["endTime"], message: sessionEndAfterStartMessage });
export type SessionInput = z.input<typeof sessionInputSchema>;
export type SessionInputParsed = z.output<typeof sessionInputSchema>;

/** PATCH /api/admin/sessions/{id}: any subset; the end-after-start rule is checked against the stored row too. */
export const sessionUpdateSchema = z
  .strictObject({ title, description, date, startTime, endTime, location, type, isPublic: z.boolean() })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: "Nothing to update." })
  .refine((s) => !(s.startTime && s.endTime) || s.endTime > s.startTime, {
    path: ["endTime"],
    message: sessionEndAfterStartMessage,
  });
export type SessionUpdate = z.infer<typeof sessionUpdateSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid("Session id must be a uuid.") });
export const sessionListQuerySchema = z.object({ retreatId: z.uuid("Retreat id must be a uuid.").optional() });

/** A session as the admin and guest screens read it (spec section 3, plus location, type, visibility). */
export const sessionSchema = z.object({
  id: z.uuid(),
  retreatId: z.uuid().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  /** The day in the retreat's zone, YYYY-MM-DD. */
  date: z.string(),
  /** Instants, ISO 8601 in UTC. */
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** Wall-clock HH:MM in the retreat's zone (what the form edits). */
  localStartTime: z.string(),
  localEndTime: z.string().nullable(),
  location: z.string().nullable(),
  type: z.string().nullable(),
  isPublic: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const scheduleRetreatSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  location: z.string(),
  timeZone: z.string(),
});
export type ScheduleRetreat = z.infer<typeof scheduleRetreatSchema>;

/** GET /api/admin/sessions: the retreat (for its zone and dates) and its sessions by start. */
export const sessionListResponseSchema = z.object({
  retreat: scheduleRetreatSchema.nullable(),
  sessions: z.array(sessionSchema),
});
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

export { formatDayHeading, groupSessionsByDay, wallClockInZone, zonedToUtc } from "../schedule-days";
