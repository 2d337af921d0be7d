import { useQuery } from "@tanstack/react-query";
import type { UserDto } from "../../../shared/schemas/users";

/** API paths of the Settings tab; query keys are these URLs (spec section 7). */
/** Every admin read starts with this: an erasure refreshes them all. */
export const adminApiRoot = "/api/admin";
export const settingsPath = "/api/admin/settings";
export const settingsQueryKey = [settingsPath] as const;
export const usersPath = "/api/admin/users";
const usersQueryKey = [usersPath] as const;
export const userPath = (id: string) => `${usersPath}/${id}`;
export const setPasswordLinkPath = (id: string) => `${userPath(id)}/set-password-link`;
export const retreatsPath = "/api/admin/retreats";
/** POST: a new season copied from this retreat (owner). */
export const retreatCopyPath = (id: string) => `${retreatsPath}/${id}/copy`;
export const privacyPath = "/api/admin/privacy";
export const retentionPath = `${privacyPath}/retention`;
export const erasePath = `${privacyPath}/erase`;

export function subjectUrl(email: string, format: "json" | "csv" = "json"): string {
  return `${privacyPath}/subject${format === "csv" ? ".csv" : ""}?email=${encodeURIComponent(email)}`;
}

/** Every user account (owner-only on the server); the Users table and the audit log's filter read it. */
export function useUsers() {
  return useQuery<UserDto[]>({ queryKey: usersQueryKey });
}
