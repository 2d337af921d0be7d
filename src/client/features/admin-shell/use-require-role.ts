import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "wouter";
import type { Role } from "../../../shared/constants";
import { ApiError } from "../../lib/api-request";
import { type AuthUser, authUserQueryKey, useAuth } from "../../lib/use-auth";
import { toast } from "../../lib/use-toast";
import { isSigningOut, signInRedirectPath } from "./admin-shell-api";

/** Spec section 9: the sign-in redirect waits 0.5 s so the Unauthorized toast can be read. */
export const signInRedirectDelayMs = 500;

export type AccessStatus = "loading" | "allowed" | "denied" | "redirecting";

export type RequireRoleOptions = {
  /**
   * "redirect" (the dashboard): vendors go to /admin/vendor, guests to /admin/guest, anyone
   * else gets the Access Denied toast and goes to /. "show" (the portals): the page shows its
   * own access-denied card.
   */
  onWrongRole?: "redirect" | "show";
};

/** A 401 from any admin call means the session ended: forget the user so the guard reacts. */
function useSignOutOnUnauthorized() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        queryClient.setQueryData<AuthUser | null>(authUserQueryKey, null);
      }
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);
}

/**
 * Guards an admin page in the browser (the server refuses on its own; this only steers people).
 * Signed out: 'Unauthorized' toast, then /api/login after 0.5 s. Signed in with the wrong role:
 * see `onWrongRole`.
 *
 * @example
 * const { user, status } = useRequireRole(["owner", "staff"]);
 * if (status !== "allowed" || !user) return <PageLoading />;
 */
export function useRequireRole(roles: readonly Role[], options: RequireRoleOptions = {}) {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const onWrongRole = options.onWrongRole ?? "redirect";
  useSignOutOnUnauthorized();

  const allowed = user !== null && (roles as readonly string[]).includes(user.role);
  const status: AccessStatus = isLoading
    ? "loading"
    : user === null
      ? "redirecting"
      : allowed
        ? "allowed"
        : onWrongRole === "show"
          ? "denied"
          : "redirecting";

  const role = user?.role ?? null;
  // A string key, so callers may pass an inline array without re-running the effect each render.
  const rolesKey = roles.join(",");
  useEffect(() => {
    if (isLoading) return;
    if (role === null) {
      // Leaving through Logout: the logout's redirect to / is on its way; nothing to say or steer.
      if (isSigningOut()) return;
      toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
      const handle = setTimeout(() => {
        window.location.href = signInRedirectPath;
      }, signInRedirectDelayMs);
      return () => clearTimeout(handle);
    }
    if (rolesKey.split(",").includes(role) || onWrongRole === "show") return;
    if (role === "vendor") navigate("/admin/vendor", { replace: true });
    else if (role === "guest") navigate("/admin/guest", { replace: true });
    else {
      toast({
        title: "Access Denied",
        description: "You don't have permission to access this area.",
        variant: "destructive",
      });
      navigate("/", { replace: true });
    }
  }, [isLoading, role, rolesKey, onWrongRole, navigate]);

  return { user: allowed ? user : null, status };
}
