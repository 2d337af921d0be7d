import { createEvent } from "ics";
import type { EmailAttachment } from "../../db/schema";
import { addressOf } from "../../email/address";

export type InviteMethod = "REQUEST" | "CANCEL";

export type InviteInput = {
  interviewId: string;
  /** Bumped on every change, so calendars replace the entry instead of adding a second one. */
  sequence: number;
  method: InviteMethod;
  start: Date;
  duration: number;
  meetingUrl: string | null;
  attendee: { name: string; email: string };
  publicUrl: string;
  emailFrom: string;
};

/** The same UID for every message about one interview: calendars match updates and cancels by it. */
export function inviteUid(interviewId: string, publicUrl: string): string {
  return `interview-${interviewId}@${new URL(publicUrl).hostname}`;
}

/** An iTIP message (RFC 5546): REQUEST creates or updates the applicant's calendar entry, CANCEL removes it. */
export function buildInterviewInvite(input: InviteInput): EmailAttachment {
  const end = new Date(input.start.getTime() + input.duration * 60_000);
  const { error, value } = createEvent({
    uid: inviteUid(input.interviewId, input.publicUrl),
    sequence: input.sequence,
    method: input.method,
    status: input.method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
    productId: "retreat-hq/interviews",
    title: "Retreat HQ Quick Chat",
    description: input.meetingUrl ? `Join the video call: ${input.meetingUrl}` : "Retreat HQ interview",
    ...(input.meetingUrl ? { location: input.meetingUrl, url: input.meetingUrl } : {}),
    start: input.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    organizer: { name: "Retreat HQ", email: addressOf(input.emailFrom) },
    attendees: [
      {
        name: input.attendee.name || input.attendee.email,
        email: input.attendee.email,
        role: "REQ-PARTICIPANT",
        partstat: "NEEDS-ACTION",
        rsvp: false,
      },
    ],
  });
  if (error || !value) throw error ?? new Error("Interview invitation could not be built");
  return {
    filename: "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${input.method}`,
    content: value,
  };
}
