import type { QueryClient } from "@tanstack/react-query";
import { adminRouteNames, matchPageRoute } from "../../../shared/routes";
import { authUserQuery } from "../../lib/use-auth";
import { seasonPath, seasonsPath } from "./use-season";

/**
 * Opening an admin page: the sign-in check, and on the dashboard the season it shows, are asked for
 * as the app starts, beside the page's code, instead of once that code has loaded and rendered
 * (issue 22, target 3). They are the very queries the page reads (same keys, same functions), so
 * it finds them answered or in flight. Signed out, the season calls answer 401 and the page's
 * guard sends the visitor to sign in as before.
 */
export function startEarlyQueries(client: QueryClient, path: string) {
  const route = matchPageRoute(path);
  if (!route || !adminRouteNames.includes(route)) return;
  void client.prefetchQuery(authUserQuery);
  if (route === "adminDashboard") {
    void client.prefetchQuery({ queryKey: [seasonPath] });
    void client.prefetchQuery({ queryKey: [seasonsPath] });
  }
}
