/**
 * GET /api/docs: the OpenAPI description, cut to what the viewer may call. Anonymous visitors see
 * the public routes only; owner and staff the whole API; a vendor or a guest the public routes
 * and those of their own portal (routes whose declared roles include theirs). A full map of the
 * back office is a reconnaissance gift, and nobody needs the description of routes they cannot use.
 */
import type { FastifyInstance } from "fastify";
import type { Role } from "../../shared/constants";
import type { ProtectedRoute } from "../auth/guards";

type OpenApiDocument = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

const wholeApiRoles: ReadonlySet<Role> = new Set(["owner", "staff"]);

/** "/api/admin/applications/:id" as OpenAPI writes it: "/api/admin/applications/{id}". */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

export function apiDocsFor(
  document: OpenApiDocument,
  protectedRoutes: readonly ProtectedRoute[],
  viewer: Role | null,
): OpenApiDocument {
  if (viewer && wholeApiRoles.has(viewer)) return document;
  const rolesOf = new Map(protectedRoutes.map((r) => [`${r.method.toLowerCase()} ${openApiPath(r.url)}`, r.roles]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const visible = Object.entries(operations).filter(([method]) => {
      const roles = rolesOf.get(`${method} ${path}`);
      return !roles || (viewer !== null && roles.includes(viewer));
    });
    if (visible.length) paths[path] = Object.fromEntries(visible);
  }
  return { ...document, paths };
}

export function registerApiDocs(app: FastifyInstance) {
  app.get("/api/docs", { schema: { hide: true } }, async (request, reply) => {
    // The answer depends on who asks: never stored by a shared cache or served to someone else.
    reply.header("Cache-Control", "private, no-store").header("Vary", "Cookie");
    return apiDocsFor(app.swagger() as OpenApiDocument, app.protectedRoutes, request.user?.role ?? null);
  });
}
