// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createResource, RETRIES, retryDelayMs } from "./landing-store";

describe("the landing page's data store (the landing entry has no TanStack Query)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("retries a failing read 3 times, spaced as TanStack Query spaces them, then reports the error", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => Response.json({ message: "No active retreat" }, { status: 404 }));
    vi.stubGlobal("fetch", fetchMock);
    const resource = createResource<{ price: number }>("/api/current-retreat", () => ({ price: 1 }), true);
    expect(resource.get()).toEqual({ data: { price: 1 }, isError: false });

    resource.start();
    resource.start();
    await vi.advanceTimersByTimeAsync(retryDelayMs(0) + retryDelayMs(1) - 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(RETRIES + 1);
    expect(fetchMock).toHaveBeenCalledWith("/api/current-retreat", expect.anything());
    // As with TanStack Query's placeholder data: once the retries have failed, it is gone.
    expect(resource.get()).toEqual({ data: undefined, isError: true });
    expect(resource.live()).toBeUndefined();
  });

  it("answers with the live data, while hydration still starts from the copy the page was rendered from", async () => {
    const fetchMock = vi.fn(async () => Response.json({ price: 2 }));
    vi.stubGlobal("fetch", fetchMock);
    const resource = createResource<{ price: number }>("/api/current-retreat", () => ({ price: 1 }), true);
    const seen: number[] = [];
    resource.subscribe(() => seen.push(resource.get().data!.price));
    expect(resource.live()).toBeUndefined();

    resource.start();
    await vi.waitFor(() => expect(resource.get().data).toEqual({ price: 2 }));
    expect(seen).toEqual([2]);
    expect(resource.live()).toEqual({ price: 2 });
    expect(resource.getInitial().data).toEqual({ price: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("makes no request when the embedded copy is the answer, and one when there is none", async () => {
    const fetchMock = vi.fn(async () => Response.json({ words: "live" }));
    vi.stubGlobal("fetch", fetchMock);
    const embedded = createResource("/api/site-content", () => ({ words: "embedded" }), false);
    embedded.start();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(embedded.get().data).toEqual({ words: "embedded" });

    const missing = createResource<{ words: string }>("/api/site-content", () => undefined, false);
    missing.start();
    await vi.waitFor(() => expect(missing.get().data).toEqual({ words: "live" }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
