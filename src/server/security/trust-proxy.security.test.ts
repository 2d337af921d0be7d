/**
 * TRUST_PROXY as a hop count (`1` behind one load balancer, as the README says). Fastify 5 reads
 * a numeric trustProxy as "trust nobody", which made every visitor the balancer and gave the whole
 * site one rate limit; a client must not be able to pick its own address either.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../http/rate-limit";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1 });
  app = t.app;
});
afterAll(async () => t?.close());

const limit = rateLimits.publicLight.max as number;
const join = (n: number, forwardedFor: string) =>
  app.inject({
    method: "POST",
    url: "/api/waitlist",
    payload: { name: "Proxy Visitor", email: `proxy-${n}@example.com` },
    // The balancer (the socket peer, 127.0.0.1 here) appends the address it saw.
    headers: { "x-forwarded-for": forwardedFor },
  });

describe("TRUST_PROXY=1 (one load balancer)", () => {
  it("gives each visitor behind the balancer a limit of their own", async () => {
    const statuses = [];
    for (let i = 0; i < limit + 5; i++) statuses.push((await join(i, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it("believes only the address the balancer added: one visitor cannot dodge the limit by prepending others", async () => {
    const statuses = [];
    for (let i = 0; i < limit + 1; i++) {
      statuses.push((await join(1000 + i, `203.0.113.${i + 1}, 192.0.2.77`)).statusCode);
    }
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it("counts a forged address that is not an address like any other: limited, never a 500", async () => {
    // Only a client reaching the app past the balancer can send this; it once failed the store
    // (a key longer than an index row: 500) and, through skipOnError, skipped every limit.
    const forged = "f".repeat(6000);
    const statuses = [];
    for (let i = 0; i < limit + 1; i++) statuses.push((await join(2000 + i, forged)).statusCode);
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    const gated = [];
    for (let i = 0; i < limit + 1; i++) {
      const res = await app.inject({
        method: "GET",
        url: "/api/auth/set-password/abc",
        headers: { "x-forwarded-for": `${forged}-${"g".repeat(10)}` },
      });
      gated.push(res.statusCode);
    }
    expect(gated).not.toContain(500);
    expect(gated[limit]).toBe(429);
  });
});
