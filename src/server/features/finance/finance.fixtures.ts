/** Test-only helpers for the finance tests (imported only by *.test.ts). */
import type { FastifyInstance } from "fastify";
import type { signedInAs } from "../../test/test-sessions";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Signed = Awaited<ReturnType<typeof signedInAs>>;

export function caller(app: FastifyInstance) {
  return (method: Method, url: string, cookie: string | null, payload?: object) =>
    app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** A valid expense body; override what the test is about. */
export function expenseBody(overrides: Record<string, unknown> = {}) {
  return {
    description: "Villa deposit",
    amount: "1000.00",
    category: "accommodation",
    expenseDate: "2026-03-01",
    ...overrides,
  };
}
