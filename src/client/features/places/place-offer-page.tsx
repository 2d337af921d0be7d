import { CalendarX, CheckCircle2, Link2Off, Loader2, Users, WifiOff, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { formatAmount } from "../../../shared/finance/money";
import { type PublicPlaceOffer, placeMessages, placeOfferTokenParamsSchema } from "../../../shared/schemas/places";
import { Button } from "../../components/ui/button";
import { PublicPageShell, StatusPanel, SupportContact } from "../../components/ui/public-page-shell";
import { serverMessage } from "../../lib/api-error-message";
import { londonDateTime, retreatDates, shortDate } from "./format";
import { offerFailure, useAnswerOffer, usePublicOffer } from "./places-api";

export const offerTexts = {
  title: "Your place on the retreat",
  notFoundTitle: "This link is not valid",
  notFound: "We couldn't find this offer. Please use the link from your most recent email.",
  expiredTitle: "This offer has expired",
  expired: "The time to accept this place has passed, so it has gone to the next person on the waitlist.",
  fullTitle: "Sorry, the retreat is full",
  full: "The place has just been taken. You stay on the waitlist, and we'll write if another place opens up.",
  acceptedTitle: "Your place is confirmed",
  accepted: "Welcome! We've emailed you the next steps. Your deposit confirms your spot.",
  declinedTitle: "You have declined the offer",
  declined: "Thank you for letting us know. The place now goes to the next person on the waitlist.",
  withdrawnTitle: "This offer has been withdrawn",
  withdrawn: "This offer is no longer open. Please get in touch if you have questions.",
  loadFailedTitle: "We couldn't load your offer",
  loadFailed: "Please check your internet connection and try again.",
} as const;

type Problem = "not_found" | "expired" | "full";

function ProblemPanel({ kind, focus = false }: { kind: Problem; focus?: boolean }) {
  const content = {
    not_found: {
      icon: <Link2Off aria-hidden="true" className="size-7" />,
      title: offerTexts.notFoundTitle,
      text: offerTexts.notFound,
    },
    expired: {
      icon: <CalendarX aria-hidden="true" className="size-7" />,
      title: offerTexts.expiredTitle,
      text: offerTexts.expired,
    },
    full: { icon: <Users aria-hidden="true" className="size-7" />, title: offerTexts.fullTitle, text: offerTexts.full },
  }[kind];
  return (
    <StatusPanel tone="error" icon={content.icon} title={content.title} focusOnMount={focus}>
      <p>{content.text}</p>
      <SupportContact lead="Need help? Contact us at" />
    </StatusPanel>
  );
}

function PriceSummary({ offer }: { offer: PublicPlaceOffer }) {
  if (!offer.price) return null;
  const { price } = offer;
  return (
    <section aria-labelledby="offer-price" className="grid gap-3">
      <h2 id="offer-price" className="text-lg font-semibold text-foreground">
        Price
      </h2>
      <p className="text-muted-foreground">
        {offer.bookingTypeName ? `${offer.bookingTypeName}, ` : ""}
        {offer.people === 2 ? "for two people: " : "for one person: "}
        <strong className="text-foreground">{formatAmount(price.total, price.currency)}</strong> in total.
      </p>
      <ul className="grid gap-2 rounded-md border border-border bg-background p-3 text-sm">
        {price.payments.map((p) => (
          <li key={`${p.type}-${p.dueDate}-${p.description}`} className="grid grid-cols-[1fr_auto] gap-x-4">
            <span>
              {p.description} <span className="text-muted-foreground">· due {shortDate(p.dueDate)}</span>
            </span>
            <span className="font-medium tabular-nums">{formatAmount(p.amount, price.currency)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OfferDetails({ offer }: { offer: PublicPlaceOffer }) {
  const dates = retreatDates(offer.startDate, offer.endDate);
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-foreground">Retreat</dt>
      <dd className="text-muted-foreground">{offer.retreatName}</dd>
      {dates ? (
        <>
          <dt className="font-medium text-foreground">Dates</dt>
          <dd className="text-muted-foreground">{dates}</dd>
        </>
      ) : null}
      <dt className="font-medium text-foreground">Where</dt>
      <dd className="text-muted-foreground">{offer.location}</dd>
      <dt className="font-medium text-foreground">Places</dt>
      <dd className="text-muted-foreground">{offer.people === 2 ? "2 (you and your partner)" : "1"}</dd>
    </dl>
  );
}

function OpenOffer({
  token,
  offer,
  onAnswering,
  onProblem,
  onStale,
}: {
  token: string;
  offer: PublicPlaceOffer;
  onAnswering: () => void;
  onProblem: (p: Problem) => void;
  /** Answered elsewhere meanwhile (another tab): reload to show how. */
  onStale: () => void;
}) {
  const answer = useAnswerOffer(token);
  const [confirmDecline, setConfirmDecline] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(kind: "accept" | "decline") {
    setError(null);
    onAnswering();
    try {
      await answer.mutateAsync(kind);
    } catch (failure) {
      const reason = offerFailure(failure);
      const message = serverMessage(failure);
      if (reason === "expired") onProblem("expired");
      else if (reason === "not_found") onProblem("not_found");
      else if (reason === "conflict" && message === placeMessages.full) onProblem("full");
      else if (reason === "conflict") onStale();
      else setError(message ?? "Something went wrong. Please try again.");
    }
  }

  return (
    <section className="grid gap-6 rounded-card border border-border bg-card px-5 py-8 shadow-sm sm:px-10">
      <div className="grid gap-2">
        <h1 className="font-display text-3xl tracking-tight text-foreground sm:text-4xl">
          {offer.firstName ? `Good news, ${offer.firstName}` : "Good news"}
        </h1>
        <p className="text-muted-foreground">
          A place has opened up on <strong className="text-foreground">{offer.retreatName}</strong> and it is yours if
          you want it.
        </p>
        <p className="font-medium text-foreground" data-testid="offer-expiry">
          This offer is open until {londonDateTime(offer.expiresAt)} (London time).
        </p>
      </div>
      <OfferDetails offer={offer} />
      <PriceSummary offer={offer} />
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {error}
        </p>
      ) : null}
      {confirmDecline ? (
        <div className="grid gap-3 rounded-md border border-border p-4">
          <p className="text-sm text-foreground">
            Decline the place? It goes to the next person on the waitlist, and this link stops working.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="destructive" size="lg" disabled={answer.isPending} onClick={() => void send("decline")}>
              {answer.isPending ? "Declining..." : "Yes, decline the place"}
            </Button>
            <Button variant="outline" size="lg" disabled={answer.isPending} onClick={() => setConfirmDecline(false)}>
              Keep the offer
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button size="lg" disabled={answer.isPending} onClick={() => void send("accept")}>
            {answer.isPending ? "Accepting..." : "Accept my place"}
          </Button>
          <Button variant="outline" size="lg" disabled={answer.isPending} onClick={() => setConfirmDecline(true)}>
            Decline the offer
          </Button>
        </div>
      )}
    </section>
  );
}

function Answered({ offer, justNow }: { offer: PublicPlaceOffer; justNow: boolean }) {
  if (offer.status === "accepted") {
    return (
      <StatusPanel
        tone="success"
        icon={<CheckCircle2 aria-hidden="true" className="size-7" />}
        title={offerTexts.acceptedTitle}
        focusOnMount={justNow}
      >
        <p>{offerTexts.accepted}</p>
        <div className="text-left">
          <OfferDetails offer={offer} />
        </div>
        <div className="text-left">
          <PriceSummary offer={offer} />
        </div>
      </StatusPanel>
    );
  }
  const declined = offer.status === "declined";
  return (
    <StatusPanel
      icon={<XCircle aria-hidden="true" className="size-7" />}
      title={declined ? offerTexts.declinedTitle : offerTexts.withdrawnTitle}
      focusOnMount={justNow}
    >
      <p>{declined ? offerTexts.declined : offerTexts.withdrawn}</p>
      <SupportContact lead="Questions? Contact us at" />
    </StatusPanel>
  );
}

function OfferFlow({ token }: { token: string }) {
  const page = usePublicOffer(token);
  const [problem, setProblem] = useState<Problem | null>(null);
  // Answers on this visit move focus to the result; a link opened later just shows it.
  const [answeredHere, setAnsweredHere] = useState(false);

  if (problem) return <ProblemPanel kind={problem} focus />;
  if (page.isPending) {
    return (
      <StatusPanel role="status" icon={<Loader2 aria-hidden="true" className="size-7 animate-spin" />} title="Loading…">
        <p>Fetching your offer.</p>
      </StatusPanel>
    );
  }
  if (page.isError) {
    const failure = offerFailure(page.error);
    if (failure === "not_found" || failure === "expired") return <ProblemPanel kind={failure} />;
    return (
      <StatusPanel
        role="alert"
        tone="error"
        icon={<WifiOff aria-hidden="true" className="size-7" />}
        title={offerTexts.loadFailedTitle}
        actions={
          <Button size="lg" onClick={() => void page.refetch()} disabled={page.isFetching}>
            {page.isFetching ? "Trying again..." : "Try again"}
          </Button>
        }
      >
        <p>{offerTexts.loadFailed}</p>
      </StatusPanel>
    );
  }
  if (page.data.status !== "offered") return <Answered offer={page.data} justNow={answeredHere} />;
  return (
    <OpenOffer
      token={token}
      offer={page.data}
      onAnswering={() => setAnsweredHere(true)}
      onProblem={setProblem}
      onStale={() => void page.refetch()}
    />
  );
}

function isOfferToken(token: string | undefined): token is string {
  return placeOfferTokenParamsSchema.safeParse({ token: token ?? "" }).success;
}

export default function PlaceOfferPage({ params }: { params: { token?: string } }) {
  let content: ReactNode;
  if (!isOfferToken(params.token)) content = <ProblemPanel kind="not_found" />;
  else content = <OfferFlow token={params.token} />;
  return (
    <PublicPageShell
      title={offerTexts.title}
      footerNote="Places are offered in waitlist order; each offer is for one person or couple."
    >
      {content}
    </PublicPageShell>
  );
}
