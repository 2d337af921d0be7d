/** Calendar days as people read them: "10 May 2027", never "2027-05-10" (no imports: schemas use it too). */

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2027-05-10" (or an ISO instant's date part) -> "10 May 2027"; `empty` for nothing. */
export function formatDay(day: string | null | undefined, empty = "—"): string {
  if (!day) return empty;
  const match = dayPattern.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** "10 May 2027 to 19 May 2027". */
export function formatDayRange(start: string, end: string): string {
  return `${formatDay(start)} to ${formatDay(end)}`;
}
