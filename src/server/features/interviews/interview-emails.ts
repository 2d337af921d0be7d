import { interviewDefaults } from "../../../shared/schemas/interviews";
import { formatDayHeading, wallClockInZone } from "../../../shared/schemas/schedule";
import { compileMarkdownEmail, renderMarkdownEmail } from "../../email/markdown-email";
import type { RenderedEmail } from "../../email/render";

const footer = "You receive this email because you applied to a Retreat HQ retreat.";

/** The applicant's own zone is unknown, so every time is written in London time and in UTC. */
export function describeTime(instant: Date): { london: string; utc: string } {
  const london = wallClockInZone(instant, interviewDefaults.timeZone);
  const utc = wallClockInZone(instant, "UTC");
  return {
    london: `${formatDayHeading(london.date)}, ${london.time} (London time)`,
    utc: `${formatDayHeading(utc.date)}, ${utc.time} UTC`,
  };
}

const compact = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A Google Calendar "add event" link, beside the invite.ics: webmail readers that ignore attachments still get one click. */
export function calendarLink(start: Date, durationMinutes: number, meetingUrl: string | null): string {
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: "Retreat HQ Quick Chat",
    dates: `${compact(start)}/${compact(end)}`,
    details: meetingUrl ? `Join the video call: ${meetingUrl}` : "Retreat HQ interview",
    location: meetingUrl ?? "",
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** The booked time (London, then UTC), the call's link and the calendar link: what an invitation and its update end with. */
const timeAndCall = [
  "**{{ london }}**  ",
  "{{ utc }}",
  "",
  "Join the video call: [{{ meetingUrl }}]({{ meetingUrl }})",
  "",
  "[Add to calendar]({{ calendarUrl }})",
];

const templates = {
  scheduled: compileMarkdownEmail({
    subject: "Your Quick Chat with Retreat HQ",
    body: [
      "Hi {{ firstName }},",
      "",
      "Thank you for your application. Your Quick Chat ({{ duration }} minutes) is booked for:",
      "",
      ...timeAndCall,
    ].join("\n"),
    footer,
  }),
  rescheduled: compileMarkdownEmail({
    subject: "Interview rescheduled",
    body: [
      "Hi {{ firstName }},",
      "",
      "Your Quick Chat with Retreat HQ has moved. The new time is:",
      "",
      ...timeAndCall,
    ].join("\n"),
    footer,
  }),
  cancelled: compileMarkdownEmail({
    subject: "Interview cancelled",
    body: [
      "Hi {{ firstName }},",
      "",
      "Your Quick Chat with Retreat HQ on **{{ london }}** ({{ utc }}) has been cancelled.",
      "",
      "{% if movedByApplicant %}You chose a new time: a separate email confirms it.{% else %}We will be in touch about a new time.{% endif %}",
    ].join("\n"),
    footer,
  }),
};

const bookingLinkTemplate = compileMarkdownEmail({
  subject: "Choose a time for your Quick Chat with Retreat HQ",
  body: [
    "Hi {{ firstName }},",
    "",
    "Thank you for your application. The next step is a short video call ({{ duration }} minutes) with {{ interviewerName }}.",
    "",
    "Please pick a time that suits you:",
    "",
    "[Choose your time]({{ bookingUrl }})",
    "",
    "The link works until {{ expires }}. If none of the times suit you, just reply to this email.",
  ].join("\n"),
  footer,
});

/** The email with the applicant's self-booking link. */
export function renderBookingLinkEmail(data: {
  firstName: string | null;
  duration: number;
  interviewerName: string;
  bookingUrl: string;
  expiresAt: Date;
}): Promise<RenderedEmail> {
  return renderMarkdownEmail(bookingLinkTemplate, {
    firstName: data.firstName || "there",
    duration: data.duration,
    interviewerName: data.interviewerName,
    bookingUrl: data.bookingUrl,
    expires: describeTime(data.expiresAt).london,
  });
}

export function renderInterviewEmail(
  kind: keyof typeof templates,
  data: {
    firstName: string | null;
    scheduledAt: Date;
    duration: number;
    meetingUrl: string | null;
    /** A cancellation that is half of the applicant's own reschedule (Calendly sends both halves). */
    movedByApplicant?: boolean;
  },
): Promise<RenderedEmail> {
  const meetingUrl = data.meetingUrl ?? "";
  return renderMarkdownEmail(templates[kind], {
    firstName: data.firstName || "there",
    duration: data.duration,
    meetingUrl,
    calendarUrl: calendarLink(data.scheduledAt, data.duration, data.meetingUrl),
    movedByApplicant: data.movedByApplicant ?? false,
    ...describeTime(data.scheduledAt),
  });
}
