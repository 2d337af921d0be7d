import { VendorBookingsSection } from "../vendors/vendor-bookings-section";
import { VendorsSection } from "../vendors/vendors-section";
import { GuestsSection } from "./guests-section";
import { RoomsSection } from "./rooms-section";
import { SessionsSection } from "./sessions-section";

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
