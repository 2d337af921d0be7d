import { useQuery } from "@tanstack/react-query";

export interface CurrentRetreat {
  id: string | number;
  name: string;
}

export const currentRetreatQueryKey = ["/api/current-retreat"] as const;

/** The active retreat; the one read the spec retries (3 times) because the landing page needs it. */
export function useCurrentRetreat() {
  return useQuery<CurrentRetreat>({ queryKey: currentRetreatQueryKey, retry: 3 });
}
