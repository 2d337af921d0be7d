import { businessTimeZone } from "../../../shared/constants";
import { formatDayHeading, wallClockInZone } from "../../../shared/schemas/schedule";
import { compileMarkdownEmail, renderMarkdownEmail } from "../../email/markdown-email";
import type { RenderedEmail } from "../../email/render";

const footer = "You receive this email because you are on the waitlist for a Retreat HQ retreat.";

const offerTemplate = compileMarkdownEmail({
  subject: "A place has opened up on {{ retreatName }}",
  body: [
    "Hi {{ firstName }},",
    "",
    "Good news: a place has opened up on **{{ retreatName }}**{% if dates != '' %} ({{ dates }}){% endif %}, and you are next on the waitlist.{% if people > 1 %} The offer is for both of you.{% endif %}",
    "",
    "[See the offer and accept your place]({{ offerUrl }})",
    "",
    "The offer is yours until **{{ expires }}**. After that it passes to the next person on the waitlist. If you no longer wish to come, you can decline it on the same page, so the place goes to someone else sooner.",
  ].join("\n"),
  footer,
});

/** "Friday 22 May 2026, 14:00 (London time)": applicants live everywhere; the business keeps London time. */
export function describeExpiry(instant: Date): string {
  const { date, time } = wallClockInZone(instant, businessTimeZone);
  return `${formatDayHeading(date)}, ${time} (London time)`;
}

export function describeDates(startDate: string | null, endDate: string | null): string {
  if (!startDate) return "";
  if (!endDate || endDate === startDate) return formatDayHeading(startDate);
  return `${formatDayHeading(startDate)} to ${formatDayHeading(endDate)}`;
}

export function renderPlaceOfferEmail(data: {
  firstName: string | null;
  retreatName: string;
  startDate: string | null;
  endDate: string | null;
  people: number;
  offerUrl: string;
  expiresAt: Date;
}): Promise<RenderedEmail> {
  return renderMarkdownEmail(offerTemplate, {
    firstName: data.firstName?.trim() || "there",
    retreatName: data.retreatName,
    dates: describeDates(data.startDate, data.endDate),
    people: data.people,
    offerUrl: data.offerUrl,
    expires: describeExpiry(data.expiresAt),
  });
}
