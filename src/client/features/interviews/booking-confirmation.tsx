import { CalendarCheck, Video } from "lucide-react";
import type { BookedSlot } from "../../../shared/schemas/interviews";
import { buttonVariants } from "../../components/ui/button";
import { StatusPanel, SupportContact } from "../../components/ui/public-page-shell";
import { dayAndTime, zoneLabel } from "./format";

/** The booked time on the visitor's clock, with the video link. */
export function BookingConfirmation({
  slot,
  timeZone,
  justBooked,
}: {
  slot: BookedSlot;
  timeZone: string;
  /** Just booked on this page: focus moves to the heading so it is read out. */
  justBooked: boolean;
}) {
  const start = dayAndTime(slot.scheduledAt, timeZone);
  const end = dayAndTime(new Date(Date.parse(slot.scheduledAt) + slot.duration * 60_000).toISOString(), timeZone);
  return (
    <StatusPanel
      focusOnMount={justBooked}
      tone="success"
      icon={<CalendarCheck aria-hidden="true" className="size-7" />}
      title={justBooked ? "Your interview is booked" : "Your interview is already booked"}
      actions={
        slot.meetingUrl ? (
          <a
            href={slot.meetingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ size: "lg" })}
          >
            <Video aria-hidden="true" className="size-5" />
            Open the video call
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null
      }
    >
      <p className="text-lg text-foreground">
        <strong className="font-semibold" data-testid="booked-time">
          {start.day}, {start.time}–{end.time}
        </strong>
      </p>
      <p>Shown in your time zone: {zoneLabel(timeZone, new Date(slot.scheduledAt))}.</p>
      <p>
        A {slot.duration}-minute video interview with {slot.interviewerName}.
        {slot.meetingUrl ? " Join from your browser at that time; no app is needed." : ""}
      </p>
      {slot.meetingUrl ? (
        <p className="break-all text-sm">
          Video link: <span className="font-mono text-foreground">{slot.meetingUrl}</span>
        </p>
      ) : null}
      <SupportContact lead="Need to change the time? Contact us at" />
    </StatusPanel>
  );
}
