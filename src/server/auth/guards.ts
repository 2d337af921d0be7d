/**
 * Role guards. Every route under /api/admin, /api/vendor and /api/guest MUST declare who may
 * call it in `config.roles`; the app refuses to start otherwise, so a forgotten guard cannot ship.
 * Declaring the roles is all a route does: the guard itself is attached automatically.
 *
 * @example
 * ```ts
 * import { currentUser, staffRoles } from "../../auth/guards";
 *
 * app.withTypeProvider<ZodTypeProvider>().get(
 *   "/api/admin/dashboard",
 *   { config: { roles: staffRoles }, schema: { response: { 200: dashboardSchema } } },
 *   async (request) => {
 *     const user = currentUser(request); // never null here: the guard ran first
 *     return getDashboard(app.db, user);
 *   },
 * );
 * ```
 *
 * Anonymous callers get 401 `{ message: "Unauthorized" }`; signed-in callers without one of the
 * roles get 403 `{ message: "Forbidden" }`. The guard runs as the route's first onRequest hook:
 * before the body is parsed and validated, so an anonymous caller learns nothing about the
 * schema (401, never 400). Outside the protected prefixes, `config.roles` is optional and works
 * the same way; `requireUser` / `requireRole(...)` are also exported as plain hooks for those
 * routes (`{ onRequest: requireUser }`; they work as preHandler too).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { Role } from "../../shared/constants";
import { AppError } from "../http/errors";
import type { SessionUser } from "./session";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Roles allowed to call this route; required under /api/admin, /api/vendor and /api/guest. */
    roles?: readonly Role[];
  }
  interface FastifyInstance {
    /** Every route registered under a protected prefix, with its declared roles (the role-matrix test reads it). */
    protectedRoutes: ProtectedRoute[];
  }
}

/** Owner and staff: dashboard, applications, interviews, schedule, tasks, email, finance, payments. */
export const staffRoles = ["owner", "staff"] as const satisfies readonly Role[];
/** Owner only: users, settings, audit log. */
export const ownerRoles = ["owner"] as const satisfies readonly Role[];
/** The vendor portal's calls. */
export const vendorRoles = ["vendor"] as const satisfies readonly Role[];
/** The guest portal's calls. */
export const guestRoles = ["guest"] as const satisfies readonly Role[];
/** Anyone signed in. */
export const anyRole = ["owner", "staff", "vendor", "guest"] as const satisfies readonly Role[];

/** Paths under these prefixes cannot be registered without `config.roles`. */
export const protectedPrefixes = ["/api/admin", "/api/vendor", "/api/guest"] as const;

export type ProtectedRoute = { method: string; url: string; roles: readonly Role[] };

export function isProtectedPath(url: string): boolean {
  return protectedPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/** A hook usable as onRequest, preValidation or preHandler. */
export type GuardHook = (request: FastifyRequest) => Promise<void>;

/** 401 unless someone is signed in. */
export const requireUser: GuardHook = async (request) => {
  if (!request.user) throw new AppError("unauthorized", "Unauthorized");
};

/** 401 when signed out, 403 when signed in without one of `roles`. */
export function requireRole(...roles: Role[]): GuardHook {
  const allowed = new Set<Role>(roles);
  return async (request) => {
    if (!request.user) throw new AppError("unauthorized", "Unauthorized");
    if (!allowed.has(request.user.role)) throw new AppError("forbidden", "Forbidden");
  };
}

/** The signed-in user in a guarded handler; throws 401 if called where no guard ran. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthorized", "Unauthorized");
  return request.user;
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/**
 * Attaches the role guard of every route that declares `config.roles`, and makes a protected
 * route without them a start-up error. Must be registered before any route.
 */
export function registerRouteGuards(app: FastifyInstance): void {
  app.decorate("protectedRoutes", [] as ProtectedRoute[]);
  app.addHook("onRoute", (route) => {
    const roles = route.config?.roles;
    const url = route.url ?? route.path;
    if (isProtectedPath(url)) {
      if (!roles || roles.length === 0) {
        throw new Error(
          `Route ${methodsOf(route).join(",")} ${url} has no guard: declare config.roles (see src/server/auth/guards.ts)`,
        );
      }
      // HEAD twins of GET routes copy the GET route's options, guard included.
      for (const method of methodsOf(route)) if (method !== "HEAD") app.protectedRoutes.push({ method, url, roles });
    }
    if (!roles) return;
    const guard = requireRole(...roles);
    const existing = route.onRequest;
    // First of the route's own hooks: before body parsing, validation and any other hook.
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}
