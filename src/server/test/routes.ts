/**
 * Route enumeration for tests that must cover every route: read from Fastify's own printed
 * route tree, never from a hand-written list, so a new route is covered the moment it exists.
 */
import type { FastifyInstance } from "fastify";

export type RegisteredRoute = { method: string; url: string };

/** Every route in Fastify's printed route tree: "METHOD /full/path". */
export function routesFromTree(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join("");
    for (const method of match[3]?.split(", ") ?? []) found.push(`${method} ${path}`);
  }
  return found;
}

/** Every registered route except the HEAD and OPTIONS twins Fastify adds on its own. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return routesFromTree(app.printRoutes({ commonPrefix: false }))
    .filter((r) => !r.startsWith("HEAD ") && !r.startsWith("OPTIONS "))
    .sort()
    .map((r) => {
      const [method, url] = r.split(" ") as [string, string];
      return { method, url };
    });
}

/** A concrete URL for a route pattern: every parameter becomes `value` (by default a well-formed id that matches nothing). */
export function concrete(url: string, value = "00000000-0000-4000-8000-000000000000"): string {
  return url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*/g, "x");
}
