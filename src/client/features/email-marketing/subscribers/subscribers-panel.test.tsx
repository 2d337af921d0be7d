// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminSubscriber, SubscriberImportResult } from "../../../../shared/schemas/email-subscribers";
import { passTime } from "../../../test/clock";
import { type ApiCall, type ApiReplyBody, fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../../test/render";
import { table, tableRow } from "../../../test/table";
import { searchDebounceMs } from "../../admin-shell/use-debounced-search";
import { SubscribersPanel } from "./subscribers-panel";

stubResizeObserver();

function subscriber(overrides: Partial<AdminSubscriber>): AdminSubscriber {
  return {
    id: crypto.randomUUID(),
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    segment: "waitlist",
    source: "waitlist_form",
    status: "active",
    tags: ["vip"],
    applicationId: null,
    applicationEmails: true,
    marketingEmails: true,
    systemNotifications: true,
    globallyUnsubscribed: false,
    subscribedAt: "2026-01-03T10:00:00.000Z",
    preferencesUpdatedAt: null,
    unsubscribedAt: null,
    unsubscribeReason: null,
    lastEmailSent: null,
    consentAt: "2026-01-03T10:00:00.000Z",
    consentIp: null,
    bouncedAt: null,
    complainedAt: null,
    ...overrides,
  };
}

const ada = subscriber({});
/** Switched marketing off from her preferences link, still subscribed otherwise. */
const hedy = subscriber({ email: "hedy@example.com", firstName: "Hedy", lastName: null, marketingEmails: false });
const grace = subscriber({
  email: "grace@example.com",
  firstName: "Grace",
  lastName: "Hopper",
  segment: "applicant",
  source: "admin_upload",
  status: "unsubscribed",
  tags: [],
  marketingEmails: false,
  globallyUnsubscribed: true,
});

let calls: ApiCall[];
let writeReplies: Record<string, ApiReplyBody>;

beforeEach(() => {
  ({ calls, replies: writeReplies } = fakeApi(
    {
      "GET /api/admin/email-subscribers/tags": () =>
        Response.json({
          tags: [
            { tag: "vip", count: 12 },
            { tag: "donor", count: 3 },
          ],
        }),
      "GET /api/admin/email-subscribers": ({ url }) => {
        const params = new URL(url, "http://x").searchParams;
        const page = Number(params.get("page"));
        // A one-letter search has more matches than the server counts: its total is an estimate.
        const estimated = params.get("search") === "a";
        return Response.json({
          items: [ada, grace, hedy],
          total: estimated ? 1500 : 60,
          totalIsEstimate: estimated,
          page,
          pageSize: 25,
          summary: { total: 1234, active: 1000, unsubscribed: 200, bounced: 30, complained: 4 },
        });
      },
    },
    () => Response.json({}, { status: 200 }),
  ));
});

afterEach(resetClientTest);

function renderPanel() {
  renderWithClient(<SubscribersPanel />, { toaster: true });
}

const listCalls = () => calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/admin/email-subscribers?"));
const lastListUrl = () => new URL(listCalls().at(-1)!.url, "http://x");
const row = tableRow;
const loaded = () => screen.findByText("Showing 1–3 of 60 subscribers");

describe("SubscribersPanel", () => {
  it('says "about" when the server\'s total is an estimate', async () => {
    renderPanel();
    await loaded();
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "a" } });
    expect(await screen.findByText("Showing 1–3 of about 1,500 subscribers")).toBeTruthy();
    expect(screen.getByText(/Page 1 of about/).textContent).toBe("Page 1 of about 60");
  });

  it("shows the summary figures and one row per subscriber with status badges", async () => {
    renderPanel();
    await loaded();
    expect(lastListUrl().search).toBe("?page=1&pageSize=25");
    const figures = screen.getByText("Bounced or complained").closest("dl")!;
    expect(figures.textContent).toContain("Total1,234");
    expect(figures.textContent).toContain("Active1,000");
    expect(figures.textContent).toContain("Unsubscribed200");
    expect(figures.textContent).toContain("Bounced or complained34");
    const headers = within(table())
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Email", "Name", "Segment", "Status", "Source", "Tags", "Subscribed", "Actions"]);
    expect(row("ada@example.com").textContent).toContain("Ada Lovelace");
    expect(row("ada@example.com").textContent).toContain("Waitlist form");
    expect(row("ada@example.com").textContent).toContain("3 Jan 2026");
    expect(within(row("ada@example.com")).getByText("vip")).toBeTruthy();
    expect(within(row("ada@example.com")).getByText("Active").dataset.status).toBe("active");
    expect(within(row("grace@example.com")).getByText("Unsubscribed").dataset.status).toBe("unsubscribed");
    expect(row("grace@example.com").textContent).toContain("Added by staff");
  });

  it("sends filters, the tag, the search (after a pause) and the page; the export link carries the filters", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPanel();
    await loaded();
    const tag = screen.getByLabelText("Tag");
    await waitFor(() => expect(tag.querySelectorAll("option")).toHaveLength(3));
    expect([...tag.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "All tags",
      "vip (12)",
      "donor (3)",
    ]);

    fireEvent.change(screen.getByLabelText("Segment"), { target: { value: "applicant" } });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "bounced" } });
    fireEvent.change(screen.getByLabelText("Source"), { target: { value: "admin_upload" } });
    fireEvent.change(tag, { target: { value: "donor" } });
    await waitFor(() => expect(lastListUrl().searchParams.get("tag")).toBe("donor"));

    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "gra" } });
    const before = listCalls().length;
    await passTime(searchDebounceMs - 50);
    expect(listCalls().length).toBe(before);
    await passTime(100);
    await waitFor(() => expect(lastListUrl().searchParams.get("search")).toBe("gra"));

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(lastListUrl().searchParams.get("page")).toBe("2"));
    expect(lastListUrl().search).toBe(
      "?search=gra&segment=applicant&status=bounced&source=admin_upload&tag=donor&page=2&pageSize=25",
    );

    const exportLink = screen.getByRole("link", { name: /Export CSV/ });
    expect(exportLink.getAttribute("href")).toBe(
      "/api/admin/email-subscribers/export?search=gra&segment=applicant&status=bounced&source=admin_upload&tag=donor",
    );
    expect(exportLink.getAttribute("target")).toBe("_blank");
    expect(exportLink.getAttribute("rel")).toContain("noopener");
  });

  it("add: shows the schema's messages inline, then posts the cleaned payload", async () => {
    writeReplies["POST /api/admin/email-subscribers"] = {
      status: 201,
      body: { subscriber: subscriber({ email: "new@example.com" }) },
    };
    renderPanel();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Add subscriber" }));
    const dialog = await screen.findByRole("dialog", { name: "Add subscriber" });
    const email = within(dialog).getByLabelText(/^Email/);
    const tags = within(dialog).getByLabelText("Tags");

    fireEvent.click(within(dialog).getByRole("button", { name: "Add subscriber" }));
    expect(await within(dialog).findByText("Email is required")).toBeTruthy();
    fireEvent.change(email, { target: { value: "not-an-email" } });
    fireEvent.change(tags, { target: { value: "vip, no spaces!" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add subscriber" }));
    expect(await within(dialog).findByText("Please enter a valid email address")).toBeTruthy();
    expect(within(dialog).getByText('"no spaces!": Tags may contain only letters, digits, - and _')).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(email, { target: { value: "  New@Example.com " } });
    fireEvent.change(within(dialog).getByLabelText("First name"), { target: { value: "Nia" } });
    fireEvent.change(within(dialog).getByLabelText("Segment"), { target: { value: "waitlist" } });
    fireEvent.change(tags, { target: { value: "VIP, bali-2026, vip" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "This person agreed to receive marketing emails" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add subscriber" }));

    expect((await screen.findByRole("status")).textContent).toContain("Subscriber added");
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/admin/email-subscribers",
      body: {
        email: "New@Example.com",
        firstName: "Nia",
        lastName: "",
        segment: "waitlist",
        tags: ["vip", "bali-2026"],
        marketingConsent: true,
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("add: shows the server's 409 message in the dialog", async () => {
    writeReplies["POST /api/admin/email-subscribers"] = {
      status: 409,
      body: { message: "ada@example.com is already on the list." },
    };
    renderPanel();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Add subscriber" }));
    const dialog = await screen.findByRole("dialog", { name: "Add subscriber" });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: "ada@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add subscriber" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe("ada@example.com is already on the list."),
    );
  });

  it("edit: sends only what changed, and shows the 409 when switching back on what the person switched off", async () => {
    writeReplies[`PATCH /api/admin/email-subscribers/${hedy.id}`] = {
      status: 409,
      body: { message: "Only the subscriber can switch marketing emails back on." },
    };
    renderPanel();
    await loaded();
    fireEvent.click(within(row("hedy@example.com")).getByRole("button", { name: "Edit hedy@example.com" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Hedy" });
    const marketing = within(dialog).getByRole("switch", { name: "Marketing emails" });
    expect(marketing.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(marketing);
    fireEvent.click(within(dialog).getByRole("switch", { name: "System notifications" }));
    fireEvent.change(within(dialog).getByLabelText("Tags"), { target: { value: "vip, donor" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe(
        "Only the subscriber can switch marketing emails back on.",
      ),
    );
    expect(calls.find((c) => c.method === "PATCH")).toEqual({
      method: "PATCH",
      url: `/api/admin/email-subscribers/${hedy.id}`,
      body: { tags: ["vip", "donor"], marketingEmails: true, systemNotifications: false },
    });
    // The dialog stays open so the person can undo the switch.
    expect(screen.getByRole("dialog", { name: "Edit Hedy" })).toBeTruthy();
  });

  it("edit: unsubscribes from all emails after a confirmation", async () => {
    writeReplies[`PATCH /api/admin/email-subscribers/${ada.id}`] = {
      status: 200,
      body: { subscriber: { ...ada, status: "unsubscribed", globallyUnsubscribed: true } },
    };
    renderPanel();
    await loaded();
    fireEvent.click(within(row("ada@example.com")).getByRole("button", { name: "Edit ada@example.com" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Unsubscribe from all emails" }));
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm unsubscribe" }));
    expect((await screen.findByRole("status")).textContent).toContain("Unsubscribed");
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ unsubscribed: true });
  });

  it("edit: someone already unsubscribed offers no unsubscribe button", async () => {
    renderPanel();
    await loaded();
    fireEvent.click(within(row("grace@example.com")).getByRole("button", { name: "Edit grace@example.com" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("button", { name: "Unsubscribe from all emails" })).toBeNull();
    expect(within(dialog).getByText(/Only they can subscribe again/)).toBeTruthy();
  });

  it("delete: confirms with the warning, then deletes and refreshes", async () => {
    renderPanel();
    await loaded();
    fireEvent.click(within(row("ada@example.com")).getByRole("button", { name: "Delete ada@example.com" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete ada@example.com?" });
    expect(dialog.textContent).toContain("This removes the contact and their campaign history. This cannot be undone.");
    const before = listCalls().length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("status")).textContent).toContain("Subscriber deleted");
    expect(calls.find((c) => c.method === "DELETE")?.url).toBe(`/api/admin/email-subscribers/${ada.id}`);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });
});

describe("Import CSV", () => {
  const csv = "email,first name,tags\nnew@example.com,Nia,vip\ngrace@example.com,Grace,\nbad-address,,\n";
  const preview: SubscriberImportResult = {
    dryRun: true,
    totalRows: 3,
    created: 1,
    updated: 0,
    unchanged: 0,
    skippedUnsubscribed: 1,
    duplicates: 0,
    invalid: 1,
    // The server starts its messages with the line; the dialog shows it once.
    errors: [{ line: 4, message: 'Line 4: "bad-address" is not a valid email address' }],
    preview: [
      { line: 2, email: "new@example.com", firstName: "Nia", lastName: "", action: "create" },
      { line: 3, email: "grace@example.com", firstName: "Grace", lastName: "", action: "skip_unsubscribed" },
      {
        line: 4,
        email: "bad-address",
        firstName: "",
        lastName: "",
        action: "error",
        message: 'Line 4: "bad-address" is not a valid email address',
      },
    ],
  };

  async function openImport() {
    renderPanel();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Import CSV" }));
    return screen.findByRole("dialog", { name: "Import CSV" });
  }

  it("refuses a file over 5 MB before sending it", async () => {
    const dialog = await openImport();
    const big = new File(["x"], "big.csv", { type: "text/csv" });
    Object.defineProperty(big, "size", { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(within(dialog).getByLabelText(/^CSV file/), { target: { files: [big] } });
    expect(await within(dialog).findByText("The file is larger than 5 MB")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Preview" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("previews counts, rows and errors, then imports the same file and options", async () => {
    writeReplies["POST /api/admin/email-subscribers/import"] = { status: 200, body: preview };
    const dialog = await openImport();
    expect(dialog.textContent).toContain("never re-subscribed");
    const input = within(dialog).getByLabelText(/^CSV file/) as HTMLInputElement;
    expect(input.getAttribute("accept")).toBe(".csv,text/csv");
    fireEvent.change(input, { target: { files: [new File([csv], "list.csv", { type: "text/csv" })] } });
    fireEvent.change(within(dialog).getByLabelText("Default segment"), { target: { value: "waitlist" } });
    fireEvent.change(within(dialog).getByLabelText("Tags to add"), { target: { value: "fair-2026" } });
    fireEvent.click(
      within(dialog).getByRole("checkbox", { name: "Everyone in this file agreed to receive marketing emails" }),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Preview" }));

    const heading = await within(dialog).findByRole("heading", { name: "Preview: 3 rows in the file" });
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { csv, dryRun: true, segment: "waitlist", tags: ["fair-2026"], marketingConsent: true },
    ]);
    const counts = heading.parentElement!.querySelector("dl")!;
    expect(counts.textContent).toContain("New1");
    expect(counts.textContent).toContain("Skipped because unsubscribed1");
    expect(counts.textContent).toContain("Errors1");
    expect(within(dialog).getByRole("list", { name: "Errors" }).textContent).toBe(
      'Line 4: "bad-address" is not a valid email address',
    );
    const rows = within(within(dialog).getByRole("table")).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "LineEmailNameAction",
      "2new@example.comNiaNew",
      "3grace@example.comGraceSkip: unsubscribed",
      '4bad-address—Error"bad-address" is not a valid email address',
    ]);

    writeReplies["POST /api/admin/email-subscribers/import"] = { status: 200, body: { ...preview, dryRun: false } };
    const listsBefore = listCalls().length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Import 1 contact" }));
    const toast = await screen.findByRole("status");
    expect(toast.textContent).toContain("Import complete");
    expect(toast.textContent).toContain("1 new, 0 updated, 0 unchanged, 1 skipped because unsubscribed");
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({
      csv,
      dryRun: false,
      segment: "waitlist",
      tags: ["fair-2026"],
      marketingConsent: true,
    });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(listsBefore));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a changed option throws the preview away, so the import always matches what was previewed", async () => {
    writeReplies["POST /api/admin/email-subscribers/import"] = { status: 200, body: preview };
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText(/^CSV file/), {
      target: { files: [new File([csv], "list.csv", { type: "text/csv" })] },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Preview" }));
    await within(dialog).findByRole("button", { name: "Import 1 contact" });
    fireEvent.change(within(dialog).getByLabelText("Default segment"), { target: { value: "approved" } });
    expect(within(dialog).queryByRole("button", { name: /^Import \d/ })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Preview" })).toBeTruthy();
  });
});
