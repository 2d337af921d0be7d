import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bodyLimitBytes } from "./app";
import { createTestApp, type TestApp } from "./test/test-app";

const clientDir = mkdtempSync(join(tmpdir(), "client-"));
mkdirSync(join(clientDir, "assets"));
writeFileSync(
  join(clientDir, "index.html"),
  `<!doctype html><html><body><div id=root><h1>Prerendered landing</h1>${"<p>content</p>".repeat(200)}</div></body></html>`,
);
writeFileSync(join(clientDir, "shell.html"), "<!doctype html><html><body><div id=root></div>shell</body></html>");
writeFileSync(join(clientDir, "assets", "main-abc123.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({ clientDir });
  app = testApp.app;
  // A strict route standing in for every JSON endpoint, to exercise the shared error handling.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/test-echo",
      { schema: { body: z.strictObject({ name: z.string().min(2, "Please enter your full name"), age: z.number() }) } },
      async (request) => ({ received: request.body }),
    );
  app.get("/api/test-crash", async () => {
    throw new Error("select * from secret_table failed");
  });
});
afterAll(async () => testApp.close());

describe("health", () => {
  it("GET /healthz answers while the process is up", async () => {
    const res = await app.inject("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("GET /readyz checks the database and migrations", async () => {
    const res = await app.inject("/readyz");
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("ok");
  });
});

describe("routing", () => {
  it("unknown /api paths get a JSON 404", async () => {
    const res = await app.inject("/api/nope");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/Not found/);
  });

  it("/ gets the prerendered landing page, compressed", async () => {
    const res = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    const plain = await app.inject("/");
    expect(plain.body).toContain("Prerendered landing");
    expect(plain.headers["cache-control"]).toBe("no-cache");
  });

  it("the shell and the landing file are not reachable as static files", async () => {
    for (const file of ["/index.html", "/shell.html"]) {
      const res = await app.inject(file);
      expect(res.body, file).not.toContain("Prerendered landing");
      expect(res.statusCode, file).toBe(404);
    }
  });

  it("known page paths get the app shell with 200, case-insensitively", async () => {
    for (const path of ["/admin", "/ADMIN", "/admin/dashboard", "/email/preferences/abc", "/Travel-Form/123"]) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain("shell");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("unknown page paths get the app shell with 404", async () => {
    const res = await app.inject("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("shell");
  });

  it("hashed assets are cached for a year and compressed", async () => {
    const res = await app.inject({ url: "/assets/main-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.headers["cache-control"]).toContain("max-age=31536000");
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("serves the OpenAPI document", async () => {
    const res = await app.inject("/api/docs");
    expect(res.statusCode).toBe(200);
    expect(res.json().paths["/api/current-retreat"]).toBeDefined();
  });
});

describe("security headers", () => {
  it("sets CSP, frame-ancestors, nosniff and referrer policy; no HSTS over http", async () => {
    const res = await app.inject("/");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends HSTS when PUBLIC_URL is https", async () => {
    const https = await createTestApp({ clientDir, publicUrl: "https://retreat.example.com" });
    try {
      const res = await https.app.inject("/healthz");
      expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    } finally {
      await https.close();
    }
  });
});

describe("bad requests never crash the server", () => {
  const post = (payload: string, contentType = "application/json") =>
    app.inject({ method: "POST", url: "/api/test-echo", payload, headers: { "content-type": contentType } });

  it("malformed JSON gets 400 with the error shape", async () => {
    const res = await post("{not json");
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe("string");
  });

  it("wrong content type gets 415", async () => {
    const res = await post("name=x", "application/x-www-form-urlencoded");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/content type/i);
  });

  it("bodies over the limit get 413", async () => {
    const res = await post(JSON.stringify({ name: "x".repeat(bodyLimitBytes), age: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/i);
  });

  it("unknown fields and wrong types get 400 with per-field errors", async () => {
    const unknown = await post(JSON.stringify({ name: "Ada", age: 3, admin: true }));
    expect(unknown.statusCode).toBe(400);
    const wrongType = await post(JSON.stringify({ name: "A", age: "three" }));
    expect(wrongType.statusCode).toBe(400);
    const paths = wrongType.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["body.name", "body.age"]));
    expect(wrongType.json().errors.find((e: { path: string }) => e.path === "body.name").message).toBe(
      "Please enter your full name",
    );
  });

  it("valid input passes", async () => {
    const res = await post(JSON.stringify({ name: "Ada", age: 36 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: { name: "Ada", age: 36 } });
  });

  it("5xx replies never carry internals", async () => {
    const res = await app.inject("/api/test-crash");
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("secret_table");
    expect(res.json().message).toBeTruthy();
  });
});
