import { useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import { seasonUrl, useSeason } from "../admin-shell/use-season";

/** The dashboard's figures; every write that changes a count refreshes it (query keys are URLs, spec section 7). */
export const dashboardPath = "/api/admin/dashboard";

/** The season's figures (the season switcher's), asked for once the season is known. */
export function useDashboard() {
  const season = useSeason();
  return useQuery<Dashboard>({ queryKey: [seasonUrl(dashboardPath, season.retreatId)], enabled: !season.isLoading });
}
