import { displayName, type PersonLike } from "../../../../shared/display/people";

/** "Ada Lovelace", or the email when the name is missing. */
export function fullName(app: PersonLike): string {
  return displayName(app, "Applicant");
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
