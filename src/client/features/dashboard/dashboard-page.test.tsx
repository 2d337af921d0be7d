// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "../../lib/query-client";
import { dismiss } from "../../lib/use-toast";
import DashboardPage from "./dashboard-page";

const dashboard = {
  totalApplications: 1234,
  pendingTasks: 7,
  totalRevenue: "1997.30",
  retreats: 2,
  applicationsByStage: {
    new: 500,
    screening: 300,
    interview: 100,
    accepted: 20,
    payment: 14,
    waitlist: 200,
    declined: 100,
  },
  currentRetreat: { id: "00000000-0000-4000-8000-000000000001", name: "Bali Vegan Activism Retreat 2026" },
};

function renderAs(role: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === "/api/auth/user")
        return Response.json({ id: "1", role, email: "olive@example.com", firstName: "Olive" });
      if (url === "/api/admin/dashboard") return Response.json(dashboard);
      if (url === "/api/current-retreat") return Response.json(dashboard.currentRetreat);
      return Response.json({ message: "not mocked" }, { status: 404 });
    }),
  );
  const location = memoryLocation({ path: "/admin/dashboard" });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <DashboardPage />
      </Router>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  act(() => dismiss());
  vi.unstubAllGlobals();
});

const tabNames = () =>
  within(screen.getByRole("tablist"))
    .getAllByRole("tab")
    .map((t) => t.textContent);

describe("DashboardPage", () => {
  it("shows the owner the header, the four stat cards, the pipeline and every tab", async () => {
    renderAs("owner");
    await screen.findByText("Welcome back, Olive");
    expect(screen.getByText("OWNER")).toBeTruthy();
    expect(await screen.findByText("1,234")).toBeTruthy();
    for (const label of ["Total Applications", "Pending Tasks", "Revenue", "Retreats"]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByText("£1,997.30")).toBeTruthy();
    expect(screen.getByTestId("pipeline-new").textContent).toBe("500");
    expect(screen.getByTestId("pipeline-payment").textContent).toBe("14");
    expect(screen.getByText("Current retreat: Bali Vegan Activism Retreat 2026")).toBeTruthy();
    expect(tabNames()).toEqual([
      "Overview",
      "Applications",
      "Waitlist",
      "Interviews",
      "Schedule",
      "Tasks",
      "Finance",
      "Payments",
      "Settings",
    ]);
  });

  it("does not offer staff the owner-only Settings tab", async () => {
    renderAs("staff");
    await screen.findByText("Welcome back, Olive");
    expect(tabNames()).not.toContain("Settings");
    expect(tabNames()).toContain("Finance");
    expect(tabNames()).toContain("Payments");
  });

  it("opens the Finance tab's own screen", async () => {
    renderAs("staff");
    await screen.findByText("Welcome back, Olive");
    const tab = screen.getByRole("tab", { name: "Finance" });
    // Radix tabs switch on mousedown (pointer) or on focus + keyboard.
    fireEvent.mouseDown(tab, { button: 0 });
    expect(await screen.findByRole("heading", { name: "Finance" }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Export CSV" })).toBeTruthy();
  });
});
