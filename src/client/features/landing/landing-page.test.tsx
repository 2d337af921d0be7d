// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import LandingPage from "./landing-page";

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LandingPage />
    </QueryClientProvider>,
  );
}

describe("LandingPage placeholder", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("shows the current retreat's name", async () => {
    const fetchMock = vi.fn(async () => Response.json({ id: 1, name: "Bali 2026" }));
    vi.stubGlobal("fetch", fetchMock);
    renderPage();

    expect(screen.getByRole("status").textContent).toMatch(/Loading/);
    expect(await screen.findByText("Bali 2026")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith("/api/current-retreat", expect.objectContaining({ credentials: "include" }));
  });

  it("retries 3 times, then shows Unable to Load", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response("down", { status: 503 }));
    vi.stubGlobal("fetch", fetchMock);
    renderPage();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByRole("alert").textContent).toContain("Unable to Load");
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
