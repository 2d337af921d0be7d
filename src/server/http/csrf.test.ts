import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../test/test-app";

let app: FastifyInstance;
withTestApp(
  async (built) => {
    app = built;
    app.post("/api/test-write", async () => ({ ok: true }));
    app.post("/api/test-exempt", { config: { csrfExempt: true } }, async () => ({ ok: true }));
  },
  { publicUrl: "https://retreat.example.com" },
);

const write = (url: string, headers: Record<string, string>) =>
  app.inject({ method: "POST", url, headers: { "content-type": "application/json", ...headers }, payload: "{}" });

describe("CSRF defence on state-changing requests", () => {
  it("allows same-origin browser requests", async () => {
    expect(
      (await write("/api/test-write", { origin: "https://retreat.example.com", "sec-fetch-site": "same-origin" }))
        .statusCode,
    ).toBe(200);
  });

  it("allows non-browser clients that send neither header", async () => {
    expect((await write("/api/test-write", {})).statusCode).toBe(200);
  });

  it("refuses a foreign Origin", async () => {
    const res = await write("/api/test-write", { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Cross-site request refused");
  });

  it("refuses cross-site and same-site fetch metadata", async () => {
    expect((await write("/api/test-write", { "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await write("/api/test-write", { "sec-fetch-site": "same-site" })).statusCode).toBe(403);
  });

  it("lets routes that must be callable cross-site opt out", async () => {
    expect(
      (await write("/api/test-exempt", { origin: "https://mail.example", "sec-fetch-site": "cross-site" })).statusCode,
    ).toBe(200);
  });

  it("never blocks reads", async () => {
    const res = await app.inject({
      url: "/api/current-retreat",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(200);
  });
});
