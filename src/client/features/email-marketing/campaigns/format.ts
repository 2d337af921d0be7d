const numberFormat = new Intl.NumberFormat("en-GB");
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "3 Jan 2026, 09:30" in the viewer's time zone, or "" for a missing or bad value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormat.format(date);
}

/** "1 subscriber", "1,204 subscribers" */
export function subscriberCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "subscriber" : "subscribers"}`;
}

/** The viewer's time zone name, e.g. "Europe/London", for labelling local times. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "local time";
}
