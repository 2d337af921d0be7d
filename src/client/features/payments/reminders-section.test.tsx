// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../shared/finance/dates";
import { zonedToUtc } from "../../../shared/schedule-days";
import type { PaymentReminder } from "../../../shared/schemas/payment-reminders";
import { type ApiCall, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { RemindersSection } from "./reminders-section";

// Dated from today: whether a reminder "goes out" or is "due now" depends on the clock.
const day = (n: number) => addDays(todayIn("Europe/London"), n);
const nineAm = (n: number) => zonedToUtc(day(n), "09:00", "Europe/London").toISOString();
const shortDay = (n: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(
    new Date(`${day(n)}T00:00:00Z`),
  );
const shortTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

function reminder(overrides: Partial<PaymentReminder>): PaymentReminder {
  return {
    id: crypto.randomUUID(),
    applicationId: "00000000-0000-4000-8000-0000000000a1",
    applicationName: "Grace Hopper",
    paymentId: "00000000-0000-4000-8000-0000000000b1",
    paymentDescription: "Instalment 1 of 2",
    reminderType: "upcoming",
    amount: "748.50",
    currency: "GBP",
    dueDate: day(20),
    daysBefore: 7,
    status: "pending",
    scheduledFor: nineAm(13),
    sentAt: null,
    canSend: true,
    blockedReason: null,
    ...overrides,
  };
}

let calls: ApiCall[];
let items: PaymentReminder[];
let sendStatus: number;

beforeEach(() => {
  sendStatus = 200;
  items = [
    reminder({ id: "r-pending", applicationName: "Grace Hopper" }),
    reminder({
      id: "r-sent",
      applicationName: "Ada Lovelace",
      daysBefore: 1,
      status: "sent",
      sentAt: nineAm(-1),
      canSend: false,
    }),
    reminder({
      id: "r-overdue",
      applicationName: "Alan Turing",
      reminderType: "upcoming",
      status: "overdue",
      canSend: false,
    }),
    reminder({
      id: "r-failed",
      applicationName: "Katherine Johnson",
      reminderType: "overdue",
      daysBefore: -1,
      status: "failed",
    }),
  ];
  ({ calls } = fakeApi(
    ({ method, url }) => {
      if (method === "GET" && url.startsWith("/api/admin/payment-reminders")) {
        const status = new URL(url, "http://x").searchParams.get("status");
        const shown = status ? items.filter((r) => r.status === status) : items;
        return Response.json({
          items: shown,
          counts: { all: 4, pending: 1, sent: 1, failed: 1, overdue: 1, cancelled: 0 },
        });
      }
      if (method === "POST") {
        if (sendStatus !== 200) {
          return Response.json(
            {
              message: "The reminder could not be sent. The payment reminder email is switched off in Email templates.",
            },
            { status: sendStatus },
          );
        }
        const id = url.split("/").at(-2);
        items = items.map((r) => (r.id === id ? { ...r, status: "sent", sentAt: nineAm(0), canSend: false } : r));
        return Response.json(items.find((r) => r.id === id));
      }
    },
    () => new Response("not found", { status: 404 }),
  ));
});

afterEach(resetClientTest);

function renderSection() {
  renderWithClient(<RemindersSection />, { toaster: true });
}

const row = (name: RegExp) => screen.getByRole("listitem", { name });

describe("RemindersSection", () => {
  it("lists each reminder with applicant, amount, due date, timing and a status chip", async () => {
    renderSection();
    await screen.findByText("Grace Hopper");
    const grace = row(/^Grace Hopper, 7 days before/);
    expect(within(grace).getByText(`Instalment 1 of 2 · £748.50 · due ${shortDay(20)}`)).toBeTruthy();
    expect(within(grace).getByText(`7 days before · Goes out ${shortTime(nineAm(13))}`)).toBeTruthy();
    expect(within(grace).getByText("Pending")).toBeTruthy();
    expect(within(row(/^Ada Lovelace/)).getByText("Sent")).toBeTruthy();
    expect(within(row(/^Ada Lovelace/)).getByText(`1 day before · Sent ${shortTime(nineAm(-1))}`)).toBeTruthy();
    expect(within(row(/^Alan Turing/)).getByText("Overdue")).toBeTruthy();
    expect(within(row(/^Katherine Johnson, Overdue notice/)).getByText("Failed")).toBeTruthy();
    // Send only where the server allows it (canSend): here pending and failed, never sent or overdue.
    expect(screen.getByRole("button", { name: "Send reminder to Grace Hopper" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send reminder to Katherine Johnson" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send reminder to Ada Lovelace" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Send reminder to Alan Turing" })).toBeNull();
  });

  it("offers no Send for a reminder the server will not send, and says why", async () => {
    items = [
      reminder({
        id: "r-cancelled-plan",
        applicationName: "Mary Jackson",
        status: "cancelled",
        canSend: false,
        blockedReason: "Cancelled because the payment plan was cancelled or completed.",
      }),
      reminder({
        id: "r-unlinked",
        applicationName: "Dorothy Vaughan",
        paymentId: null,
        paymentDescription: null,
        reminderType: "balance_due",
        daysBefore: 14,
        scheduledFor: nineAm(-30),
        canSend: false,
        blockedReason: "This reminder is not linked to a scheduled payment, so it cannot be sent.",
      }),
    ];
    renderSection();
    await screen.findByText("Mary Jackson");
    const mary = row(/^Mary Jackson/);
    expect(within(mary).getByText("Cancelled")).toBeTruthy();
    expect(
      within(mary).getByText("7 days before · Cancelled because the payment plan was cancelled or completed."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send reminder to Mary Jackson" })).toBeNull();
    // Still "pending" in an old row, yet never offered, and never "Goes out" a date gone by.
    const dorothy = row(/^Dorothy Vaughan/);
    expect(within(dorothy).getByText("Pending")).toBeTruthy();
    expect(within(dorothy).getByText(/not linked to a scheduled payment/)).toBeTruthy();
    expect(within(dorothy).queryByText(/Goes out/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Send reminder to Dorothy Vaughan" })).toBeNull();
    expect(screen.queryAllByRole("button", { name: /^Send reminder/ })).toHaveLength(0);
  });

  it("says a reminder whose time has passed is due now, never that it goes out on a past date", async () => {
    items = [reminder({ id: "r-late", applicationName: "Hedy Lamarr", scheduledFor: nineAm(-2), dueDate: day(5) })];
    renderSection();
    await screen.findByText("Hedy Lamarr");
    const hedy = row(/^Hedy Lamarr/);
    expect(within(hedy).getByText(`7 days before · Due now (was set for ${shortTime(nineAm(-2))})`)).toBeTruthy();
    expect(within(hedy).queryByText(/Goes out/)).toBeNull();
    expect(screen.getByRole("button", { name: "Send reminder to Hedy Lamarr" })).toBeTruthy();
  });

  it("filters by status with chips that show their counts", async () => {
    renderSection();
    await screen.findByText("Grace Hopper");
    const sentChip = screen.getByRole("button", { name: "Sent 1" });
    expect(screen.getByRole("button", { name: "All 4" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(sentChip);
    await waitFor(() => expect(screen.queryByText("Grace Hopper")).toBeNull());
    expect(screen.getByText("Ada Lovelace")).toBeTruthy();
    expect(sentChip.getAttribute("aria-pressed")).toBe("true");
    expect(calls.some((c) => c.url === "/api/admin/payment-reminders?status=sent")).toBe(true);
  });

  it("sends a pending reminder, toasts success and shows it sent", async () => {
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Send reminder to Grace Hopper" }));
    await screen.findByText("Reminder sent successfully");
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", url: "/api/admin/payment-reminders/r-pending/send" },
    ]);
    await waitFor(() => expect(within(row(/^Grace Hopper/)).getByText("Sent")).toBeTruthy());
    expect(screen.queryByRole("button", { name: "Send reminder to Grace Hopper" })).toBeNull();
  });

  it("toasts the server's reason when sending fails", async () => {
    sendStatus = 409;
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Send reminder to Grace Hopper" }));
    await screen.findByText("Failed to send reminder");
    expect(screen.getByText(/switched off in Email templates/)).toBeTruthy();
    expect(screen.queryByText("Reminder sent successfully")).toBeNull();
  });

  it("says so when there are no reminders, and when the list cannot load", async () => {
    items = [];
    renderSection();
    await screen.findByText("No reminders yet: they appear once a payment plan exists.");
    cleanup();
    fakeApi(() => Response.json({ message: "Forbidden" }, { status: 403 }));
    renderSection();
    expect((await screen.findByRole("alert")).textContent).toBe("Forbidden");
  });
});
