import { GuestsSection } from "./guests-section";
import { RoomsSection } from "./rooms-section";
import { SessionsSection } from "./sessions-section";
import { VendorBookingsSection } from "./vendor-bookings-section";
import { VendorsSection } from "./vendors-section";

/** Schedule tab: the programme by day, the room board, guest-portal invitations and vendors. */
export function ScheduleTab() {
  return (
    <div className="grid gap-6">
      <SessionsSection />
      <RoomsSection />
      <GuestsSection />
      <VendorsSection />
      <VendorBookingsSection />
    </div>
  );
}
