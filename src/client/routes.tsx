import { type ComponentType, lazy, Suspense } from "react";
import { parse } from "regexparam";
import { type BaseLocationHook, type Parser, Route, Router, Switch, useLocation } from "wouter";
import { type PageRouteName, pageRoutes } from "../shared/routes";
import { PageLoading } from "./components/page-loading";
import { RouteErrorBoundary } from "./components/route-error-boundary";
import { NotFoundPage } from "./features/not-found/not-found-page";

/**
 * wouter's matcher, forced case-insensitive (spec section 2: /ADMIN is /admin). regexparam 3
 * already sets "i", but it is only a transitive dependency, so we do not rely on that default.
 */
export const caseInsensitiveParser: Parser = (route, loose) => {
  const { keys, pattern } = parse(route, loose);
  const flags = pattern.flags.includes("i") ? pattern.flags : `${pattern.flags}i`;
  return { keys: keys || undefined, pattern: new RegExp(pattern.source, flags) };
};

/** `:name` is a string param; `:name?` may be missing. */
type ParamOf<Name extends string> = Name extends `${infer Optional}?`
  ? { [K in Optional]?: string }
  : { [K in Name]: string };

type RouteParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? ParamOf<Name> & RouteParamsOf<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? ParamOf<Name>
    : Record<never, string>;

type PageComponents = {
  [Name in PageRouteName]: ComponentType<{ params: RouteParamsOf<(typeof pageRoutes)[Name]> }>;
};

// Every page is its own chunk: the landing page never downloads admin code, and each admin area
// downloads only what it needs. Typed against pageRoutes so a new route without a page fails tsc.
const pages: PageComponents = {
  landing: lazy(() => import("./features/landing/landing-page")),
  emailPreferences: lazy(() => import("./features/email-preferences/preferences-page")),
  emailUnsubscribe: lazy(() => import("./features/email-preferences/unsubscribe-page")),
  emailResubscribe: lazy(() => import("./features/email-preferences/resubscribe-page")),
  travelForm: lazy(() => import("./features/travel/travel-form-page")),
  admin: lazy(() => import("./features/auth/admin-entry-page")),
  setPassword: lazy(() => import("./features/auth/set-password-page")),
  setup: lazy(() => import("./features/auth/setup-page")),
  interviewBooking: lazy(() => import("./features/interviews/interview-booking-page")),
  placeOffer: lazy(() => import("./features/places/place-offer-page")),
  adminDashboard: lazy(() => import("./features/dashboard/dashboard-page")),
  adminVendor: lazy(() => import("./features/vendors/vendor-portal-page")),
  adminGuest: lazy(() => import("./features/guests/guest-portal-page")),
};

const routeNames = Object.keys(pageRoutes) as PageRouteName[];

export interface AppRouterProps {
  /** Location hook override, e.g. wouter's memoryLocation in tests. */
  hook?: BaseLocationHook;
  /** Path to render on the server, where there is no browser location. */
  ssrPath?: string;
}

function PageSwitch() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {routeNames.map((name) => (
            <Route
              key={name}
              path={pageRoutes[name]}
              component={pages[name] as ComponentType<{ params: Record<string, string | undefined> }>}
            />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter({ hook, ssrPath }: AppRouterProps) {
  return (
    <Router parser={caseInsensitiveParser} hook={hook} ssrPath={ssrPath}>
      <PageSwitch />
    </Router>
  );
}
