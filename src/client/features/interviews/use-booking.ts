import { useMutation, useQuery } from "@tanstack/react-query";
import { type BookedSlot, type BookingPage, bookingTokenParamsSchema } from "../../../shared/schemas/interviews";
import { ApiError, apiRequest, throwIfResNotOk } from "../../lib/api-request";

export const bookingApiPath = (token: string) => `/api/interview-booking/${encodeURIComponent(token)}`;

/** A token that cannot exist (wrong length) is not valid without asking the server. */
export function isBookingToken(token: string | undefined): token is string {
  return bookingTokenParamsSchema.safeParse({ token: token ?? "" }).success;
}

/** How the page reads a failed call: the link is unknown, it has run out, or something else went wrong. */
export type BookingFailure = "not_found" | "expired" | "taken" | "other";

export function bookingFailure(error: unknown): BookingFailure {
  if (!(error instanceof ApiError)) return "other";
  if (error.status === 404) return "not_found";
  if (error.status === 410) return "expired";
  if (error.status === 409) return "taken";
  return "other";
}

export function useBookingPage(token: string, enabled: boolean) {
  return useQuery<BookingPage>({
    queryKey: ["/api/interview-booking", token],
    enabled,
    queryFn: async ({ signal }) => {
      const res = await fetch(bookingApiPath(token), { credentials: "include", signal });
      await throwIfResNotOk(res);
      return (await res.json()) as BookingPage;
    },
  });
}

export function useBookSlot(token: string) {
  return useMutation({
    mutationFn: async (scheduledAt: string) =>
      (await (await apiRequest("POST", bookingApiPath(token), { scheduledAt })).json()) as BookedSlot,
  });
}
