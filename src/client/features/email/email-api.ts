import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type PublicSubscriber, tokenParamSchema } from "../../../shared/schemas/email-preferences";

export interface SubscriberResponse {
  success?: boolean;
  subscriber?: PublicSubscriber;
}

/** A link whose token cannot exist (empty, wrong characters or length) is invalid without asking the server. */
export function isValidToken(token: string | undefined): token is string {
  return tokenParamSchema.safeParse({ token: token ?? "" }).success;
}

const preferencesRoot = "/api/email/preferences";
/** The API paths behind the subscriber's links (POST; the preferences one is also the GET). */
export const preferencesApiPath = (token: string) => `${preferencesRoot}/${encodeURIComponent(token)}`;
export const unsubscribeApiPath = (token: string) => `/api/email/unsubscribe/${encodeURIComponent(token)}`;
export const resubscribeApiPath = (token: string) => `/api/email/resubscribe/${encodeURIComponent(token)}`;

export const subscriberQueryKey = (token: string) => [preferencesRoot, token] as const;

/** GET /api/email/preferences/{token}; any non-OK answer is 'Failed to load subscriber data' (spec section 7). */
export function useSubscriber(token: string | undefined) {
  const valid = isValidToken(token);
  return useQuery<SubscriberResponse>({
    queryKey: subscriberQueryKey(token ?? ""),
    enabled: valid,
    queryFn: async ({ signal }) => {
      const res = await fetch(preferencesApiPath(token ?? ""), {
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

/** Keeps the subscriber a write answered with (the preferences page reads the same one); false when the reply had none. */
export function useKeepSubscriber(token: string) {
  const queryClient = useQueryClient();
  return (data: SubscriberResponse | null | undefined): boolean => {
    if (!data?.success || !data.subscriber) return false;
    queryClient.setQueryData(subscriberQueryKey(token), data);
    return true;
  };
}
