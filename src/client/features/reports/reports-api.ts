import { useQuery } from "@tanstack/react-query";
import { type ReportFormat, type ReportKind, reportPath, vendorKitchenPath } from "../../../shared/report-paths";
import type {
  ArrivalsReport,
  KitchenGrantList,
  KitchenReport,
  RoomingReport,
  VendorLists,
} from "../../../shared/schemas/reports";

export { reportPath, vendorKitchenPath };

/** The vendors given a retreat's kitchen list, and the writes on them. */
export const kitchenGrantsPath = "/api/admin/reports/kitchen/grants";
export const kitchenGrantsUrl = (retreatId: string) => `${kitchenGrantsPath}?retreatId=${retreatId}`;
export const kitchenGrantPath = (grantId: string) => `${kitchenGrantsPath}/${grantId}`;
export const vendorListsPath = "/api/vendor/lists";

/**
 * The kitchen list holds decrypted allergies: each fetch is an audited read on the server, and the
 * answer is dropped from the cache as soon as no screen shows it (gcTime 0), so it does not linger
 * in the browser after the page is left.
 */
const medical = { gcTime: 0 } as const;

export function useKitchenList(retreatId: string | undefined) {
  return useQuery<KitchenReport>({
    queryKey: [retreatId ? reportPath("kitchen", retreatId) : "kitchen-list-without-retreat"],
    enabled: Boolean(retreatId),
    ...medical,
  });
}

export function useVendorKitchenList(retreatId: string) {
  return useQuery<KitchenReport>({ queryKey: [vendorKitchenPath(retreatId)], ...medical });
}

export function useArrivalsList(retreatId: string | undefined) {
  return useQuery<ArrivalsReport>({
    queryKey: [retreatId ? reportPath("arrivals", retreatId) : "arrivals-without-retreat"],
    enabled: Boolean(retreatId),
  });
}

export function useRoomingList(retreatId: string | undefined) {
  return useQuery<RoomingReport>({
    queryKey: [retreatId ? reportPath("rooming", retreatId) : "rooming-without-retreat"],
    enabled: Boolean(retreatId),
  });
}

export function useKitchenGrants(retreatId: string | undefined) {
  return useQuery<KitchenGrantList>({
    queryKey: [retreatId ? kitchenGrantsUrl(retreatId) : "kitchen-grants-without-retreat"],
    enabled: Boolean(retreatId),
  });
}

export function useVendorLists() {
  return useQuery<VendorLists>({ queryKey: [vendorListsPath] });
}

/** A list's download link (same site, with the session cookie: an audited read for the kitchen list). */
export type Download = { format: Exclude<ReportFormat, "json">; href: string };

export function downloadsFor(kind: ReportKind, retreatId: string): Download[] {
  return [
    { format: "pdf", href: reportPath(kind, retreatId, "pdf") },
    { format: "csv", href: reportPath(kind, retreatId, "csv") },
  ];
}
