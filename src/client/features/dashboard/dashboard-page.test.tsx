// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminApplication } from "../../test/builders";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import DashboardPage from "./dashboard-page";

// The tabs pull in every screen of the back office; on a busy two-core machine the first render is slow.
configure({ asyncUtilTimeout: 10_000 });

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

const janeId = "00000000-0000-4000-8000-00000000aaaa";
const jane = adminApplication({
  id: janeId,
  applicationType: "solo",
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  country: "UK",
  stage: "screening",
  submittedAt: "2026-11-20T10:00:00.000Z",
});

type Activity = { items: { id: string; at: string; text: string; href: string | null }[] };

function renderAs(
  role: string,
  { activity = { items: [] }, user = {} }: { activity?: Activity; user?: Record<string, unknown> } = {},
) {
  const seasons = seasonRoutes([
    adminRetreat({ id: dashboard.currentRetreat.id, name: dashboard.currentRetreat.name, isCurrent: true }),
  ]).routes;
  fakeApi(
    {
      ...seasons,
      "GET /api/auth/user": () =>
        Response.json({ id: "1", role, email: "olive@example.com", firstName: "Olive", ...user }),
      "GET /api/admin/dashboard": () => Response.json(dashboard),
      "GET /api/admin/dashboard/activity": () => Response.json(activity),
      [`GET /api/admin/applications/${janeId}`]: () => Response.json(jane),
      "GET /api/current-retreat": () => Response.json(dashboard.currentRetreat),
    },
    () => Response.json({ message: "not mocked" }, { status: 404 }),
  );
  renderWithClient(<DashboardPage />, { path: "/admin/dashboard" });
}

beforeEach(() => {
  window.history.replaceState(null, "", "/admin/dashboard");
});

afterEach(resetClientTest);

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
      "Lists",
      "Finance",
      "Payments",
      "Journey",
      "Site",
      "Settings",
    ]);
  });

  it("does not offer staff the owner-only Settings tab", async () => {
    renderAs("staff");
    await screen.findByText("Welcome back, Olive");
    expect(tabNames()).not.toContain("Settings");
    expect(tabNames()).toContain("Finance");
    expect(tabNames()).toContain("Payments");
    expect(tabNames()).toContain("Site");
  });

  it("greets a user without a first name by their email (spec: first name, or email)", async () => {
    renderAs("staff", { user: { firstName: null } });
    expect(await screen.findByText("Welcome back, olive@example.com")).toBeTruthy();
  });

  it("keeps the empty-state text for recent activity on a fresh install", async () => {
    renderAs("owner");
    expect(await screen.findByText("Recent activity will appear here.")).toBeTruthy();
  });

  it("lists recent activity in words, as text (never HTML), each linked to its record", async () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    renderAs("owner", {
      activity: {
        items: [
          {
            id: "a1",
            at,
            text: "Alex Kim moved Jane Doe's application to Interview",
            href: `/admin/dashboard?tab=applications&application=${janeId}`,
          },
          {
            id: "a2",
            at,
            text: 'Sam created the task "<img src=x onerror=alert(1)>"',
            href: "/admin/dashboard?tab=tasks",
          },
          { id: "a3", at, text: "Alex Kim deleted Gus Gone's application", href: null },
        ],
      },
    });
    const feed = await screen.findByRole("list", { name: "Recent activity" });
    const moved = within(feed).getByRole("link", { name: "Alex Kim moved Jane Doe's application to Interview" });
    expect(moved.getAttribute("href")).toBe(`/admin/dashboard?tab=applications&application=${janeId}`);
    expect(within(feed).getByText('Sam created the task "<img src=x onerror=alert(1)>"')).toBeTruthy();
    expect(feed.querySelector("img")).toBeNull();
    expect(within(feed).getByText("Alex Kim deleted Gus Gone's application").closest("a")).toBeNull();
    expect(within(feed).getAllByText("5 minutes ago")).toHaveLength(3);
    expect(screen.queryByText("Recent activity will appear here.")).toBeNull();

    // The link opens the record in place: the Applications tab with Jane's details.
    fireEvent.click(moved);
    expect(screen.getByRole("tab", { name: "Applications" }).getAttribute("aria-selected")).toBe("true");
    const detail = await screen.findByRole("dialog", { name: "Jane Doe" });
    expect(window.location.search).toBe(`?tab=applications&application=${janeId}`);
    // Closing the record forgets it: a reload then shows the list, not the dialog again.
    fireEvent.click(within(detail).getByRole("button", { name: "Close dialog" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(window.location.search).toBe("?tab=applications");
  });

  it("opens the Finance tab's own screen", async () => {
    renderAs("staff");
    await screen.findByText("Welcome back, Olive");
    const tab = screen.getByRole("tab", { name: "Finance" });
    // Radix tabs switch on mousedown (pointer) or on focus + keyboard.
    fireEvent.mouseDown(tab, { button: 0 });
    expect(await screen.findByRole("heading", { name: "Finance" }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Export CSV" })).toBeTruthy();
  });
});
