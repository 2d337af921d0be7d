import { useSeason } from "../admin-shell/use-season";
import { PlaceOffersPanel } from "../places/place-offers-panel";
import { BookingTypesSection } from "./booking-types-section";
import { OverviewCards } from "./overview-cards";
import { PaymentsSection } from "./payments-section";
import { PlansSection } from "./plans-section";
import { RemindersSection } from "./reminders-section";

/** Spec section 2: payment overview, plans, reminders, payments, booking types, all of the season. */
export function PaymentsTab() {
  const season = useSeason();
  // Nothing until the season is known, so no section shows another season's money first.
  if (season.isLoading) return <p className="text-muted-foreground">Loading payments...</p>;
  const retreatId = season.retreatId ?? null;
  return (
    <div className="grid gap-6">
      <PlaceOffersPanel retreatId={retreatId} />
      <OverviewCards />
      <PlansSection />
      <RemindersSection />
      <PaymentsSection />
      <BookingTypesSection retreatId={retreatId} />
    </div>
  );
}
