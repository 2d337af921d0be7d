/**
 * Every page path the client router knows. The server uses the same list to decide between
 * serving the app shell with 200 and the 404 page with status 404, so the two never disagree.
 * Patterns use `:name` for a named parameter (`:name?` when it may be missing); matching is
 * case-insensitive.
 */
export const pageRoutes = {
  landing: "/",
  admin: "/admin",
  adminDashboard: "/admin/dashboard",
  adminVendor: "/admin/vendor",
  adminGuest: "/admin/guest",
  // The token is optional: a link without one still opens the page, which says 'Invalid Link'.
  emailPreferences: "/email/preferences/:token?",
  emailUnsubscribe: "/email/unsubscribe/:token?",
  emailResubscribe: "/email/resubscribe/:token?",
  travelForm: "/travel-form/:applicationId",
  setPassword: "/set-password/:token",
  interviewBooking: "/interview/book/:token",
  placeOffer: "/place-offer/:token",
} as const;

export type PageRouteName = keyof typeof pageRoutes;

/** Pages whose code belongs to the back-office bundle (never downloaded by the landing page). */
export const adminRouteNames: readonly PageRouteName[] = ["admin", "adminDashboard", "adminVendor", "adminGuest"];

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      if (!segment.startsWith(":")) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
    })
    .join("");
  return new RegExp(`^${source}/?$`, "i");
}

const compiled = Object.entries(pageRoutes).map(([name, pattern]) => ({
  name: name as PageRouteName,
  regexp: patternToRegExp(pattern),
}));

/** The name of the page route a path matches, or null when the path is a 404. */
export function matchPageRoute(path: string): PageRouteName | null {
  const pathname = path.split(/[?#]/)[0] || "/";
  for (const route of compiled) {
    if (route.regexp.test(pathname)) return route.name;
  }
  return null;
}
