import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminBookingType,
  PaymentListResponse,
  PaymentOverview,
  PaymentPlanDto,
} from "../../../shared/schemas/payments";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import { serverMessage } from "../../lib/api-error-message";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/use-toast";
import { invalidateByPrefix } from "../../lib/invalidate-by-prefix";

export const overviewPath = "/api/admin/payment-overview";
export const plansPath = "/api/admin/payment-plans";
export const paymentsPath = "/api/admin/payments";
export const bookingTypesPath = "/api/admin/booking-types";
export const currentRetreatPath = "/api/current-retreat";

/** Spec: the payment overview refreshes every 30 s while the tab is open. */
export const overviewRefreshMs = 30_000;

export function usePaymentOverview() {
  return useQuery<PaymentOverview>({ queryKey: [overviewPath], refetchInterval: overviewRefreshMs });
}

export function usePaymentPlans() {
  return useQuery<PaymentPlanDto[]>({ queryKey: [plansPath] });
}

export function usePayments(status: string, page: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: "20" });
  if (status) params.set("status", status);
  return useQuery<PaymentListResponse>({ queryKey: [`${paymentsPath}?${params}`] });
}

export function useBookingTypes() {
  return useQuery<AdminBookingType[]>({ queryKey: [bookingTypesPath] });
}

export function useCurrentRetreat() {
  return useQuery<CurrentRetreat>({ queryKey: [currentRetreatPath] });
}

export async function sendJson<T>(method: "POST" | "PUT" | "PATCH", url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T;
}

/**
 * A write in the Payments tab: toasts either way and refetches everything money-related (a
 * payment changes its plan, the overview and the lists; a price changes the landing page's data).
 */
export function usePaymentsWrite<T, R = unknown>(
  fn: (input: T) => Promise<R>,
  messages: { success: string | ((result: R) => string); failure: string },
  onDone?: (result: R) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      toast({ title: typeof messages.success === "function" ? messages.success(result) : messages.success });
      void invalidateByPrefix(
        queryClient,
        overviewPath,
        plansPath,
        paymentsPath,
        bookingTypesPath,
        currentRetreatPath,
        "/api/admin/payment-reminders",
        "/api/admin/dashboard",
      );
      onDone?.(result);
    },
    onError: (error) =>
      toast({
        title: messages.failure,
        description: serverMessage(error) ?? "Please try again.",
        variant: "destructive",
      }),
  });
}
