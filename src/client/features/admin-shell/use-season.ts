import { useQuery } from "@tanstack/react-query";
import type { AdminRetreat } from "../../../shared/schemas/retreats-admin";

/** Every retreat (season), for the switcher and the tabs that need a season's facts. */
export const seasonsPath = "/api/admin/retreats";

/**
 * The season the back office is working on: every tab reads and writes this retreat. Until the
 * user picks one in the season switcher it is the current retreat (the one the public site shows).
 * `retreatId` is undefined while loading and when there is no retreat at all.
 */
export function useSeason(): { retreatId: string | undefined; retreat: AdminRetreat | undefined; isLoading: boolean } {
  const seasons = useQuery<AdminRetreat[]>({ queryKey: [seasonsPath] });
  const retreat = seasons.data?.find((row) => row.isCurrent) ?? seasons.data?.[0];
  return { retreatId: retreat?.id, retreat, isLoading: seasons.isLoading };
}
