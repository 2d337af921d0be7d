import { useQuery } from "@tanstack/react-query";
import type {
  AdminBookingType,
  PaymentListResponse,
  PaymentOverview,
  PaymentPlanDto,
} from "../../../shared/schemas/payments";
import { seasonUrl, useSeason } from "../admin-shell/use-season";
import { dashboardPath } from "../dashboard/dashboard-api";
import { currentRetreatPath } from "../landing/landing-api";

export const overviewPath = "/api/admin/payment-overview";
export const plansPath = "/api/admin/payment-plans";
export const paymentsPath = "/api/admin/payments";
export const bookingTypesPath = "/api/admin/booking-types";
export const paymentRemindersPath = "/api/admin/payment-reminders";

/** Spec: the payment overview refreshes every 30 s while the tab is open. */
export const overviewRefreshMs = 30_000;

// The tab's reads are the season's (the season switcher's retreat), asked for once it is known.

export function usePaymentOverview() {
  const season = useSeason();
  return useQuery<PaymentOverview>({
    queryKey: [seasonUrl(overviewPath, season.retreatId)],
    enabled: !season.isLoading,
    refetchInterval: overviewRefreshMs,
  });
}

export function usePaymentPlans() {
  const season = useSeason();
  return useQuery<PaymentPlanDto[]>({
    queryKey: [seasonUrl(plansPath, season.retreatId)],
    enabled: !season.isLoading,
  });
}

export function usePayments(status: string, page: number) {
  const season = useSeason();
  const params = new URLSearchParams({ page: String(page), pageSize: "20" });
  if (status) params.set("status", status);
  return useQuery<PaymentListResponse>({
    queryKey: [seasonUrl(paymentsPath, season.retreatId, params)],
    enabled: !season.isLoading,
  });
}

/** Every booking type: the section shows the season's and the ones shared by every retreat. */
export function useBookingTypes() {
  return useQuery<AdminBookingType[]>({ queryKey: [bookingTypesPath] });
}

/**
 * What a write in the Payments tab refreshes: everything money-related (a payment changes its
 * plan, the overview and the lists; a price changes the landing page's data).
 */
export const paymentsRefresh = [
  overviewPath,
  plansPath,
  paymentsPath,
  bookingTypesPath,
  currentRetreatPath,
  paymentRemindersPath,
  dashboardPath,
] as const;
