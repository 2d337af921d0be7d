import { businessTimeZone } from "../../../shared/constants";
import { formatDayHeading, wallClockInZone } from "../../../shared/schedule-days";

/** "Friday 22 May 2026, 14:00" on the London clock, where the business keeps its times. */
export function londonDateTime(iso: string): string {
  const { date, time } = wallClockInZone(new Date(iso), businessTimeZone);
  return `${formatDayHeading(date)}, ${time}`;
}

/** "12 May 2026" for a YYYY-MM-DD date. */
export function shortDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

export function londonToday(now = new Date()): string {
  return wallClockInZone(now, businessTimeZone).date;
}

export function retreatDates(startDate: string | null, endDate: string | null): string | null {
  if (!startDate) return null;
  if (!endDate || endDate === startDate) return formatDayHeading(startDate);
  return `${formatDayHeading(startDate)} – ${formatDayHeading(endDate)}`;
}
