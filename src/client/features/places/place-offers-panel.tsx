import { useState } from "react";
import { type PlaceOfferItem, placeOfferStatusLabels } from "../../../shared/schemas/places";
import { Button } from "../../components/ui/button";
import { AdminDialog } from "../../components/ui/dialog";
import { serverMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/use-toast";
import { CapacityBar } from "./capacity-bar";
import { londonDateTime } from "./format";
import { usePlaceOffers, useWithdrawOffer } from "./places-api";

const statusTone: Record<PlaceOfferItem["status"], string> = {
  offered: "bg-secondary text-primary",
  accepted: "bg-primary/10 text-primary",
  declined: "bg-muted text-muted-foreground",
  expired: "bg-muted text-muted-foreground",
  withdrawn: "bg-muted text-muted-foreground",
};

function StatusBadge({ status }: { status: PlaceOfferItem["status"] }) {
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium", statusTone[status])}>
      {placeOfferStatusLabels[status]}
    </span>
  );
}

function WithdrawDialog({ offer, onClose }: { offer: PlaceOfferItem | null; onClose: () => void }) {
  const withdraw = useWithdrawOffer();
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    if (!offer) return;
    setError(null);
    try {
      const result = await withdraw.mutateAsync(offer.id);
      toast({
        title: "Offer withdrawn",
        description:
          result.offersMade > 0
            ? "The place has been offered to the next person on the waitlist."
            : "Nobody else on the waitlist fits the place.",
      });
      onClose();
    } catch (failure) {
      setError(serverMessage(failure) ?? "The offer could not be withdrawn. Please try again.");
    }
  }
  return (
    <AdminDialog
      alert
      open={offer !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
      title="Withdraw this offer?"
      description={
        offer ? `${offer.applicantName}'s link stops working and the place is offered to the next person.` : undefined
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep offer
          </Button>
          <Button variant="destructive" disabled={withdraw.isPending} onClick={() => void confirm()}>
            {withdraw.isPending ? "Withdrawing..." : "Withdraw offer"}
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          The applicant stays on the waitlist and is not offered a place again automatically.
        </p>
      )}
    </AdminDialog>
  );
}

function OpenOffers({ offers, onWithdraw }: { offers: PlaceOfferItem[]; onWithdraw: (o: PlaceOfferItem) => void }) {
  if (offers.length === 0) {
    return <p className="text-sm text-muted-foreground">Nobody holds an offer right now.</p>;
  }
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Open place offers</caption>
      <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Applicant
          </th>
          <th scope="col" className="hidden py-2 pr-3 font-medium md:table-cell">
            Place freed by
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Expires (London)
          </th>
          <th scope="col" className="py-2 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {offers.map((offer) => (
          <tr key={offer.id} className="border-b border-border last:border-0">
            <td className="py-3 pr-3 align-top">
              <div className="font-medium text-foreground">{offer.applicantName}</div>
              <div className="break-all text-xs text-muted-foreground">{offer.email}</div>
              {offer.people === 2 ? <div className="text-xs text-muted-foreground">Couple (2 places)</div> : null}
            </td>
            <td className="hidden py-3 pr-3 align-top text-muted-foreground md:table-cell">
              {offer.releasedBy?.name ?? "—"}
            </td>
            <td className="py-3 pr-3 align-top">{londonDateTime(offer.expiresAt)}</td>
            <td className="py-3 text-right align-top">
              <Button
                size="sm"
                variant="outline"
                aria-label={`Withdraw the offer to ${offer.applicantName}`}
                onClick={() => onWithdraw(offer)}
              >
                Withdraw
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function History({ offers }: { offers: PlaceOfferItem[] }) {
  if (offers.length === 0) return null;
  return (
    <details className="group rounded-md border border-border">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
        Earlier offers ({offers.length})
      </summary>
      <ul className="grid gap-2 px-3 pb-3">
        {offers.map((offer) => (
          <li
            key={offer.id}
            className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-2 text-sm"
          >
            <span>
              <span className="font-medium">{offer.applicantName}</span>{" "}
              <span className="text-muted-foreground">
                offered {londonDateTime(offer.createdAt)}
                {offer.respondedAt ? `, closed ${londonDateTime(offer.respondedAt)}` : ""}
              </span>
            </span>
            <StatusBadge status={offer.status} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Capacity (places taken of the retreat's capacity) and the waitlist offers: who holds one, until when. */
export function PlaceOffersPanel({ retreatId }: { retreatId: string | null }) {
  const offers = usePlaceOffers(retreatId);
  const [withdrawing, setWithdrawing] = useState<PlaceOfferItem | null>(null);

  return (
    <section
      aria-labelledby="place-offers-title"
      className="grid gap-4 rounded-card border border-border bg-card p-4 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="place-offers-title" className="text-lg font-semibold">
          Places and waitlist offers
        </h2>
        <p className="text-sm text-muted-foreground">
          A released place is offered to the next person on the waitlist by email, with a link that expires.
        </p>
      </div>
      {offers.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading places…
        </p>
      ) : offers.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          {serverMessage(offers.error) ?? "The places could not be loaded."}
          <Button size="sm" variant="outline" onClick={() => void offers.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <CapacityBar capacity={offers.data.capacity} />
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">Open offers</h3>
            <OpenOffers offers={offers.data.open} onWithdraw={setWithdrawing} />
          </div>
          <History offers={offers.data.history} />
        </>
      )}
      <WithdrawDialog offer={withdrawing} onClose={() => setWithdrawing(null)} />
    </section>
  );
}
