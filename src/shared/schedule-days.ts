// Time-zone maths, day headings and grouping for a schedule, kept apart from the zod schemas
// (schedule.ts re-exports them): the guest and vendor portals show times without the validation
// library (decision 021).

// ---------------------------------------------------------------------------------------------
// Time-zone maths (Intl only: works in Node and browsers, no zone database to ship)
// ---------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant in a zone. */
export function wallClockInZone(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which the wall clock in `timeZone` shows `date` `time` (HH:MM). */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset even next to a daylight-saving change.
  const first = guess - offsetMs(new Date(guess), timeZone);
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

const dayHeadingFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "Monday 11 May 2026" for a YYYY-MM-DD day heading (built from parts: engines differ on the comma). */
export function formatDayHeading(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const parts = Object.fromEntries(
    dayHeadingFormat.formatToParts(new Date(Date.UTC(y, m - 1, d))).map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** Sessions grouped by their day in the retreat's zone, days in order. */
export function groupSessionsByDay<T extends { date: string }>(sessions: readonly T[]): { date: string; items: T[] }[] {
  const days = new Map<string, T[]>();
  for (const s of sessions) days.set(s.date, [...(days.get(s.date) ?? []), s]);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, items]) => ({ date: day, items }));
}
