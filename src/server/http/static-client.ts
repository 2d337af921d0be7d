import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matchPageRoute, type PageRouteName } from "../../shared/routes";
import { markLiveBuild, ssrDirFor } from "./client-builds";
import { clientKey } from "./client-key";
import { rateLimits } from "./rate-limit";
import { readRouteChunks, routePreload, shellWithPreloads } from "./route-preloads";

const missingClientHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Retreat HQ</title></head>' +
  "<body><main><h1>Retreat HQ</h1><p>The web client has not been built. Run <code>npm run build</code>.</p></main></body></html>";

type Precompressed = { identity: Buffer; gzip: Buffer; br: Buffer };

/**
 * HTML is sent from the not-found handler, which @fastify/compress's route hooks never see; a
 * page is compressed once, when it is read or rendered, and served compressed from then on.
 */
function precompress(html: string): Precompressed {
  const identity = Buffer.from(html, "utf8");
  return { identity, gzip: gzipSync(identity, { level: 9 }), br: brotliCompressSync(identity) };
}

/**
 * Pages that exist only while the server says so (a one-time link): the path's page answers 200
 * when the gate resolves true, otherwise the shell with 404 like any unknown path. A gate checks
 * a secret, so its page is rate limited like the secret's API (rateLimits.publicLight per address):
 * the page must not be a faster way to guess codes than the API.
 */
export type PageGates = Partial<Record<PageRouteName, (path: string) => Promise<boolean>>>;

/**
 * The landing page rendered per request from the database (features/public-site): `version`
 * changes whenever the page would differ, `html` renders it. Null: serve the built index.html.
 */
export type LandingSource = () => Promise<{ version: string; html(): Promise<string> } | null>;

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached. "/" gets the
 * prerendered landing page (index.html); other page paths the client router knows get the app
 * shell (shell.html) with 200; any other path gets the shell with 404, where the router shows the
 * '404 Page Not Found' page. Unknown /api paths get JSON 404.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  gates: PageGates = {},
  landingSource?: LandingSource,
) {
  const read = (file: string) =>
    existsSync(join(clientDir, file)) ? readFileSync(join(clientDir, file), "utf8") : null;
  const builtShell = read("shell.html") ?? read("index.html");
  // Keeps this build's hashed chunks on disk while this server runs, whatever builds follow.
  if (builtShell) {
    const unmark = markLiveBuild(clientDir, builtShell);
    app.addHook("onClose", async () => unmark());
  }
  const landingHtml = read("index.html") ?? missingClientHtml;
  const landing = precompress(landingHtml);
  const shellHtml = read("shell.html") ?? landingHtml;
  const shell = precompress(shellHtml);
  // Per page (and dashboard tab), the shell naming the chunks it needs: made on first request, kept.
  const routeChunks = builtShell ? readRouteChunks(ssrDirFor(clientDir), clientDir) : null;
  const shells = new Map<string, Precompressed>();
  const shellFor = (route: PageRouteName | null, url: string): Precompressed => {
    const preload = routeChunks && route ? routePreload(routeChunks, route, url) : null;
    if (!preload) return shell;
    let page = shells.get(preload.key);
    if (!page) {
      page = precompress(shellWithPreloads(shellHtml, preload.files));
      shells.set(preload.key, page);
    }
    return page;
  };

  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      index: false,
      wildcard: false,
      cacheControl: false,
      allowedPath: (pathName) => pathName !== "/index.html" && pathName !== "/shell.html",
      // Files under /assets/ carry a content hash in their names, so they never change.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(join(clientDir, "assets"));
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, page: Precompressed) => {
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    reply.status(status).header("cache-control", "no-cache").header("vary", "accept-encoding");
    reply.type("text/html; charset=utf-8");
    if (!encoding) return reply.send(page.identity);
    return reply.header("content-encoding", encoding).send(page[encoding]);
  };

  // The last rendered landing page, by version; a render in flight is shared by the requests waiting for it.
  let rendered: { version: string; page: Promise<Precompressed> } | null = null;
  const landingPage = async (): Promise<Precompressed> => {
    if (!landingSource) return landing;
    try {
      const served = await landingSource();
      if (!served) return landing;
      if (rendered?.version === served.version) return await rendered.page;
      const page = served.html().then(precompress);
      rendered = { version: served.version, page };
      // A failed render is not kept: the next request tries again.
      page.catch(() => {
        if (rendered?.page === page) rendered = null;
      });
      return await page;
    } catch (error) {
      // The visitor still gets a page: the one built with the app (the first season's, with live prices).
      app.log.error({ err: error }, "rendering the landing page failed; serving the built one");
      return landing;
    }
  };

  const gateLimit = app.rateLimit({
    ...rateLimits.publicLight,
    keyGenerator: (request) => `page-gate:${clientKey(request.ip)}`,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path === "/api" || path.startsWith("/api/")) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    const route = matchPageRoute(path);
    if (route === "landing") return sendHtml(request, reply, 200, await landingPage());
    const gate = route ? gates[route] : undefined;
    if (gate) {
      await gateLimit.call(app, request, reply);
      if (reply.sent) return reply;
    }
    const found = route !== null && (!gate || (await gate(path)));
    return sendHtml(request, reply, found ? 200 : 404, found ? shellFor(route, request.url) : shell);
  });
}
