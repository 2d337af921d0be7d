import { vi } from "vitest";

/** One request the component made: method, URL (with its query string) and JSON body. */
export type ApiCall<Body = unknown> = { url: string; method: string; body: Body };

export type ApiReply = Response | undefined | Promise<Response | undefined>;

/** "METHOD /path" → reply. The key matches the full URL first, then the path without its query string. */
export type ApiRoutes<Body = unknown> = Record<string, (call: ApiCall<Body>) => ApiReply>;

function bodyOf(init?: RequestInit): unknown {
  if (typeof init?.body !== "string") return init?.body ?? undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

/** A canned answer a test sets for one request: its status and JSON body. */
export type ApiReplyBody = { status: number; body: unknown };

/**
 * Stubs the global fetch for a component test. Each request is recorded in `calls`, then answered
 * by `replies` (canned answers a test sets as it goes, by "METHOD /path" like the routes), else by
 * its route in the table (or by the function given instead of a table); a request that nothing
 * answers gets `fallback`, by default a 404.
 */
export function fakeApi<Body = unknown>(
  routes: ApiRoutes<Body> | ((call: ApiCall<Body>) => ApiReply),
  fallback: (call: ApiCall<Body>) => Response | Promise<Response> = () =>
    Response.json({ message: "Not found" }, { status: 404 }),
) {
  const calls: ApiCall<Body>[] = [];
  const replies: Record<string, ApiReplyBody> = {};
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const call: ApiCall<Body> = { url, method: init?.method ?? "GET", body: bodyOf(init) as Body };
    calls.push(call);
    const canned = replies[`${call.method} ${url}`] ?? replies[`${call.method} ${url.split("?")[0]}`];
    if (canned) return Response.json(canned.body, { status: canned.status });
    const route =
      typeof routes === "function"
        ? routes
        : (routes[`${call.method} ${url}`] ?? routes[`${call.method} ${url.split("?")[0]}`]);
    return (await route?.(call)) ?? fallback(call);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    replies,
    /** The URLs asked for so far, in order. */
    urls: () => calls.map((call) => call.url),
    /** The calls that change something (everything but GET). */
    writes: () => calls.filter((call) => call.method !== "GET"),
  };
}
