// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient, getQueryFn } from "./query-client";

function mockFetch(make: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => make());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("query client", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("fetches the path made by joining the query key with '/'", async () => {
    const fetchMock = mockFetch(() => Response.json([{ id: 1 }]));
    const client = createQueryClient();

    const data = await client.fetchQuery({ queryKey: ["/api/admin/sessions", "abc"] });

    expect(data).toEqual([{ id: 1 }]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/admin/sessions/abc");
    expect(init?.credentials).toBe("include");
  });

  it("does not retry and throws the spec's error message", async () => {
    const fetchMock = mockFetch(() => new Response("boom", { status: 500, statusText: "Internal Server Error" }));
    const client = createQueryClient();

    await expect(client.fetchQuery({ queryKey: ["/api/admin/dashboard"] })).rejects.toThrow("500: boom");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("uses the spec's defaults", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it("returns null on 401 when asked to, and throws otherwise", async () => {
    mockFetch(() => new Response("Unauthorized", { status: 401, statusText: "Unauthorized" }));
    const client = createQueryClient();

    const user = await client.fetchQuery({
      queryKey: ["/api/auth/user"],
      queryFn: getQueryFn({ on401: "returnNull" }),
    });
    expect(user).toBeNull();
    await expect(client.fetchQuery({ queryKey: ["/api/admin/users"] })).rejects.toThrow("401: Unauthorized");
  });
});
