// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentReminder } from "../../../shared/schemas/payment-reminders";
import { Toaster } from "../../components/ui/toast";
import { createQueryClient } from "../../lib/query-client";
import { dismiss } from "../../lib/use-toast";
import { RemindersSection } from "./reminders-section";

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
    dueDate: "2026-03-20",
    daysBefore: 7,
    status: "pending",
    scheduledFor: "2026-03-13T09:00:00.000Z",
    sentAt: null,
    ...overrides,
  };
}

type Call = { method: string; url: string };
let calls: Call[];
let items: PaymentReminder[];
let sendStatus: number;

beforeEach(() => {
  calls = [];
  sendStatus = 200;
  items = [
    reminder({ id: "r-pending", applicationName: "Grace Hopper" }),
    reminder({
      id: "r-sent",
      applicationName: "Ada Lovelace",
      daysBefore: 1,
      status: "sent",
      sentAt: "2026-03-19T09:00:00.000Z",
    }),
    reminder({ id: "r-overdue", applicationName: "Alan Turing", reminderType: "upcoming", status: "overdue" }),
    reminder({
      id: "r-failed",
      applicationName: "Katherine Johnson",
      reminderType: "overdue",
      daysBefore: -1,
      status: "failed",
    }),
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url });
      if (method === "GET" && url.startsWith("/api/admin/payment-reminders")) {
        const status = new URL(url, "http://x").searchParams.get("status");
        const shown = status ? items.filter((r) => r.status === status) : items;
        return Response.json({ items: shown, counts: { all: 4, pending: 1, sent: 1, failed: 1, overdue: 1 } });
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
        items = items.map((r) => (r.id === id ? { ...r, status: "sent", sentAt: "2026-03-10T12:00:00.000Z" } : r));
        return Response.json(items.find((r) => r.id === id));
      }
      return new Response("not found", { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  act(() => dismiss());
  vi.unstubAllGlobals();
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RemindersSection />
      <Toaster />
    </QueryClientProvider>,
  );
}

const row = (name: RegExp) => screen.getByRole("listitem", { name });

describe("RemindersSection", () => {
  it("lists each reminder with applicant, amount, due date, timing and a status chip", async () => {
    renderSection();
    await screen.findByText("Grace Hopper");
    const grace = row(/^Grace Hopper, 7 days before/);
    expect(within(grace).getByText("Instalment 1 of 2 · £748.50 · due 20 Mar 2026")).toBeTruthy();
    expect(within(grace).getByText("7 days before · Goes out 13 Mar 2026, 09:00")).toBeTruthy();
    expect(within(grace).getByText("Pending")).toBeTruthy();
    expect(within(row(/^Ada Lovelace/)).getByText("Sent")).toBeTruthy();
    expect(within(row(/^Ada Lovelace/)).getByText("1 day before · Sent 19 Mar 2026, 09:00")).toBeTruthy();
    expect(within(row(/^Alan Turing/)).getByText("Overdue")).toBeTruthy();
    expect(within(row(/^Katherine Johnson, Overdue notice/)).getByText("Failed")).toBeTruthy();
    // Send only where the server allows it: pending and failed, never sent or overdue.
    expect(screen.getByRole("button", { name: "Send reminder to Grace Hopper" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send reminder to Katherine Johnson" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send reminder to Ada Lovelace" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Send reminder to Alan Turing" })).toBeNull();
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
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ message: "Forbidden" }, { status: 403 })),
    );
    renderSection();
    expect((await screen.findByRole("alert")).textContent).toBe("Forbidden");
  });
});
