const pad = (value: number) => String(value).padStart(2, "0");

/**
 * A date input's "2026-05-10" and a time input's "09:30", read as the viewer's local time, as an
 * ISO date-time with the offset that applies on that day ("2026-05-10T09:30:00+02:00"). A wall
 * time that does not exist (skipped by a daylight-saving change) moves forward as Date does, so
 * the result is always a real instant. null when either part is missing or malformed.
 */
export function localDateTimeToIso(date: string, time: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31 || hours > 23 || minutes > 59) return null;
  const local = new Date(year, month - 1, dayOfMonth, hours, minutes, 0, 0);
  // Date rolls 31 April over into May; refuse a day the month does not have.
  if (local.getDate() !== dayOfMonth || local.getMonth() !== month - 1) return null;
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return (
    `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}` +
    `T${pad(local.getHours())}:${pad(local.getMinutes())}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** Today as a date input value ("2026-05-10") in local time, for the input's min. */
export function todayInputValue(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
