// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminApplication } from "../../../../shared/schemas/applications-admin";
import { adminApplication } from "../../../test/builders";
import { passTime } from "../../../test/clock";
import { type ApiCall, type ApiReplyBody, fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../../test/render";
import { adminRetreat, seasonRoutes } from "../../../test/season";
import { table, tableRow } from "../../../test/table";
import { searchDebounceMs } from "../../admin-shell/use-debounced-search";
import { ApplicationsTab } from "./applications-tab";

// Radix checkboxes inside a form measure themselves.
stubResizeObserver();

const application = (overrides: Partial<AdminApplication>) =>
  adminApplication({
    phone: "+44 20 7946 0000",
    city: "London",
    country: "United Kingdom",
    score: 40,
    motivations: "To learn outreach.",
    advocacyInvolvement: "Street stalls.",
    roomPreference: "private",
    ...overrides,
  });

const ada = application({ firstName: "Ada", lastName: "Lovelace", stage: "new", instagramHandle: "@ada_codes" });
const grace = application({ firstName: "Grace", lastName: "Hopper", email: "grace@example.com", stage: "payment" });
const hedy = application({ firstName: "Hedy", lastName: "Lamarr", email: "hedy@example.com", stage: "waitlist" });

let calls: ApiCall[];
/** Reply for writes: status and body by "METHOD path-suffix". */
let writeReplies: Record<string, ApiReplyBody>;
let listTotal: number;

/** The season the back office shows (the season switcher's): the list and the export are its. */
const season = adminRetreat({ name: "Bali 2025", status: "completed", isCurrent: false });

beforeEach(() => {
  writeReplies = {};
  listTotal = 60;
  const seasons = seasonRoutes([adminRetreat({ isCurrent: true }), season], season.id).routes;
  ({ calls } = fakeApi((call) => {
    const { method, url } = call;
    const seasonRoute = seasons[`${method} ${url}`];
    if (seasonRoute) return seasonRoute(call);
    if (method === "GET" && url.startsWith("/api/admin/applications?")) {
      const page = Number(new URL(url, "http://x").searchParams.get("page"));
      return Response.json({ items: [ada, grace, hedy], total: listTotal, totalIsEstimate: false, page, pageSize: 25 });
    }
    const key = Object.keys(writeReplies).find((k) => `${method} ${url}`.endsWith(k));
    const reply = key ? writeReplies[key]! : { status: 200, body: {} };
    return Response.json(reply.body, { status: reply.status });
  }));
});

afterEach(resetClientTest);

function renderTab() {
  renderWithClient(<ApplicationsTab />, { toaster: true });
}

const listCalls = () => calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/admin/applications?"));
const lastListUrl = () => new URL(listCalls().at(-1)!.url, "http://x");
const row = tableRow;

describe("ApplicationsTab", () => {
  it("shows the server's page: names, stage badges, scores out of 100 and the count", async () => {
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    expect(lastListUrl().search).toBe(`?retreatId=${season.id}&sort=submittedAt&order=desc&page=1&pageSize=25`);
    const headers = within(table())
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Name", "Email", "Country", "Stage", "Score", "Submitted", "Actions"]);
    expect(within(row("Ada Lovelace")).getByText("New")).toBeTruthy();
    expect(row("Ada Lovelace").textContent).toContain("40/100");
    expect(row("Ada Lovelace").textContent).toContain("3 Jan 2026");
    expect(within(row("Grace Hopper")).getByText("Payment").dataset.stage).toBe("payment");
  });

  it("sorts on the server when a header is clicked, flipping the order on a second click", async () => {
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    fireEvent.click(within(table()).getByRole("button", { name: "Name" }));
    await waitFor(() => expect(lastListUrl().searchParams.get("sort")).toBe("name"));
    expect(lastListUrl().searchParams.get("order")).toBe("asc");
    expect(within(table()).getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(table()).getByRole("button", { name: "Name" }));
    await waitFor(() => expect(lastListUrl().searchParams.get("order")).toBe("desc"));
    fireEvent.click(within(table()).getByRole("button", { name: "Score" }));
    await waitFor(() => expect(lastListUrl().searchParams.get("sort")).toBe("score"));
    expect(lastListUrl().searchParams.get("order")).toBe("desc");
  });

  it("filters by stage, searches after a pause, pages, and exports what is shown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    const stage = screen.getByLabelText("Stage");
    expect([...stage.querySelectorAll("option")].map((o) => o.value)).toEqual([
      "all",
      "new",
      "screening",
      "interview",
      "accepted",
      "waitlist",
      "declined",
    ]);
    fireEvent.change(stage, { target: { value: "waitlist" } });
    await waitFor(() => expect(lastListUrl().searchParams.get("stage")).toBe("waitlist"));

    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "ada" } });
    const before = listCalls().length;
    await passTime(searchDebounceMs - 50);
    expect(listCalls().length).toBe(before);
    await passTime(100);
    await waitFor(() => expect(lastListUrl().searchParams.get("search")).toBe("ada"));

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(lastListUrl().searchParams.get("page")).toBe("2"));
    const exportLink = screen.getByRole("link", { name: "Export" });
    expect(exportLink.getAttribute("href")).toBe(
      `/api/admin/applications/export?retreatId=${season.id}&search=ada&stage=waitlist&sort=submittedAt&order=desc`,
    );
  });

  it("offers forward, waitlist and decline only where spec section 4 allows them", async () => {
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    const names = (r: HTMLElement) =>
      within(r)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label"));
    expect(names(row("Ada Lovelace"))).toEqual([
      "View details for Ada Lovelace",
      "Move Ada Lovelace to screening",
      "Move Ada Lovelace to waitlist",
      "Decline Ada Lovelace",
      "Edit Ada Lovelace",
      "Delete Ada Lovelace",
    ]);
    expect(names(row("Grace Hopper"))).toEqual([
      "View details for Grace Hopper",
      "Edit Grace Hopper",
      "Delete Grace Hopper",
    ]);
    expect(names(row("Hedy Lamarr"))).toEqual([
      "View details for Hedy Lamarr",
      "Edit Hedy Lamarr",
      "Delete Hedy Lamarr",
    ]);
    expect(within(row("Ada Lovelace")).getByRole("link", { name: "Email Ada Lovelace" }).getAttribute("href")).toBe(
      "mailto:ada@example.com",
    );
  });

  it("declines with notes and the notify box on by default, then says so and refreshes the list", async () => {
    writeReplies[`/api/admin/applications/${ada.id}/escalate/declined`] = {
      status: 200,
      body: { application: { ...ada, stage: "declined" }, notified: true },
    };
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    fireEvent.click(within(row("Ada Lovelace")).getByRole("button", { name: "Decline Ada Lovelace" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline Ada Lovelace?" });
    const notify = within(dialog).getByRole("checkbox", { name: "Notify applicant" });
    expect(notify.getAttribute("aria-checked")).toBe("true");
    fireEvent.change(within(dialog).getByLabelText("Notes (optional)"), { target: { value: "Dates clash" } });
    const listsBefore = listCalls().length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline application" }));
    const toast = await screen.findByRole("status");
    expect(toast.textContent).toContain("Stage Updated");
    expect(toast.textContent).toContain("Application moved to declined stage successfully");
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe(`/api/admin/applications/${ada.id}/escalate/declined`);
    expect(post.body).toEqual({ notes: "Dates clash", notify: true });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(listsBefore));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("can move forward without emailing, and shows the server's reason when it refuses", async () => {
    writeReplies.escalate = { status: 409, body: { message: "This application is already in the screening stage." } };
    writeReplies[`/api/admin/applications/${ada.id}/escalate/screening`] = writeReplies.escalate;
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    fireEvent.click(within(row("Ada Lovelace")).getByRole("button", { name: "Move Ada Lovelace to screening" }));
    const dialog = await screen.findByRole("dialog", { name: "Move Ada Lovelace to screening?" });
    // Only decisions email the applicant, so there is nothing to opt out of here.
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Move to screening" }));
    // The toast sits behind the modal (hidden from assistive tech while it is open): the dialog says it too.
    const alerts = await screen.findAllByRole("alert", { hidden: true });
    expect(alerts.map((a) => a.textContent).join(" ")).toContain("Failed to update application stage");
    expect(within(dialog).getByRole("alert").textContent).toBe("This application is already in the screening stage.");
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ notify: false });
  });

  it("sends notify false when the box is unticked", async () => {
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    fireEvent.click(within(row("Ada Lovelace")).getByRole("button", { name: "Move Ada Lovelace to waitlist" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Notify applicant" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Move to waitlist" }));
    await screen.findByRole("status");
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ notify: false });
  });

  it("deletes after a confirmation that warns it cannot be undone; a refusal shows the server's message", async () => {
    writeReplies[`/api/admin/applications/${grace.id}`] = {
      status: 409,
      body: { message: "This application has payments and cannot be deleted." },
    };
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");

    fireEvent.click(within(row("Grace Hopper")).getByRole("button", { name: "Delete Grace Hopper" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Delete application?" });
    expect(dialog.textContent).toContain("This action cannot be undone.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    const alerts = await screen.findAllByRole("alert", { hidden: true });
    const toast = alerts.find((a) => a.textContent?.includes("Failed to delete application"));
    expect(toast?.textContent).toContain("This application has payments and cannot be deleted.");
    expect(within(dialog).getByRole("alert").textContent).toBe("This application has payments and cannot be deleted.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    fireEvent.click(within(row("Ada Lovelace")).getByRole("button", { name: "Delete Ada Lovelace" }));
    dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("status")).textContent).toContain("Application deleted successfully");
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      `/api/admin/applications/${grace.id}`,
      `/api/admin/applications/${ada.id}`,
    ]);
  });

  it("the detail modal shows social links and saves stage, score and notes with PATCH", async () => {
    writeReplies[`/api/admin/applications/${ada.id}`] = { status: 200, body: { ...ada, stage: "interview" } };
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    fireEvent.click(within(row("Ada Lovelace")).getByRole("button", { name: "View details for Ada Lovelace" }));
    const dialog = await screen.findByRole("dialog", { name: "Ada Lovelace" });
    const hrefs = within(dialog)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(hrefs).toContain("https://instagram.com/ada_codes");
    expect(hrefs).toContain("https://x.com/ada_codes");
    expect(hrefs).toContain("https://www.tiktok.com/@ada_codes");
    expect(hrefs).toContain("https://www.youtube.com/@ada_codes");
    expect([...within(dialog).getByLabelText("Stage").querySelectorAll("option")].map((o) => o.value)).toEqual([
      "new",
      "screening",
      "interview",
      "accepted",
      "waitlist",
      "declined",
    ]);

    const score = within(dialog).getByLabelText("Score (0-100)");
    fireEvent.change(score, { target: { value: "101" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(within(dialog).getByText("Score must be between 0 and 100")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    fireEvent.change(score, { target: { value: "85" } });
    fireEvent.change(within(dialog).getByLabelText("Stage"), { target: { value: "interview" } });
    fireEvent.change(within(dialog).getByLabelText("Internal notes"), { target: { value: "Call went well" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect((await screen.findByRole("status")).textContent).toContain("Application moved to interview");
    expect(calls.find((c) => c.method === "PATCH")).toEqual({
      method: "PATCH",
      url: `/api/admin/applications/${ada.id}`,
      body: { stage: "interview", score: 85, internalNotes: "Call went well" },
    });
  });

  it("says when an application has no social links", async () => {
    renderTab();
    await screen.findByText("Showing 1–3 of 60 applications");
    fireEvent.click(within(row("Grace Hopper")).getByRole("button", { name: "View details for Grace Hopper" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("No social media links provided")).toBeTruthy();
    // An application already in payment shows that stage in the selector.
    expect((within(dialog).getByLabelText("Stage") as HTMLSelectElement).value).toBe("payment");
  });
});
