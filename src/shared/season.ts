/**
 * The year a season is named for, used by the spec's texts that name it ("Join the waitlist for
 * Bali 2026 updates", "Apply for Bali 2026"): the retreat's start date's year, else a year in its
 * name ("Bali Vegan Activism Retreat 2026", dates to be announced), else the current year.
 * docs/decisions/016-seasons.md records the rule.
 */
export function seasonYear(
  retreat: { startDate: string | null; name: string } | null | undefined,
  today: Date = new Date(),
): number {
  const fromDate = retreat?.startDate ? Number(retreat.startDate.slice(0, 4)) : Number.NaN;
  if (Number.isInteger(fromDate) && fromDate > 1900) return fromDate;
  const fromName = retreat?.name.match(/\b(19|20|21)\d{2}\b/)?.[0];
  if (fromName) return Number(fromName);
  return today.getUTCFullYear();
}

const yearToken = /\b(?:19|20|21)\d{2}\b/g;
const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * The following season's name: the year in the name (its last year, where there are several)
 * becomes `year` wherever it appears, or " <year>" is appended to a name without one.
 * "Bali Vegan Activism Retreat 2026" -> "Bali Vegan Activism Retreat 2027".
 */
export function nextSeasonName(name: string, year: number): string {
  const trimmed = name.trim();
  const years = trimmed.match(yearToken);
  if (!years) return `${trimmed} ${year}`;
  const last = years[years.length - 1]!;
  return trimmed.replace(yearToken, (found) => (found === last ? String(year) : found));
}

function parts(day: string): { year: number; month: number; date: number } {
  const [year, month, date] = day.slice(0, 10).split("-").map(Number);
  return { year: year!, month: month!, date: date! };
}

/** "2027-06-12" -> "June 2027": the wording the public site's dates show. */
export function seasonDatesLabel(startDate: string): string {
  const { year, month } = parts(startDate);
  return `${monthNames[month - 1]} ${year}`;
}

/** The exact dates as the public site words them: "12–21 June 2027", "28 June – 5 July 2027", "30 December 2027 – 8 January 2028". */
export function seasonDatesDetail(startDate: string, endDate: string): string {
  const start = parts(startDate);
  const end = parts(endDate);
  const endText = `${end.date} ${monthNames[end.month - 1]} ${end.year}`;
  if (start.year !== end.year) return `${start.date} ${monthNames[start.month - 1]} ${start.year} – ${endText}`;
  if (start.month !== end.month) return `${start.date} ${monthNames[start.month - 1]} – ${endText}`;
  if (start.date === end.date) return endText;
  return `${start.date}–${endText}`;
}

/** The same calendar day `years` later ("2026-05-10" -> "2027-05-10"); 29 February becomes 28 February. */
export function dayYearsLater(day: string, years: number): string {
  const { year, month, date } = parts(day);
  const next = year + years;
  const leap = (next % 4 === 0 && next % 100 !== 0) || next % 400 === 0;
  const safeDate = month === 2 && date === 29 && !leap ? 28 : date;
  return `${String(next).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(safeDate).padStart(2, "0")}`;
}
