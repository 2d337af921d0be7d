import { useQuery } from "@tanstack/react-query";
import type {
  AdminBookingType,
  PaymentListResponse,
  PaymentOverview,
  PaymentPlanDto,
} from "../../../shared/schemas/payments";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import { dashboardPath } from "../dashboard/dashboard-api";
import { currentRetreatPath } from "../landing/landing-api";

export const overviewPath = "/api/admin/payment-overview";
export const plansPath = "/api/admin/payment-plans";
export const paymentsPath = "/api/admin/payments";
export const bookingTypesPath = "/api/admin/booking-types";
export const paymentRemindersPath = "/api/admin/payment-reminders";

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
