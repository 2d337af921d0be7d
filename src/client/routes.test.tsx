// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "./lib/query-client";
import { AppRouter } from "./routes";

function renderAt(path: string) {
  const location = memoryLocation({ path });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppRouter hook={location.hook} />
    </QueryClientProvider>,
  );
  return location;
}

describe("AppRouter", () => {
  beforeEach(() => {
    document.title = "Bali Vegan Activism Retreat 2026";
    // The landing page reads the current retreat; keep it pending so no real request is made.
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("matches routes case-insensitively", async () => {
    renderAt("/ADMIN");
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Portal" })).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
  });

  it("passes named params to token pages", async () => {
    renderAt("/email/unsubscribe/XYZ");
    expect(await screen.findByRole("heading", { level: 1, name: "Unsubscribe" })).toBeTruthy();
    expect(screen.getByText("XYZ")).toBeTruthy();
    expect(screen.getByRole("main").textContent).toContain("Token: XYZ");
  });

  it("keeps the param's case while matching the path without case", async () => {
    renderAt("/Email/Preferences/abc");
    expect(await screen.findByRole("heading", { level: 1, name: "Email Preferences" })).toBeTruthy();
    expect(screen.getByRole("main").textContent).toContain("Token: abc");
  });

  it("renders every admin area and the travel form", async () => {
    renderAt("/admin/dashboard/");
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeTruthy();
    cleanup();
    renderAt("/travel-form/42");
    expect(await screen.findByText("42")).toBeTruthy();
  });

  it("renders the 404 page for unknown paths and sets the document title", async () => {
    renderAt("/nope");
    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeTruthy();
    expect(document.title).toBe("404 Page Not Found");
    expect(screen.getByRole("link", { name: /home/i }).getAttribute("href")).toBe("/");
  });

  it("treats a token route without a token as unknown", async () => {
    renderAt("/email/unsubscribe");
    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeTruthy();
  });

  it("restores the title when leaving the 404 page", async () => {
    const location = renderAt("/nope");
    await screen.findByRole("heading", { name: "404 Page Not Found" });
    act(() => location.navigate("/admin"));
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Portal" })).toBeTruthy();
    expect(document.title).toBe("Bali Vegan Activism Retreat 2026");
  });
});
