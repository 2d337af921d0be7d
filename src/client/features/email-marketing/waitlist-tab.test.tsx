// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { WaitlistTab } from "./waitlist-tab";

// The sibling panels are someone else's and fetch their own data; here only the shell is under test.
vi.mock("./campaigns/campaigns-panel", () => ({ CampaignsPanel: () => <p>Campaigns panel</p> }));
vi.mock("./templates/templates-panel", () => ({ TemplatesPanel: () => <p>Templates panel</p> }));

beforeEach(() => {
  fakeApi(({ url }) => {
    if (url.startsWith("/api/admin/email-logs?")) {
      return Response.json({ items: [], total: 0, page: 1, pageSize: 25, counts: {} });
    }
    if (url.startsWith("/api/admin/email-subscribers/tags")) return Response.json({ tags: [] });
    return Response.json({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
      summary: { total: 0, active: 0, unsubscribed: 0, bounced: 0, complained: 0 },
    });
  });
});

afterEach(() => {
  resetClientTest();
  window.history.replaceState(null, "", "/");
});

function renderAt(search: string) {
  window.history.replaceState(null, "", `/admin/dashboard${search}`);
  renderWithClient(<WaitlistTab />);
}

const selected = () => screen.getAllByRole("tab").find((tab) => tab.getAttribute("aria-selected") === "true");

describe("WaitlistTab", () => {
  it("has the heading and four sections, Subscribers first", async () => {
    renderAt("?tab=waitlist");
    expect(screen.getByRole("heading", { name: "Email marketing", level: 2 })).toBeTruthy();
    expect(screen.getByRole("tablist", { name: "Email marketing sections" })).toBeTruthy();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Subscribers",
      "Campaigns",
      "Templates",
      "Outbox",
    ]);
    expect(selected()?.textContent).toBe("Subscribers");
    expect(await screen.findByRole("heading", { name: "Subscribers" })).toBeTruthy();
  });

  it("opens the section named in ?email= and keeps the choice in the URL", async () => {
    renderAt("?tab=waitlist&email=outbox");
    expect(selected()?.textContent).toBe("Outbox");
    expect(await screen.findByRole("heading", { name: "Outbox" })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Campaigns" }), { button: 0 });
    expect(await screen.findByText("Campaigns panel")).toBeTruthy();
    expect(window.location.search).toBe("?tab=waitlist&email=campaigns");

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Subscribers" }), { button: 0 });
    expect(window.location.search).toBe("?tab=waitlist");
  });

  it("falls back to Subscribers for an unknown section", () => {
    renderAt("?tab=waitlist&email=nonsense");
    expect(selected()?.textContent).toBe("Subscribers");
  });
});
