import { GuestsSection } from "./guests-section";
import { RoomsSection } from "./rooms-section";
import { SessionsSection } from "./sessions-section";

/** Schedule tab: the programme by day, the room board and guest-portal invitations. */
export function ScheduleTab() {
  return (
    <div className="grid gap-6">
      <SessionsSection />
      <RoomsSection />
      <GuestsSection />
    </div>
  );
}
