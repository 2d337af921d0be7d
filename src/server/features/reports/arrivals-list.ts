import {
  type ArrivalsReport,
  recentChangeDays,
  type TimeWindow,
  type TravelGroup,
  type Traveller,
  timeWindowOf,
  timeWindows,
} from "../../../shared/schemas/reports";
import type { Application, Retreat } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { bookingName, bookingsOf, type ListTravelForm, latestTravelForms, peopleIn } from "./bookings";

/**
 * Flight times are the guest's wall-clock times stored as that time in UTC (travel.service.ts),
 * so the UTC date and time are what they typed. A date sent without a time is stored at 00:00:
 * exactly midnight is read as "time not given" rather than sending the driver out at midnight.
 */
function wallClock(at: Date | null): { day: string | null; time: string | null } {
  if (!at) return { day: null, time: null };
  const iso = at.toISOString();
  const time = iso.slice(11, 16);
  return { day: iso.slice(0, 10), time: time === "00:00" ? null : time };
}

type Leg = { at: Date | null; flightNumber: string | null; from: string | null; to: string | null };

function hasLeg(leg: Leg): boolean {
  return Boolean(leg.at || leg.flightNumber || leg.from || leg.to);
}

/** Day order (undated last), then the day's windows in order (time not given first). */
function groupKey(group: Pick<TravelGroup, "day" | "window">): string {
  const window = group.window === null ? 0 : timeWindows.indexOf(group.window) + 1;
  return `${group.day ?? "9999-99-99"}:${window}`;
}

function group(entries: { day: string | null; traveller: Traveller }[]): TravelGroup[] {
  const groups = new Map<string, TravelGroup>();
  for (const { day, traveller } of entries) {
    const window: TimeWindow | null = traveller.time ? timeWindowOf(traveller.time) : null;
    const key = groupKey({ day, window });
    const found = groups.get(key) ?? { day, window, travellers: [] };
    found.travellers.push(traveller);
    groups.set(key, found);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, g]) => ({
      ...g,
      travellers: g.travellers.sort(
        (a, b) => (a.time ?? "").localeCompare(b.time ?? "") || a.name.localeCompare(b.name),
      ),
    }));
}

/**
 * Arrivals and departures for the driver: each booking's outbound flight by arrival and return
 * flight by departure, grouped by day and time window, with the airport pickup flag and a mark on
 * forms sent (or sent again) within the last recentChangeDays days.
 */
export async function buildArrivalsList(db: DbOrTx, retreat: Retreat, now: Date): Promise<ArrivalsReport> {
  const bookings = await bookingsOf(db, retreat.id);
  const forms = await latestTravelForms(
    db,
    bookings.map((b) => b.id),
    { allergies: false },
  );
  const changedSince = now.getTime() - recentChangeDays * 86_400_000;
  const arrivals: { day: string | null; traveller: Traveller }[] = [];
  const departures: { day: string | null; traveller: Traveller }[] = [];
  const withoutTravelForm: ArrivalsReport["withoutTravelForm"] = [];
  let pickupPeople = 0;

  const traveller = (booking: Application, form: ListTravelForm, leg: Leg, pickup: boolean) => {
    const changed = form.submittedAt.getTime() >= changedSince;
    return {
      day: wallClock(leg.at).day,
      traveller: {
        applicationId: booking.id,
        name: bookingName(booking),
        people: peopleIn(booking),
        flightNumber: leg.flightNumber,
        from: leg.from,
        to: leg.to,
        time: wallClock(leg.at).time,
        airportPickup: pickup,
        recentChange: changed ? (form.submissionHistory.length > 0 ? ("updated" as const) : ("new" as const)) : null,
        changedAt: form.submittedAt.toISOString(),
      },
    };
  };

  for (const booking of bookings) {
    const form = forms.get(booking.id);
    if (!form) {
      withoutTravelForm.push({ applicationId: booking.id, name: bookingName(booking), people: peopleIn(booking) });
      continue;
    }
    const outbound: Leg = {
      at: form.outboundArrivalDate,
      flightNumber: form.outboundFlightNumber,
      from: form.outboundDepartureAirport,
      to: form.outboundArrivalAirport,
    };
    const back: Leg = {
      at: form.returnDepartureDate,
      flightNumber: form.returnFlightNumber,
      from: form.returnDepartureAirport,
      to: form.returnArrivalAirport,
    };
    // A form without any outbound flight still shows up on arrivals (undated), so nobody is missed.
    arrivals.push(traveller(booking, form, outbound, form.airportPickupRequired));
    if (form.airportPickupRequired) pickupPeople += peopleIn(booking);
    if (hasLeg(back)) departures.push(traveller(booking, form, back, false));
  }
  return {
    retreat: { id: retreat.id, name: retreat.name },
    generatedAt: now.toISOString(),
    recentChangeDays,
    arrivals: group(arrivals),
    departures: group(departures),
    withoutTravelForm,
    pickupPeople,
  };
}
