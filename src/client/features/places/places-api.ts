import { useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CancelBookingInput,
  CancelBookingResult,
  PlaceOffersResponse,
  PublicPlaceOffer,
  RefundQuote,
} from "../../../shared/schemas/places";
import { ApiError, throwIfResNotOk } from "../../lib/api-request";
import { useWrite } from "../../lib/use-write";
import { applicationsPath } from "../applications/applications-api";
import { dashboardPath } from "../dashboard/dashboard-api";
import { paymentsPath } from "../payments/payments-api";

export const placeOffersPath = "/api/admin/place-offers";
const publicOffersRoot = "/api/place-offers";
export const publicOfferPath = (token: string) => `${publicOffersRoot}/${encodeURIComponent(token)}`;
const publicOfferQueryKey = (token: string) => [publicOffersRoot, token];

/** The query key is the URL (the default query function fetches the key). */
export const placeOffersUrl = (retreatId: string | null) =>
  retreatId ? `${placeOffersPath}?retreatId=${encodeURIComponent(retreatId)}` : placeOffersPath;

export const refundQuoteUrl = (
  applicationId: string,
  input: { cancelledOn: string; guarantee: boolean; travelCosts: string },
) => {
  const params = new URLSearchParams({ cancelledOn: input.cancelledOn });
  if (input.guarantee) {
    params.set("guarantee", "true");
    params.set("travelCosts", input.travelCosts.trim() || "0");
  }
  return `${applicationsPath}/${applicationId}/refund-quote?${params}`;
};

/** Everything a place changing hands touches: offers, applications, payments, the dashboard. */
const placesRefresh = [placeOffersPath, applicationsPath, "/api/admin/payment", paymentsPath, dashboardPath];

export function usePlaceOffers(retreatId: string | null) {
  return useQuery<PlaceOffersResponse>({ queryKey: [placeOffersUrl(retreatId)] });
}

export function useWithdrawOffer() {
  return useWrite<string, { offersMade: number }>({
    request: (id) => ({ method: "POST", path: `${placeOffersPath}/${id}/withdraw` }),
    refresh: placesRefresh,
  });
}

export function useRefundQuote(url: string | null) {
  return useQuery<RefundQuote>({ queryKey: [url], enabled: url !== null });
}

export function useCancelBooking(applicationId: string) {
  return useWrite<CancelBookingInput, CancelBookingResult>({
    request: (input) => ({ method: "POST", path: `${applicationsPath}/${applicationId}/cancel`, body: input }),
    refresh: placesRefresh,
  });
}

// ---------------------------------------------------------------------------------------------
// The applicant's offer page
// ---------------------------------------------------------------------------------------------

export type OfferFailure = "not_found" | "expired" | "conflict" | "other";

export function offerFailure(error: unknown): OfferFailure {
  if (!(error instanceof ApiError)) return "other";
  if (error.status === 404 || error.status === 400) return "not_found";
  if (error.status === 410) return "expired";
  if (error.status === 409) return "conflict";
  return "other";
}

export function usePublicOffer(token: string) {
  return useQuery<PublicPlaceOffer>({
    queryKey: publicOfferQueryKey(token),
    queryFn: async ({ signal }) => {
      const res = await fetch(publicOfferPath(token), { credentials: "include", signal });
      await throwIfResNotOk(res);
      return (await res.json()) as PublicPlaceOffer;
    },
  });
}

export function useAnswerOffer(token: string) {
  const queryClient = useQueryClient();
  return useWrite<"accept" | "decline", PublicPlaceOffer>({
    request: (answer) => ({ method: "POST", path: `${publicOfferPath(token)}/${answer}` }),
    onSuccess: (offer) => queryClient.setQueryData(publicOfferQueryKey(token), offer),
  });
}
