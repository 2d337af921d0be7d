import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { ssrDirFor } from "./client-builds";
import { preloadKey, type RouteChunks, readRouteChunks, routeChunksFile, shellWithPreloads } from "./route-preloads";

const chunks: RouteChunks = {
  pages: {
    adminDashboard: ["assets/dashboard-page-1.js", "assets/shared-1.js"],
    admin: ["assets/admin-entry-page-1.js"],
    travelForm: ["assets/travel-form-page-1.js", "assets/shared-1.js"],
  },
  tabs: { applications: ["assets/applications-tab-1.js", "assets/shared-1.js"], site: ["assets/site-tab-1.js"] },
};
const shell =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id=root></div>shell</body></html>';

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="script" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("preloading a page's chunks with its shell (issue 22, target 3)", () => {
  it("a page's key is its route; the dashboard's adds a known tab and ignores anything else", () => {
    expect(preloadKey(chunks, "admin", "/admin?tab=site")).toBe("admin");
    expect(preloadKey(chunks, "adminDashboard", "/admin/dashboard?tab=site&x=1")).toBe("adminDashboard?tab=site");
    expect(preloadKey(chunks, "adminDashboard", "/admin/dashboard?tab=nope")).toBe("adminDashboard");
    expect(preloadKey(chunks, "adminDashboard", "/admin/dashboard?tab=__proto__")).toBe("adminDashboard");
    expect(preloadKey(chunks, "adminGuest", "/admin/guest")).toBeNull();
  });

  it("lists that do not read as a build's are ignored: no preloads, never a failed start", () => {
    const dir = mkdtempSync(join(tmpdir(), "chunks-"));
    try {
      writeFileSync(join(dir, routeChunksFile), "{not json");
      expect(readRouteChunks(dir, dir)).toBeNull();
      mkdirSync(join(dir, "assets"));
      writeFileSync(join(dir, "assets", "ok-1.js"), "");
      const odd = {
        pages: { admin: ["assets/ok-1.js"], setup: ['"><script>x</script>'], travelForm: "x" },
        tabs: null,
      };
      writeFileSync(join(dir, routeChunksFile), JSON.stringify(odd));
      expect(readRouteChunks(dir, dir)).toEqual({ pages: { admin: ["assets/ok-1.js"] }, tabs: {} });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the links go at the end of <head>, after the entry; a shell without <head> is left alone", () => {
    const html = shellWithPreloads(shell, ["assets/a.js", "assets/b.js"]);
    expect(preloads(html)).toEqual(["/assets/a.js", "/assets/b.js"]);
    expect(html.indexOf("index-1.js")).toBeLessThan(html.indexOf("/assets/a.js"));
    expect(html.indexOf("/assets/b.js")).toBeLessThan(html.indexOf("</head>"));
    expect(shellWithPreloads("<p>no head</p>", ["assets/a.js"])).toBe("<p>no head</p>");
  });
});

describe("the server sends each page's shell with its chunks preloaded", () => {
  const clientDir = mkdtempSync(join(tmpdir(), "client-"));
  let testApp: TestApp;
  beforeAll(async () => {
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "index.html"), "<!doctype html><html><head></head><body>landing</body></html>");
    writeFileSync(join(clientDir, "shell.html"), shell);
    for (const file of [
      "dashboard-page-1.js",
      "shared-1.js",
      "applications-tab-1.js",
      "site-tab-1.js",
      "admin-entry-page-1.js",
    ]) {
      writeFileSync(join(clientDir, "assets", file), "export {};");
    }
    // travel-form-page-1.js is left out: a listed file the folder lacks is not named.
    mkdirSync(ssrDirFor(clientDir), { recursive: true });
    writeFileSync(join(ssrDirFor(clientDir), routeChunksFile), JSON.stringify(chunks));
    testApp = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(clientDir, { recursive: true, force: true });
    rmSync(ssrDirFor(clientDir), { recursive: true, force: true });
  });

  it("the dashboard with ?tab= preloads the page's and the tab's chunks, each once", async () => {
    const res = await testApp.app.inject("/admin/dashboard?tab=applications");
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([
      "/assets/dashboard-page-1.js",
      "/assets/shared-1.js",
      "/assets/applications-tab-1.js",
    ]);
    const other = await testApp.app.inject({
      url: "/admin/dashboard?tab=site",
      headers: { "accept-encoding": "gzip" },
    });
    expect(other.headers["content-encoding"]).toBe("gzip");
  });

  it("an unknown tab gets the page's chunks only; a page with none listed, the plain shell", async () => {
    const res = await testApp.app.inject("/admin/dashboard?tab=%3Cscript%3E");
    expect(preloads(res.body)).toEqual(["/assets/dashboard-page-1.js", "/assets/shared-1.js"]);
    expect(res.body).not.toContain("<script>");
    const guest = await testApp.app.inject("/admin/guest");
    expect(guest.statusCode).toBe(200);
    expect(preloads(guest.body)).toEqual([]);
  });

  it("only files the client folder has are named; a 404 page preloads nothing", async () => {
    const travel = await testApp.app.inject("/travel-form/abc");
    expect(preloads(travel.body)).toEqual(["/assets/shared-1.js"]);
    const missing = await testApp.app.inject("/no-such-page?tab=applications");
    expect(missing.statusCode).toBe(404);
    expect(preloads(missing.body)).toEqual([]);
  });
});
