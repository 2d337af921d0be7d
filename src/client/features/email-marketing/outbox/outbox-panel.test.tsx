// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EmailLog, EmailLogDetail } from "../../../../shared/schemas/email-outbox";
import { passTime } from "../../../test/clock";
import { type ApiCall, fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../../test/render";
import { table, tableRow } from "../../../test/table";
import { searchDebounceMs } from "../../admin-shell/use-debounced-search";
import { OutboxPanel } from "./outbox-panel";
import { outboxPollMs } from "./outbox-query";

function log(overrides: Partial<EmailLog>): EmailLog {
  return {
    id: crypto.randomUUID(),
    recipientEmail: "ada@example.com",
    recipientName: "Ada Lovelace",
    subject: "Welcome to the waitlist",
    kind: "waitlist_welcome",
    status: "sent",
    campaignId: null,
    sentAt: "2026-01-03T10:04:00.000Z",
    errorMessage: null,
    createdAt: "2026-01-03T10:00:00.000Z",
    ...overrides,
  };
}

const welcome = log({});
const failed = log({
  recipientEmail: "grace@example.com",
  recipientName: null,
  subject: "Your application",
  kind: "application_received",
  status: "failed",
  sentAt: null,
  errorMessage: "Connection refused",
});
const failedCampaign = log({
  recipientEmail: "hedy@example.com",
  subject: "Spring news",
  kind: "campaign",
  status: "failed",
  campaignId: crypto.randomUUID(),
  sentAt: null,
  errorMessage: "Mailbox full",
});

const detail: EmailLogDetail = {
  ...welcome,
  html: '<p>Hello <strong>Ada</strong></p><script>alert("x")</script>',
  text: "Hello Ada",
};

let calls: ApiCall[];
let items: EmailLog[];

beforeEach(() => {
  items = [welcome, failed, failedCampaign];
  ({ calls } = fakeApi(
    {
      "GET /api/admin/email-logs": ({ url }) => {
        const page = Number(new URL(url, "http://x").searchParams.get("page"));
        return Response.json({
          items,
          total: 40,
          page,
          pageSize: 25,
          counts: { queued: 2, sending: 1, sent: 30, logged: 5, failed: 2, all: 40 },
        });
      },
      [`GET /api/admin/email-logs/${welcome.id}`]: () => Response.json(detail),
    },
    () => new Response(null, { status: 204 }),
  ));
});

afterEach(resetClientTest);

function renderPanel() {
  renderWithClient(<OutboxPanel />, { toaster: true });
}

const listCalls = () => calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/admin/email-logs?"));
const lastListUrl = () => new URL(listCalls().at(-1)!.url, "http://x");
const row = tableRow;
const loaded = () => screen.findByText("Showing 1–3 of 40 messages");

describe("OutboxPanel", () => {
  it("shows status chips with counts, filters by them and searches after a pause", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPanel();
    await loaded();
    const chips = within(screen.getByRole("group", { name: "Filter by status" })).getAllByRole("button");
    expect(chips.map((c) => c.textContent)).toEqual([
      "All 40",
      "Queued 2",
      "Sending 1",
      "Sent 30",
      "Logged 5",
      "Failed 2",
    ]);
    expect(chips[0]!.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/recorded only — SMTP not configured/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Failed 2" }));
    await waitFor(() => expect(lastListUrl().searchParams.get("status")).toBe("failed"));
    expect(screen.getByRole("button", { name: "Failed 2" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "grace" } });
    await passTime(searchDebounceMs + 50);
    await waitFor(() => expect(lastListUrl().search).toBe("?status=failed&search=grace&page=1&pageSize=25"));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(lastListUrl().searchParams.get("page")).toBe("2"));
  });

  it("lists recipient, subject, kind, status, time and error; Retry only on failed one-off messages", async () => {
    renderPanel();
    await loaded();
    expect(
      within(table())
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Recipient", "Subject", "Kind", "Status", "Sent / created", "Error", "Actions"]);
    expect(row("Welcome to the waitlist").textContent).toContain("Waitlist welcome");
    expect(row("Welcome to the waitlist").textContent).toContain("3 Jan 2026");
    expect(within(row("Your application")).getByText("Failed").dataset.status).toBe("failed");
    expect(row("Your application").textContent).toContain("Connection refused");
    const labels = (text: string) =>
      within(row(text))
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label"));
    expect(labels("Welcome to the waitlist")).toEqual(["View message to ada@example.com"]);
    expect(labels("Your application")).toEqual([
      "View message to grace@example.com",
      "Retry message to grace@example.com",
    ]);
    expect(labels("Spring news")).toEqual(["View message to hedy@example.com"]);
  });

  it("retry posts and says the message is queued again", async () => {
    renderPanel();
    await loaded();
    const before = listCalls().length;
    fireEvent.click(
      within(row("Your application")).getByRole("button", { name: "Retry message to grace@example.com" }),
    );
    expect((await screen.findByRole("status")).textContent).toContain("Message queued again");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      `/api/admin/email-logs/${failed.id}/retry`,
    ]);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it("View shows the HTML in a sandboxed iframe (never in the page) and the plain text in a tab", async () => {
    renderPanel();
    await loaded();
    fireEvent.click(
      within(row("Welcome to the waitlist")).getByRole("button", { name: "View message to ada@example.com" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Welcome to the waitlist" });
    expect(dialog.textContent).toContain("To Ada Lovelace <ada@example.com>");
    const frame = (await within(dialog).findByTitle('HTML of "Welcome to the waitlist"')) as HTMLIFrameElement;
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe(detail.html);
    // The message's markup is not part of this page.
    expect(dialog.querySelector("strong")).toBeNull();
    expect(dialog.querySelector("script")).toBeNull();

    const textTab = within(dialog).getByRole("tab", { name: "Plain text" });
    fireEvent.mouseDown(textTab, { button: 0 });
    expect(await within(dialog).findByText("Hello Ada")).toBeTruthy();
  });

  it("polls every 10 s while a message is queued or sending, and stops once all have settled", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    items = [log({ status: "queued", sentAt: null })];
    renderPanel();
    await screen.findByText("Showing 1–1 of 40 messages");
    const first = listCalls().length;
    items = [log({ status: "sent" })];
    await passTime(outboxPollMs + 100);
    await waitFor(() => expect(listCalls().length).toBe(first + 1));
    await passTime(outboxPollMs * 3);
    expect(listCalls().length).toBe(first + 1);
  });
});
