import { useQuery } from "@tanstack/react-query";
import type { BookingType, CurrentRetreat } from "../../../shared/schemas/retreats";
import { currentRetreatQueryKey } from "../landing/landing-api";

/** The active retreat; spec section 7: this is the one read that retries (3 times). */
/** Same key as the landing page's read, so both share one request and one cache entry. */
export function useActiveRetreat() {
  return useQuery<CurrentRetreat>({ queryKey: currentRetreatQueryKey, retry: 3 });
}

/** The VIP add-on (the booking type marked as an add-on), if the retreat sells one. */
export function findVipAddon(retreat: CurrentRetreat | undefined): BookingType | undefined {
  const addons = retreat?.bookingTypes?.filter((type) => type.isAddon) ?? [];
  return addons.find((type) => type.name.toLowerCase() === "vip") ?? addons[0];
}

/**
 * The two rates a room choice is priced at: solo (one guest, their own bed) and couples (two
 * guests sharing a bed), matched by name as seeded, else by how many guests the rate is for.
 */
export function findRoomRates(retreat: CurrentRetreat | undefined): { solo?: BookingType; couple?: BookingType } {
  const rates = retreat?.bookingTypes?.filter((type) => !type.isAddon) ?? [];
  const named = (name: string) => rates.find((type) => type.name.toLowerCase() === name);
  return {
    solo: named("solo") ?? rates.find((type) => type.maxOccupancy <= 1),
    couple: named("couple") ?? rates.find((type) => type.maxOccupancy >= 2),
  };
}
