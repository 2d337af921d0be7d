import { useQuery } from "@tanstack/react-query";
import { type PublicSubscriber, tokenParamSchema } from "../../../shared/schemas/email-preferences";

export interface SubscriberResponse {
  success?: boolean;
  subscriber?: PublicSubscriber;
}

/** A link whose token cannot exist (empty, wrong characters or length) is invalid without asking the server. */
export function isValidToken(token: string | undefined): token is string {
  return tokenParamSchema.safeParse({ token: token ?? "" }).success;
}

export const subscriberQueryKey = (token: string) => ["/api/email/preferences", token] as const;

/** GET /api/email/preferences/{token}; any non-OK answer is 'Failed to load subscriber data' (spec section 7). */
export function useSubscriber(token: string | undefined) {
  const valid = isValidToken(token);
  return useQuery<SubscriberResponse>({
    queryKey: subscriberQueryKey(token ?? ""),
    enabled: valid,
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/email/preferences/${encodeURIComponent(token ?? "")}`, {
        credentials: "include",
        signal,
      });
      if (!res.ok) throw new Error("Failed to load subscriber data");
      return (await res.json()) as SubscriberResponse;
    },
  });
}

export const emailPaths = {
  preferences: (token: string) => `/email/preferences/${encodeURIComponent(token)}`,
  unsubscribe: (token: string) => `/email/unsubscribe/${encodeURIComponent(token)}`,
  resubscribe: (token: string) => `/email/resubscribe/${encodeURIComponent(token)}`,
};
