import { z } from "zod";
import { retreatStatuses } from "../admin-constants";
import { limits } from "./common";
import { retreatFactsSchema } from "./retreats";
import { defaultRetreatTimeZone } from "./schedule";

/** A retreat's lifecycle: defined beside the admin shell's other plain values (decision 021). */
export { type RetreatStatus, retreatStatuses, retreatStatusLabels } from "../admin-constants";

export const minRetreatCapacity = 1;
export const maxRetreatCapacity = 500;

export const retreatMessages = {
  nameRequired: "Name is required.",
  nameTooLong: `Name can be at most ${limits.name} characters.`,
  descriptionTooLong: `Description can be at most ${limits.longText} characters.`,
  date: "Please choose a date (YYYY-MM-DD).",
  bothDates: "Give both a start and an end date, or neither.",
  endBeforeStart: "End date must be on or after the start date.",
  capacity: `Capacity must be a whole number from ${minRetreatCapacity} to ${maxRetreatCapacity}.`,
  locationRequired: "Location is required.",
  locationTooLong: `Location can be at most ${limits.shortText} characters.`,
  timeZone: "Time zone must be an IANA time zone such as Asia/Makassar or Europe/London.",
  status: `Status must be one of: ${retreatStatuses.join(", ")}.`,
  currency: "Currency must be a three-letter code such as GBP.",
  nothingToUpdate: "Nothing to update.",
  notFound: "Retreat not found.",
} as const;

/** The 409 when a new capacity is below the people already holding places (couples count 2). */
export function placesAlreadyTakenMessage(taken: number): string {
  return taken === 1
    ? "1 place is already taken, so the capacity cannot be lower than 1."
    : `${taken} places are already taken, so the capacity cannot be lower than ${taken}.`;
}

/**
 * The zone's canonical spelling when Intl knows it, else null. Offsets ("+08:00") are refused even
 * where the engine accepts them: the schedule and reminders need a zone with its own rules.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z]/.test(value)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
    // Keep what was typed when the engine maps it to another zone (EST -> America/Panama).
    return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
  } catch {
    return null;
  }
}

const name = z
  .string(retreatMessages.nameRequired)
  .trim()
  .min(1, retreatMessages.nameRequired)
  .max(limits.name, retreatMessages.nameTooLong);
const description = z.string().trim().max(limits.longText, retreatMessages.descriptionTooLong);
const day = z.iso.date(retreatMessages.date).nullable();
const capacity = z
  .number(retreatMessages.capacity)
  .int(retreatMessages.capacity)
  .min(minRetreatCapacity, retreatMessages.capacity)
  .max(maxRetreatCapacity, retreatMessages.capacity);
const location = z
  .string(retreatMessages.locationRequired)
  .trim()
  .min(1, retreatMessages.locationRequired)
  .max(limits.shortText, retreatMessages.locationTooLong);
const timezone = z
  .string(retreatMessages.timeZone)
  .trim()
  .max(100, retreatMessages.timeZone)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (!zone) {
      ctx.addIssue({ code: "custom", message: retreatMessages.timeZone });
      return z.NEVER;
    }
    return zone;
  });
const status = z.enum(retreatStatuses, retreatMessages.status);
const currency = z
  .string(retreatMessages.currency)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, retreatMessages.currency);

type Dates = { startDate?: string | null; endDate?: string | null };

/** Both dates or neither, and the end on or after the start (reported on the end date). */
export function datesProblem(dates: Dates): { path: "startDate" | "endDate"; message: string } | null {
  const { startDate, endDate } = dates;
  if (startDate === undefined || endDate === undefined) return null;
  if (!startDate !== !endDate) return { path: startDate ? "endDate" : "startDate", message: retreatMessages.bothDates };
  if (startDate && endDate && endDate < startDate) return { path: "endDate", message: retreatMessages.endBeforeStart };
  return null;
}

function checkDates(value: Dates, ctx: z.RefinementCtx) {
  const problem = datesProblem(value);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
}

/**
 * POST /api/admin/retreats. Capacity, location and currency fall back to the Settings tab's
 * retreat defaults when left out; status to planning; time zone to Asia/Makassar.
 */
export const retreatCreateSchema = z
  .strictObject({
    name,
    description: description.default(""),
    startDate: day.default(null),
    endDate: day.default(null),
    capacity: capacity.optional(),
    location: location.optional(),
    timezone: timezone.default(defaultRetreatTimeZone),
    status: status.default("planning"),
    currency: currency.optional(),
  })
  .superRefine(checkDates);
export type RetreatCreateInput = z.input<typeof retreatCreateSchema>;
export type RetreatCreate = z.output<typeof retreatCreateSchema>;

/** PATCH /api/admin/retreats/{id}: any subset; the date rule is checked again against the stored row. */
export const retreatUpdateSchema = z
  .strictObject({ name, description, startDate: day, endDate: day, capacity, location, timezone, status, currency })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: retreatMessages.nothingToUpdate })
  .superRefine(checkDates);
export type RetreatUpdateInput = z.input<typeof retreatUpdateSchema>;
export type RetreatUpdate = z.output<typeof retreatUpdateSchema>;

export const retreatIdParamsSchema = z.strictObject({ id: z.uuid("Retreat id must be a uuid.") });

/** One row of GET /api/admin/retreats, also the body of POST and PATCH replies. */
export const adminRetreatSchema = retreatFactsSchema.extend({
  /** People (a couple counts 2) in accepted or payment. */
  placesTaken: z.number().int(),
  status: z.string(),
  timezone: z.string(),
  /** The retreat the public site and new applications use (the oldest open or planning one). */
  isCurrent: z.boolean(),
  updatedAt: z.string(),
});
export type AdminRetreat = z.infer<typeof adminRetreatSchema>;
export const adminRetreatListSchema = z.array(adminRetreatSchema);

// ---------------------------------------------------------------------------------------------
// Seasons: copy a retreat into the following season, invite its priority list
// ---------------------------------------------------------------------------------------------

const seasonDay = z.iso.date(retreatMessages.date);

/**
 * POST /api/admin/retreats/{id}/copy: the new season's dates (both required: the copied site's
 * dates wording comes from them) and, optionally, its name (default: the source's name with its
 * year replaced by the new start date's year, see nextSeasonName in shared/season.ts).
 */
export const seasonCopySchema = z
  .strictObject({ name: name.optional(), startDate: seasonDay, endDate: seasonDay })
  .superRefine(checkDates);
export type SeasonCopyInput = z.input<typeof seasonCopySchema>;
export type SeasonCopy = z.output<typeof seasonCopySchema>;

/**
 * POST /api/admin/retreats/{id}/priority-invite: the draft campaign written to the season's
 * priority list (nothing is sent until staff press Send on it).
 */
export const priorityInviteResultSchema = z.object({
  campaignId: z.uuid(),
  campaignName: z.string(),
  /** People the campaign would reach if sent now (each address once, unsubscribed left out). */
  audienceSize: z.number().int(),
  /** The subscriber tag the campaign targets; staff can see the list under it in Subscribers. */
  tag: z.string(),
  /** On the list (waitlisted or kept-on-the-priority-list applicants) but with no email subscription, so not reached. */
  notSubscribed: z.number().int(),
});
export type PriorityInviteResult = z.infer<typeof priorityInviteResultSchema>;
