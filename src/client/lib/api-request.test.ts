// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiError, apiRequest } from "./api-request";

function mockFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("apiRequest", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends JSON with cookies", async () => {
    const fetchMock = mockFetch(new Response("{}", { status: 200 }));
    const res = await apiRequest("POST", "/api/waitlist", { name: "Ada", email: "ada@example.com" });

    expect(res.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/waitlist");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(init?.body).toBe(JSON.stringify({ name: "Ada", email: "ada@example.com" }));
  });

  it("sends no body or content type without data", async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await apiRequest("DELETE", "/api/admin/applications/7");
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toBeUndefined();
    expect(init?.credentials).toBe("include");
  });

  it("throws '<status>: <body>' on a non-OK response with a body", async () => {
    mockFetch(new Response("body text", { status: 400, statusText: "Bad Request" }));
    const error = await apiRequest("POST", "/api/waitlist", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("400: body text");
    expect((error as ApiError).status).toBe(400);
  });

  it("falls back to the status text when the body is empty", async () => {
    mockFetch(new Response("", { status: 404, statusText: "Not Found" }));
    await expect(apiRequest("GET", "/api/missing")).rejects.toThrow(/^404: Not Found$/);
  });
});
