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

/** A Google Calendar "add event" link: stands in for an .ics attachment, which the outbox cannot carry. */
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

const templates = {
  scheduled: compileMarkdownEmail({
    subject: "Your Quick Chat with Retreat HQ",
    body: [
      "Hi {{ firstName }},",
      "",
      "Thank you for your application. Your Quick Chat ({{ duration }} minutes) is booked for:",
      "",
      "**{{ london }}**  ",
      "{{ utc }}",
      "",
      "Join the video call: [{{ meetingUrl }}]({{ meetingUrl }})",
      "",
      "[Add to calendar]({{ calendarUrl }})",
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
      "**{{ london }}**  ",
      "{{ utc }}",
      "",
      "Join the video call: [{{ meetingUrl }}]({{ meetingUrl }})",
      "",
      "[Add to calendar]({{ calendarUrl }})",
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
      "We will be in touch about a new time.",
    ].join("\n"),
    footer,
  }),
};

export function renderInterviewEmail(
  kind: keyof typeof templates,
  data: { firstName: string | null; scheduledAt: Date; duration: number; meetingUrl: string | null },
): Promise<RenderedEmail> {
  const meetingUrl = data.meetingUrl ?? "";
  return renderMarkdownEmail(templates[kind], {
    firstName: data.firstName || "there",
    duration: data.duration,
    meetingUrl,
    calendarUrl: calendarLink(data.scheduledAt, data.duration, data.meetingUrl),
    ...describeTime(data.scheduledAt),
  });
}
