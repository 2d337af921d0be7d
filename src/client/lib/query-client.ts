import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { throwIfResNotOk } from "./api-request";

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * Reads the path made by joining the query key with "/" (spec section 7), so a key such as
 * ["/api/admin/sessions", id] doubles as the URL and as the cache key.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include", signal });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
