import { PlaceOffersPanel } from "../places/place-offers-panel";
import { BookingTypesSection } from "./booking-types-section";
import { OverviewCards } from "./overview-cards";
import { useCurrentRetreat } from "./payments-api";
import { PaymentsSection } from "./payments-section";
import { PlansSection } from "./plans-section";
import { RemindersSection } from "./reminders-section";

/** Spec section 2: payment overview, plans, reminders, payments, booking types. */
export function PaymentsTab() {
  const retreat = useCurrentRetreat();
  const retreatId = retreat.data?.id ?? null;
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
