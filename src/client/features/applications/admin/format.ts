/** "Ada Lovelace", or the email when the name is missing. */
export function fullName(app: { firstName?: string | null; lastName?: string | null; email?: string }): string {
  return [app.firstName, app.lastName].filter((part) => part?.trim()).join(" ") || app.email || "Applicant";
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** "3 Jan 2026" */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

const roomLabels: Record<string, string> = { shared_bed: "Shared room", private: "Private room" };

export function roomPreferenceLabel(value: string | null | undefined): string {
  if (!value) return "No preference given";
  return roomLabels[value] ?? value;
}
