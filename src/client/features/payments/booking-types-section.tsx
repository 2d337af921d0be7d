import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { formatAmount } from "../../../shared/finance/money";
import type { AdminBookingType } from "../../../shared/schemas/payments";
import { lazyDialog } from "../../components/lazy-dialog";
import { Button } from "../../components/ui/button";
import { LoadStatus, SectionCard } from "../../components/ui/section-card";
import { cn } from "../../lib/cn";
import { useBookingTypes } from "./payments-api";

const BookingTypeDialog = lazyDialog(() => import("./booking-type-dialog").then((m) => m.BookingTypeDialog));

/** The rates and add-ons: what the landing page shows and what acceptances are priced from. */
export function BookingTypesSection({ retreatId }: { retreatId: string | null }) {
  const { data, isLoading, isError } = useBookingTypes();
  const [editing, setEditing] = useState<AdminBookingType | "new" | null>(null);
  // The season's types and those shared by every retreat; without a season all of them.
  const types = (data ?? []).filter((t) => !retreatId || t.retreatId === retreatId || t.retreatId === null);

  return (
    <SectionCard
      title="Booking types"
      description="Prices per person shown on the landing page. The add-on is the VIP upgrade, added to either rate."
      action={
        <Button variant="outline" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" className="size-4" />
          Add booking type
        </Button>
      }
      dialogs={
        editing ? (
          <BookingTypeDialog
            type={editing === "new" ? null : editing}
            retreatId={retreatId}
            onClose={() => setEditing(null)}
          />
        ) : null
      }
    >
      <LoadStatus
        loading={isLoading && "Loading booking types..."}
        error={isError && "Failed to load booking types."}
      />
      <ul aria-label="Booking types" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {types.map((t) => {
          const title = t.displayName ?? t.name;
          return (
            <li
              key={t.id}
              aria-labelledby={`booking-type-${t.id}`}
              className={cn(
                "grid content-start gap-2 rounded-md border border-border p-4",
                !t.isActive && "bg-muted/50",
              )}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 id={`booking-type-${t.id}`} className="font-semibold break-words">
                    {title}
                  </h3>
                  <p className="text-sm text-muted-foreground">
                    {[
                      t.isAddon ? "Add-on" : t.maxOccupancy === 2 ? "Couple rate" : "Solo rate",
                      t.isActive ? null : "Inactive",
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <p className="text-lg font-bold tabular-nums">{formatAmount(t.basePrice, t.currency)}</p>
              </div>
              {t.description ? <p className="text-sm break-words">{t.description}</p> : null}
              {t.isAddon ? null : (
                <p className="text-sm text-muted-foreground">
                  Deposit {formatAmount(t.depositAmount, t.currency)} per person
                </p>
              )}
              <div>
                <Button size="sm" variant="outline" aria-label={`Edit ${title}`} onClick={() => setEditing(t)}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
