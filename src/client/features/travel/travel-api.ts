import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { travelFormOpenSchema } from "../../../shared/schemas/travel";
import { serverMessage } from "../../lib/api-error-message";
import { ApiError } from "../../lib/api-request";

export const travelFormApiPath = "/api/travel-compliance";

export type TravelFormLink = { state: "checking" } | { state: "open" } | { state: "closed"; message: string };

/**
 * Whether the link's form can be sent. Only the server's "this application holds no place"
 * (409) closes it; an unknown application or a failed check leaves the form up, and the
 * submission gets the server's answer in its toast.
 */
export function useTravelFormLink(applicationId: string): TravelFormLink {
  const check = useQuery<z.infer<typeof travelFormOpenSchema>>({ queryKey: [travelFormApiPath, applicationId] });
  if (check.isPending) return { state: "checking" };
  if (check.error instanceof ApiError && check.error.status === 409) {
    return { state: "closed", message: serverMessage(check.error) ?? "" };
  }
  return { state: "open" };
}
