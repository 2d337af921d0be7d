/** API paths of the Settings tab; query keys are these URLs (spec section 7). */
/** Every admin read starts with this: an erasure refreshes them all. */
export const adminApiRoot = "/api/admin";
export const settingsPath = "/api/admin/settings";
export const settingsQueryKey = [settingsPath] as const;
export const usersPath = "/api/admin/users";
export const usersQueryKey = [usersPath] as const;
export const userPath = (id: string) => `${usersPath}/${id}`;
export const setPasswordLinkPath = (id: string) => `${userPath(id)}/set-password-link`;
export const retreatsPath = "/api/admin/retreats";
export const privacyPath = "/api/admin/privacy";
export const retentionPath = `${privacyPath}/retention`;
export const erasePath = `${privacyPath}/erase`;

export function subjectUrl(email: string, format: "json" | "csv" = "json"): string {
  return `${privacyPath}/subject${format === "csv" ? ".csv" : ""}?email=${encodeURIComponent(email)}`;
}
