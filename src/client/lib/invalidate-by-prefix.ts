import type { QueryClient } from "@tanstack/react-query";

/** Refetches every cached query whose URL starts with one of the prefixes (keys are URLs, spec section 7). */
export function invalidateByPrefix(queryClient: QueryClient, ...prefixes: string[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const url = String(query.queryKey[0] ?? "");
      return prefixes.some((prefix) => url.startsWith(prefix));
    },
  });
}
