import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { type RetreatStatus, retreatStatusLabels } from "../../../shared/admin-constants";
import type { AdminRetreat } from "../../../shared/schemas/retreats-admin";
import type { SeasonSelection } from "../../../shared/schemas/seasons";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { useWrite } from "../../lib/use-write";
import { seasonPath, seasonsPath, useSeason } from "./use-season";

/** "Bali 2026 (Open, public site)": the name, its status, and which one the public sees. */
export function seasonOptionLabel(retreat: AdminRetreat): string {
  const status = retreatStatusLabels[retreat.status as RetreatStatus] ?? retreat.status;
  return `${retreat.name} (${status}${retreat.isCurrent ? ", public site" : ""})`;
}

/**
 * After a switch: every back-office read is marked stale (without refetching the old season's
 * rows), then the new season goes into the cache. The tabs' query keys carry the season, so they
 * fetch the new season's rows as they re-render, and a season seen earlier is fetched afresh.
 */
export function showSeason(queryClient: QueryClient, selection: SeasonSelection) {
  void queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0] ?? "");
      return key.startsWith("/api/admin") && key !== seasonPath && key !== seasonsPath;
    },
    refetchType: "none",
  });
  queryClient.setQueryData<SeasonSelection>([seasonPath], selection);
}

/**
 * The back office's season switcher (owner and staff): one select of every retreat, saved on the
 * server for this user, so every tab, a reload and the next sign-in open on the same season.
 */
export function SeasonSwitcher() {
  const id = useId();
  const queryClient = useQueryClient();
  const { retreatId } = useSeason();
  const seasons = useQuery<AdminRetreat[]>({ queryKey: [seasonsPath] });
  const choose = useWrite<string, SeasonSelection>({
    request: (next) => ({ method: "PUT", path: seasonPath, body: { retreatId: next } }),
    success: (_selection, next) => {
      const name = seasons.data?.find((row) => row.id === next)?.name;
      return { title: "Season changed", description: name ? `The back office now shows ${name}.` : undefined };
    },
    failure: "Failed to change season",
    onSuccess: (selection) => showSeason(queryClient, selection),
  });
  const list = seasons.data ?? [];
  const value = (choose.isPending ? choose.variables : retreatId) ?? "";

  return (
    <div className="flex w-full items-center gap-2 sm:w-auto">
      <Label htmlFor={id} className="shrink-0">
        Season
      </Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={list.length === 0 || choose.isPending}
        aria-busy={choose.isPending || undefined}
        onChange={(event) => {
          if (event.target.value && event.target.value !== retreatId) choose.mutate(event.target.value);
        }}
        className="h-9 min-w-0 flex-1 sm:w-72 sm:flex-none lg:w-96"
      >
        {list.length === 0 ? (
          <option value="">{seasons.isPending ? "Loading seasons..." : "No retreats yet"}</option>
        ) : null}
        {list.map((retreat) => (
          <option key={retreat.id} value={retreat.id}>
            {seasonOptionLabel(retreat)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
