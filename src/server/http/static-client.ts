import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { matchPageRoute } from "../../shared/routes";

const missingClientHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Retreat HQ</title></head>' +
  "<body><main><h1>Retreat HQ</h1><p>The web client has not been built. Run <code>npm run build</code>.</p></main></body></html>";

/**
 * Serves the built client: hashed assets cached for a year, the HTML shell never cached. Page
 * paths the client router knows get the shell with 200; any other path gets the shell with 404,
 * where the router shows the '404 Page Not Found' page. Unknown /api paths get JSON 404.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string) {
  const indexFile = join(clientDir, "index.html");
  const shell = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : missingClientHtml;

  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      index: false,
      wildcard: false,
      cacheControl: false,
      allowedPath: (pathName) => pathName !== "/index.html",
      // Files under /assets/ carry a content hash in their names, so they never change.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(join(clientDir, "assets"));
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  const sendShell = (status: number) => (_request: unknown, reply: import("fastify").FastifyReply) =>
    reply.status(status).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(shell);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path === "/api" || path.startsWith("/api/")) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    return sendShell(matchPageRoute(path) ? 200 : 404)(request, reply);
  });
}
