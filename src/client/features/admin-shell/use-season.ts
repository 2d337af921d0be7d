import { useQuery } from "@tanstack/react-query";
import { seasonPath } from "../../../shared/admin-constants";
import type { AdminRetreat } from "../../../shared/schemas/retreats-admin";
import type { SeasonSelection } from "../../../shared/schemas/seasons";

/** Every retreat (season), for the switcher and the tabs that need a season's facts. */
export const seasonsPath = "/api/admin/retreats";
/** The user's season, remembered on the server (GET and PUT). */
export { seasonPath };

/**
 * The season the back office is working on: every tab reads and writes this retreat. It is the
 * one the user chose in the season switcher (remembered on the server), else the current retreat
 * (the one the public site shows). `retreatId` is undefined while loading and when there is no
 * retreat at all; a tab waits for `isLoading` to end before asking for its season's rows, so it
 * never shows another season's rows first.
 */
export function useSeason(): { retreatId: string | undefined; retreat: AdminRetreat | undefined; isLoading: boolean } {
  const selection = useQuery<SeasonSelection>({ queryKey: [seasonPath] });
  const seasons = useQuery<AdminRetreat[]>({ queryKey: [seasonsPath] });
  // Without the selection (an older server, a failed read) the current retreat still serves.
  const retreatId = selection.isError
    ? (seasons.data?.find((row) => row.isCurrent) ?? seasons.data?.[0])?.id
    : (selection.data?.retreatId ?? undefined);
  const retreat = seasons.data?.find((row) => row.id === retreatId);
  return { retreatId, retreat, isLoading: selection.isPending || seasons.isPending };
}

/** `path?retreatId=…` for the season (the path alone while there is none), other parameters kept. */
export function seasonUrl(
  path: string,
  retreatId: string | undefined,
  extra?: URLSearchParams | Record<string, string>,
) {
  const params = new URLSearchParams(extra);
  if (retreatId) params.set("retreatId", retreatId);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
