import { businessTimeZone } from "../constants";
import { formatDayHeading, wallClockInZone } from "../schedule-days";
import { formatDay } from "./dates";

export { formatDay, formatDayRange } from "./dates";

/**
 * Dates and times as people read them, one module for every screen and email:
 * - calendar days: "10 May 2027" (never "2027-05-10");
 * - times: always on a named clock and always with that clock's label, "19:30–21:00 (Bali time)",
 *   never the device's own zone (a guest in London and a vendor in Bali read the same times).
 * Retreat times use the retreat's zone; interviews use Europe/London (spec section 9).
 */

/** Everyday names for the zones this product meets; others read "<City> time" from the IANA id. */
const zoneNames: Record<string, string> = {
  "Asia/Makassar": "Bali time",
  "Europe/London": "London time",
  UTC: "UTC",
  "Etc/UTC": "UTC",
};

/** "Asia/Makassar" -> "Bali time", "Europe/London" -> "London time", "America/New_York" -> "New York time". */
export function zoneLabel(timeZone: string): string {
  const known = zoneNames[timeZone];
  if (known) return known;
  const city = timeZone.split("/").at(-1)?.replace(/_/g, " ");
  return city ? `${city} time` : timeZone;
}

/** "19:30–21:00 (Bali time)" from wall-clock times already on the zone's clock (HH:MM). */
export function formatLocalTimes(start: string, end: string | null | undefined, timeZone: string): string {
  return `${start}${end ? `–${end}` : ""} (${zoneLabel(timeZone)})`;
}

/** "19:30–21:00 (Bali time)" for two instants on a zone's clock. */
export function formatTimeRange(startIso: string, endIso: string | null | undefined, timeZone: string): string {
  const start = wallClockInZone(new Date(startIso), timeZone).time;
  const end = endIso ? wallClockInZone(new Date(endIso), timeZone).time : null;
  return formatLocalTimes(start, end, timeZone);
}

/** "Sunday 10 May 2027, 19:30–21:00 (Bali time)": the day on the zone's clock too. */
export function formatZonedSlot(startIso: string, endIso: string | null | undefined, timeZone: string): string {
  const { date } = wallClockInZone(new Date(startIso), timeZone);
  return `${formatDayHeading(date)}, ${formatTimeRange(startIso, endIso, timeZone)}`;
}

/** "25 Nov 2026, 14:30 (London time)": one instant on a named clock, with its label. */
export function formatInstant(iso: string | null | undefined, timeZone: string = businessTimeZone, empty = ""): string {
  if (!iso) return empty;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return empty;
  const { date, time } = wallClockInZone(instant, timeZone);
  return `${formatDay(date)}, ${time} (${zoneLabel(timeZone)})`;
}
