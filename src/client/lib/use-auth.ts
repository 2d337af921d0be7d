import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "./query-client";

/** The signed-in user as the back office reads it; fields beyond these are not relied on yet. */
export interface AuthUser {
  id: string | number;
  role: string;
  email?: string | null;
  firstName?: string | null;
  username?: string | null;
}

export const authUserQueryKey = ["/api/auth/user"] as const;

/** The sign-in check as every admin page asks for it (and the app's start, early-queries.ts). */
export const authUserQuery = {
  queryKey: authUserQueryKey,
  // A signed-out visitor is a normal state, not an error: 401 becomes null.
  queryFn: getQueryFn<AuthUser>({ on401: "returnNull" }),
  retry: false,
} as const;

export function useAuth() {
  const { data, isLoading } = useQuery<AuthUser | null>(authUserQuery);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
