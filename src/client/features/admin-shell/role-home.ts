/** Where each role lands in the back office (spec section 2, the /admin row). */
export function homePathForRole(role: string): string {
  if (role === "vendor") return "/admin/vendor";
  if (role === "guest") return "/admin/guest";
  return "/admin/dashboard";
}
