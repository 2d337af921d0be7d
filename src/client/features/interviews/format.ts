import { zoneLabel as clockName } from "../../../shared/display/time";
import { interviewDefaults, type interviewOutcomes } from "../../../shared/interview-rules";
import { formatDayHeading, wallClockInZone, zonedToUtc } from "../../../shared/schedule-days";

/** Staff see and enter every interview time on the London clock (spec section 9). */
export const staffTimeZone = interviewDefaults.timeZone;
export const staffZoneLabel = clockName(staffTimeZone);

const minute = 60_000;

/** "Monday 11 May 2026" and "14:30" of an instant on a zone's wall clock. */
export function dayAndTime(iso: string, timeZone: string): { day: string; date: string; time: string } {
  const { date, time } = wallClockInZone(new Date(iso), timeZone);
  return { day: formatDayHeading(date), date, time };
}

/** "Monday 11 May 2026, 14:30–15:00" on the London clock. */
export function formatStaffSlot(iso: string, duration: number): string {
  const start = dayAndTime(iso, staffTimeZone);
  const end = wallClockInZone(new Date(new Date(iso).getTime() + duration * minute), staffTimeZone).time;
  return `${start.day}, ${start.time}–${end}`;
}

/** "Monday 11 May 2026, 14:30" on the London clock. */
export function formatStaffInstant(iso: string): string {
  const { day, time } = dayAndTime(iso, staffTimeZone);
  return `${day}, ${time}`;
}

/** Date and time inputs (London wall clock) to an ISO instant. */
export function staffInputsToIso(date: string, time: string): string {
  return zonedToUtc(date, time, staffTimeZone).toISOString();
}

export function staffToday(now = new Date()): string {
  return wallClockInZone(now, staffTimeZone).date;
}

/** The shared display name: "Ada Lovelace", else the email. */
export { displayName as personName } from "../../../shared/display/people";

// ---------------------------------------------------------------------------------------------
// The applicant's own clock (public booking page)
// ---------------------------------------------------------------------------------------------

/** The visitor's IANA zone as the browser reports it; UTC when it reports none. */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** "Europe/Berlin (Central European Summer Time)": the id people can check, and its everyday name. */
export function zoneLabel(timeZone: string, at = new Date()): string {
  try {
    const name = new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "long" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    return name && name !== timeZone ? `${timeZone} (${name})` : timeZone;
  } catch {
    return timeZone;
  }
}

export type SlotDay = { date: string; heading: string; slots: { iso: string; time: string }[] };

/** Free start times grouped by their day on the visitor's clock, in order. */
export function groupSlotsByDay(slots: readonly string[], timeZone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const iso of [...slots].sort((a, b) => Date.parse(a) - Date.parse(b))) {
    const { date, time } = wallClockInZone(new Date(iso), timeZone);
    let day = days.get(date);
    if (!day) {
      day = { date, heading: formatDayHeading(date), slots: [] };
      days.set(date, day);
    }
    day.slots.push({ iso, time });
  }
  return [...days.values()];
}

/** An outcome's words (the Complete dialog's choices, the card's result). */
export const outcomeLabels: Record<(typeof interviewOutcomes)[number], string> = {
  accepted: "Accepted",
  declined: "Declined",
  pending: "Pending",
};
export const ratingLabels = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;
