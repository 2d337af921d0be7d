import { CalendarX, Link2Off, Loader2, WifiOff } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { BookedSlot } from "../../../shared/schemas/interviews";
import { Button } from "../../components/ui/button";
import { PublicPageShell, StatusPanel, SupportContact } from "../../components/ui/public-page-shell";
import { serverMessage } from "../../lib/api-error-message";
import { BookingConfirmation } from "./booking-confirmation";
import { visitorTimeZone } from "./format";
import { bookingFailure, isBookingToken, useBookingPage } from "./interview-api";
import { SlotPicker } from "./slot-picker";

export const bookingTexts = {
  title: "Book your interview",
  notFoundTitle: "This link is not valid",
  notFound: "We couldn't find this booking link. Please use the link from your most recent email.",
  expiredTitle: "This link has expired",
  expired: "This booking link has expired. Get in touch and we'll send you a new one.",
  loadFailedTitle: "We couldn't load your booking page",
  loadFailed: "Please check your internet connection and try again.",
} as const;

/**
 * An unknown or closed link. A closed one (410) shows the server's reason when it gave one: it
 * has run out, or the application has no interview ahead any more.
 */
function LinkProblem({ kind, message }: { kind: "not_found" | "expired"; message?: string }) {
  const notFound = kind === "not_found";
  return (
    <StatusPanel
      tone="error"
      icon={
        notFound ? (
          <Link2Off aria-hidden="true" className="size-7" />
        ) : (
          <CalendarX aria-hidden="true" className="size-7" />
        )
      }
      title={notFound ? bookingTexts.notFoundTitle : bookingTexts.expiredTitle}
    >
      <p>{notFound ? bookingTexts.notFound : message || bookingTexts.expired}</p>
      <SupportContact lead="Need help? Contact us at" />
    </StatusPanel>
  );
}

function BookingFlow({ token }: { token: string }) {
  const timeZone = visitorTimeZone();
  const page = useBookingPage(token, true);
  const [booked, setBooked] = useState<BookedSlot | null>(null);
  // A link can stop working between loading the page and booking (expired, withdrawn).
  const [gone, setGone] = useState<{ kind: "not_found" | "expired"; message?: string } | null>(null);

  if (gone) return <LinkProblem kind={gone.kind} message={gone.message} />;
  if (booked) return <BookingConfirmation slot={booked} timeZone={timeZone} justBooked />;
  if (page.isPending) {
    return (
      <StatusPanel role="status" icon={<Loader2 aria-hidden="true" className="size-7 animate-spin" />} title="Loading…">
        <p>Finding the free times for your interview.</p>
      </StatusPanel>
    );
  }
  if (page.isError) {
    const failure = bookingFailure(page.error);
    if (failure === "not_found" || failure === "expired") {
      return <LinkProblem kind={failure} message={serverMessage(page.error)} />;
    }
    return (
      <StatusPanel
        role="alert"
        tone="error"
        icon={<WifiOff aria-hidden="true" className="size-7" />}
        title={bookingTexts.loadFailedTitle}
        actions={
          <Button size="lg" onClick={() => void page.refetch()} disabled={page.isFetching}>
            {page.isFetching ? "Trying again..." : "Try again"}
          </Button>
        }
      >
        <p>{bookingTexts.loadFailed}</p>
      </StatusPanel>
    );
  }
  const data = page.data;
  if (data.booked) {
    return (
      <BookingConfirmation
        slot={{
          scheduledAt: data.booked.scheduledAt,
          meetingUrl: data.booked.meetingUrl,
          duration: data.duration,
          interviewerName: data.interviewerName,
        }}
        timeZone={timeZone}
        justBooked={false}
      />
    );
  }
  return (
    <SlotPicker
      token={token}
      page={data}
      timeZone={timeZone}
      refreshing={page.isFetching}
      onRefresh={() => page.refetch()}
      onBooked={setBooked}
      onGone={(kind, message) => setGone({ kind, message })}
    />
  );
}

export default function InterviewBookingPage({ params }: { params: { token?: string } }) {
  let content: ReactNode;
  if (!isBookingToken(params.token)) content = <LinkProblem kind="not_found" />;
  else content = <BookingFlow token={params.token} />;
  return (
    <PublicPageShell
      title={bookingTexts.title}
      footerNote="Interviews are short, friendly video calls; all you need is a browser."
    >
      {content}
    </PublicPageShell>
  );
}
