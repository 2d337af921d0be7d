// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApiCall, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import DashboardPage from "../dashboard/dashboard-page";

// The dashboard pulls in every tab; on a busy two-core machine the first render is slow.
configure({ asyncUtilTimeout: 10_000 });

const current = adminRetreat({ name: "Bali Vegan Activism Retreat 2026", status: "open", isCurrent: true });
const past = adminRetreat({ name: "Bali Vegan Activism Retreat 2025", status: "completed" });
const next = adminRetreat({ name: "Bali Vegan Activism Retreat 2027", status: "planning" });

function figures(total: number, season: { id: string; name: string }) {
  return {
    totalApplications: total,
    pendingTasks: 0,
    totalRevenue: "0.00",
    retreats: 3,
    applicationsByStage: { new: total, screening: 0, interview: 0, accepted: 0, payment: 0, waitlist: 0, declined: 0 },
    currentRetreat: { id: current.id, name: current.name },
    season,
  };
}

function setup({ failPut = false } = {}) {
  const season = seasonRoutes([current, past, next]);
  const api = fakeApi((call: ApiCall) => {
    const { method, url } = call;
    if (method === "GET" && url === "/api/auth/user")
      return Response.json({ id: "1", role: "staff", email: "sam@example.com", firstName: "Sam" });
    if (method === "PUT" && failPut) return Response.json({ message: "Retreat not found." }, { status: 404 });
    const route = season.routes[`${method} ${url}`];
    if (route) return route(call);
    if (url.startsWith("/api/admin/dashboard?retreatId=")) {
      const id = new URL(url, "http://x").searchParams.get("retreatId");
      const retreat = [current, past, next].find((r) => r.id === id)!;
      return Response.json(figures(retreat === past ? 42 : 7, retreat));
    }
    if (url === "/api/admin/dashboard/activity") return Response.json({ items: [] });
    if (url.startsWith("/api/admin/applications?"))
      return Response.json({ items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 25 });
    return Response.json({ message: "not mocked" }, { status: 404 });
  });
  renderWithClient(<DashboardPage />, { path: "/admin/dashboard", toaster: true });
  return { api, season };
}

const seasonSelect = () => screen.findByRole("combobox", { name: "Season" });

beforeEach(() => {
  window.history.replaceState(null, "", "/admin/dashboard");
});
afterEach(resetClientTest);

describe("SeasonSwitcher", () => {
  it("lists every retreat with its status, marks the public one, and starts on the user's season", async () => {
    setup();
    const select = (await seasonSelect()) as HTMLSelectElement;
    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Bali Vegan Activism Retreat 2026 (Open, public site)",
      "Bali Vegan Activism Retreat 2025 (Completed)",
      "Bali Vegan Activism Retreat 2027 (Planning)",
    ]);
    expect(select.value).toBe(current.id);
    expect(await screen.findByText("Current retreat: Bali Vegan Activism Retreat 2026")).toBeTruthy();
  });

  it("saves the choice with PUT and every tab asks for the new season", async () => {
    const { api, season } = setup();
    const select = (await seasonSelect()) as HTMLSelectElement;
    expect(await screen.findByText("7", { selector: "p" })).toBeTruthy();
    expect(api.urls()).toContain(`/api/admin/dashboard?retreatId=${current.id}`);
    // Before any choice the figures were never asked for without a season.
    expect(api.urls()).not.toContain("/api/admin/dashboard");

    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(3));
    fireEvent.change(select, { target: { value: past.id } });
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: "PUT", url: "/api/admin/season", body: { retreatId: past.id } });
    expect(season.state.selected).toBe(past.id);
    expect(await screen.findByText("Season changed")).toBeTruthy();
    expect(await screen.findByText("Season: Bali Vegan Activism Retreat 2025")).toBeTruthy();
    expect(screen.getByText("42", { selector: "p" })).toBeTruthy();
    expect(api.urls()).toContain(`/api/admin/dashboard?retreatId=${past.id}`);
    expect(select.value).toBe(past.id);

    // The Overview's export and the Applications tab are the chosen season's too.
    expect(screen.getByRole("link", { name: "Export applications" }).getAttribute("href")).toBe(
      `/api/admin/applications/export?retreatId=${past.id}`,
    );
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Applications" }), { button: 0 });
    await waitFor(() =>
      expect(api.urls().some((url) => url.startsWith(`/api/admin/applications?retreatId=${past.id}&`))).toBe(true),
    );
    expect(api.urls().some((url) => url.startsWith(`/api/admin/applications?retreatId=${current.id}`))).toBe(false);

    // Back to a season seen before: its figures are asked for afresh, not taken from the cache.
    const asked = () => api.urls().filter((url) => url === `/api/admin/dashboard?retreatId=${current.id}`).length;
    expect(asked()).toBe(1);
    fireEvent.change(select, { target: { value: current.id } });
    await waitFor(() => expect(asked()).toBe(2));
  });

  it("says so and stays on the season when saving fails", async () => {
    const { api } = setup({ failPut: true });
    const select = (await seasonSelect()) as HTMLSelectElement;
    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(3));
    fireEvent.change(select, { target: { value: next.id } });
    expect(await screen.findByText("Failed to change season")).toBeTruthy();
    expect(screen.getByText("Retreat not found.")).toBeTruthy();
    await waitFor(() => expect(select.value).toBe(current.id));
    expect(api.urls()).not.toContain(`/api/admin/dashboard?retreatId=${next.id}`);
  });
});
