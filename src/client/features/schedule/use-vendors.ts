import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Assignee } from "../../../shared/schemas/tasks";
import type { AdminVendorBooking, VendorDto } from "../../../shared/schemas/vendors";
import { serverMessage } from "../../lib/api-error-message";
import { toast } from "../../lib/use-toast";
import { invalidateByPrefix } from "../../lib/invalidate-by-prefix";

export const vendorsPath = "/api/admin/vendors";
export const vendorBookingsPath = "/api/admin/vendor-bookings";
/** Staff may read it (GET /api/admin/users is owner-only); it lists active owner, staff and vendor users. */
export const assigneesPath = "/api/admin/tasks/assignees";

export function useVendors() {
  return useQuery<VendorDto[]>({ queryKey: [vendorsPath] });
}

export function useVendorBookings() {
  return useQuery<AdminVendorBooking[]>({ queryKey: [vendorBookingsPath] });
}

/** Active users with the vendor role: the accounts a vendor record can be linked to. */
export function useVendorUsers(enabled = true) {
  const query = useQuery<Assignee[]>({ queryKey: [assigneesPath], enabled });
  return { ...query, data: query.data?.filter((u) => u.role === "vendor") };
}

/**
 * A write to vendors or bookings: toasts either way and refetches both lists (a booking shows
 * its vendor's name and active flag, so a vendor edit changes the bookings view too).
 */
export function useVendorWrite<T, R = unknown>(
  fn: (input: T) => Promise<R>,
  messages: { success: string | ((result: R) => string); failure: string },
  onDone?: (result: R) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      toast({ title: typeof messages.success === "function" ? messages.success(result) : messages.success });
      void invalidateByPrefix(queryClient, vendorsPath, vendorBookingsPath);
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
