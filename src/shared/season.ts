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
