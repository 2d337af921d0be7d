// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminBookingType, PaymentDto, PaymentOverview, PaymentPlanDto } from "../../../shared/schemas/payments";
import { dismiss } from "../../lib/use-toast";
import { passTime } from "../../test/clock";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, stubResizeObserver } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import { overviewRefreshMs } from "./payments-api";
import { PaymentsTab } from "./payments-tab";

stubResizeObserver();

const retreatId = "00000000-0000-4000-8000-000000000001";
const planId = "00000000-0000-4000-8000-0000000000a1";
const paidPlanId = "00000000-0000-4000-8000-0000000000b2";

function payment(over: Partial<PaymentDto>): PaymentDto {
  return {
    id: crypto.randomUUID(),
    applicationId: "00000000-0000-4000-8000-0000000000c1",
    paymentPlanId: planId,
    type: "deposit",
    amount: "500.00",
    currency: "GBP",
    status: "pending",
    paymentMethod: "stripe",
    dueDate: "2099-01-10",
    paidAt: null,
    description: "Deposit",
    createdAt: "2026-01-01T10:00:00.000Z",
    applicantName: "Ada Lovelace",
    applicantEmail: "ada@example.com",
    receipt: null,
    ...over,
  };
}

const deposit = payment({ id: "00000000-0000-4000-8000-0000000000d1" });
const instalment = payment({
  id: "00000000-0000-4000-8000-0000000000d2",
  type: "installment",
  amount: "748.50",
  dueDate: "2099-11-01",
  description: "Instalment 1 of 2",
});

const activePlan: PaymentPlanDto = {
  id: planId,
  applicationId: "00000000-0000-4000-8000-0000000000c1",
  applicantName: "Ada Lovelace",
  applicantEmail: "ada@example.com",
  applicationType: "individual",
  bookingTypeId: null,
  bookingTypeName: "Solo",
  planType: "solo",
  totalAmount: "1997.00",
  depositAmount: "500.00",
  paidAmount: "0.00",
  remainingAmount: "1997.00",
  currency: "GBP",
  installmentCount: 2,
  status: "active",
  nextDueDate: "2099-01-10",
  createdAt: "2026-01-01T10:00:00.000Z",
  payments: [deposit, instalment],
};

const paidPlan: PaymentPlanDto = {
  ...activePlan,
  id: paidPlanId,
  applicationId: "00000000-0000-4000-8000-0000000000c2",
  applicantName: "Grace Hopper",
  applicantEmail: "grace@example.com",
  planType: "couple+vip",
  totalAmount: "4994.00",
  paidAmount: "4994.00",
  remainingAmount: "0.00",
  nextDueDate: null,
  payments: [],
};

const overview: PaymentOverview = {
  totalOutstanding: "12345.50",
  totalApplications: 7,
  upcomingPayments: [deposit],
  upcomingCount: 1,
  upcomingAmount: "500.00",
  overduePayments: [],
  overdueCount: 0,
  overdueAmount: "0.00",
  recentPayments: [],
  recentAmount: "2000.00",
  currency: "GBP",
};

const soloType: AdminBookingType = {
  id: "00000000-0000-4000-8000-0000000000e1",
  retreatId,
  name: "solo",
  displayName: "Solo",
  description: "Your own bed",
  basePrice: "1997.00",
  depositAmount: "500.00",
  currency: "GBP",
  maxOccupancy: 1,
  isAddon: false,
  isActive: true,
  priority: 1,
  features: ["Own bed"],
  updatedAt: "2026-01-01T10:00:00.000Z",
};

type Call = { url: string; method: string; body: unknown };

function setup(write: (call: Call) => Response = (call) => Response.json(call.body ?? {}, { status: 200 })) {
  // The season the tab shows (the season switcher's): every money read asks for it.
  const seasons = seasonRoutes([adminRetreat({ id: retreatId, isCurrent: true })]).routes;
  const { calls } = fakeApi(async (call) => {
    const { url, method } = call;
    const seasonRoute = seasons[`${method} ${url}`];
    if (seasonRoute) return seasonRoute(call);
    if (method !== "GET") return write(call);
    if (url === `/api/admin/payment-overview?retreatId=${retreatId}`) return Response.json(overview);
    if (url === `/api/admin/payment-plans?retreatId=${retreatId}`) return Response.json([activePlan, paidPlan]);
    if (url.startsWith("/api/admin/payments?") && url.endsWith(`&retreatId=${retreatId}`))
      return Response.json({ items: [instalment], total: 1, page: 1, pageSize: 20 });
    if (url === "/api/admin/booking-types") return Response.json([soloType]);
    return new Response("not found", { status: 404 });
  });
  renderWithClient(<PaymentsTab />, { toaster: true });
  return calls;
}

afterEach(() => {
  cleanup();
  act(() => dismiss());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function plansTable() {
  return within(await screen.findByRole("table", { name: "Payment plans, active first" }));
}

describe("PaymentsTab", () => {
  it("shows the overview figures in pounds and polls them every 30 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = setup();
    expect(await screen.findByText("£12,345.50")).toBeTruthy();
    expect(screen.getByText("across 7 active plans")).toBeTruthy();
    expect(screen.getByText("£2,000")).toBeTruthy();
    const overviewCalls = () => calls.filter((c) => c.url.startsWith("/api/admin/payment-overview")).length;
    expect(overviewCalls()).toBe(1);
    await passTime(overviewRefreshMs);
    await waitFor(() => expect(overviewCalls()).toBe(2));
  });

  it("lists plans with total, paid, remaining, status and next due date, and expands to their payments", async () => {
    setup();
    const table = await plansTable();
    const row = (await table.findByText("Ada Lovelace")).closest("tr")!;
    const cells = within(row);
    expect(cells.getByText("Solo")).toBeTruthy();
    expect(cells.getAllByText("£1,997")).toHaveLength(2);
    expect(cells.getByText("£0")).toBeTruthy();
    expect(cells.getByText("Active")).toBeTruthy();
    expect(cells.getByText("10 Jan 2099")).toBeTruthy();
    expect(cells.queryByRole("button", { name: /Complete plan/ })).toBeNull();

    const expand = cells.getByRole("button", { name: "Show payments of Ada Lovelace" });
    expect(expand.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(expand);
    expect(expand.getAttribute("aria-expanded")).toBe("true");
    const list = within(table.getByRole("list", { name: "Payments of Ada Lovelace" }));
    expect(list.getByText("£748.50")).toBeTruthy();
    expect(list.getAllByRole("button", { name: /Mark .* completed/ })).toHaveLength(2);
  });

  it("marks a payment completed with the chosen method and toasts", async () => {
    const calls = setup((call) => Response.json({ ...deposit, status: "completed", paymentMethod: call.body }));
    const table = await plansTable();
    fireEvent.click(await table.findByRole("button", { name: "Show payments of Ada Lovelace" }));
    fireEvent.click(table.getByRole("button", { name: "Mark deposit of £500 completed" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark payment completed" });
    fireEvent.change(within(dialog).getByLabelText(/Paid by/), { target: { value: "cash" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark completed" }));
    expect(await screen.findByText("Payment marked as completed")).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.url).toBe(`/api/admin/payments/${deposit.id}/status`);
    expect(put.body).toEqual({ status: "completed", paymentMethod: "cash" });
  });

  it("completes a fully paid plan and toasts", async () => {
    const calls = setup(() => Response.json({ ...paidPlan, status: "completed" }));
    const table = await plansTable();
    fireEvent.click(await table.findByRole("button", { name: "Complete plan of Grace Hopper" }));
    expect(await screen.findByText("Payment plan completed")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.url).toBe(`/api/admin/payment-plans/${paidPlanId}/complete`);
  });

  it("shows the server's message when completing fails", async () => {
    setup(() => Response.json({ message: "This payment plan is completed." }, { status: 409 }));
    const table = await plansTable();
    fireEvent.click(await table.findByRole("button", { name: "Complete plan of Grace Hopper" }));
    expect(await screen.findByText("Failed to complete payment plan")).toBeTruthy();
    expect(screen.getByText("This payment plan is completed.")).toBeTruthy();
  });

  it("records a payment, refusing more than the plan's remaining balance", async () => {
    const calls = setup((call) =>
      Response.json(payment({ ...(call.body as object), status: "completed" }), { status: 201 }),
    );
    const table = await plansTable();
    fireEvent.click(await table.findByRole("button", { name: "Record payment from Ada Lovelace" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Record payment" }));
    fireEvent.change(dialog.getByLabelText(/Amount/), { target: { value: "2000" } });
    fireEvent.click(dialog.getByRole("button", { name: "Record payment" }));
    expect(await dialog.findByText("The amount is more than the plan's remaining balance of £1,997.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(dialog.getByLabelText(/Amount/), { target: { value: "£1,000.50" } });
    fireEvent.change(dialog.getByLabelText(/Paid by/), { target: { value: "check" } });
    fireEvent.change(dialog.getByLabelText(/Date received/), { target: { value: "2026-01-15" } });
    fireEvent.change(dialog.getByLabelText(/Note/), { target: { value: "Cheque 42" } });
    fireEvent.click(dialog.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("Payment of £1,000.50 recorded")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      paymentPlanId: planId,
      amount: "1000.50",
      paymentMethod: "check",
      paidAt: "2026-01-15T12:00:00.000Z",
      description: "Cheque 42",
    });
  });

  it("lists payments with Mark completed on pending ones", async () => {
    setup();
    const table = within(await screen.findByRole("table", { name: "Payments, newest first" }));
    const row = (await table.findByText("Instalment 1 of 2")).closest("tr")!;
    expect(within(row).getByText("£748.50")).toBeTruthy();
    expect(
      within(row).getByRole("button", { name: "Mark instalment of £748.50 from Ada Lovelace completed" }),
    ).toBeTruthy();
  });

  it("edits a booking type's price", async () => {
    const calls = setup((call) => Response.json({ ...soloType, ...(call.body as object) }));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Solo" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Solo" }));
    fireEvent.change(dialog.getByLabelText(/Price per person/), { target: { value: "2100" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save booking type" }));
    expect(await screen.findByText("Booking type saved: Solo")).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.url).toBe(`/api/admin/booking-types/${soloType.id}`);
    expect(patch.body).toMatchObject({ basePrice: "2100", depositAmount: "500.00", name: "solo", isActive: true });
  });

  it("validates the booking type form before sending", async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Solo" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Solo" }));
    fireEvent.change(dialog.getByLabelText(/Deposit per person/), { target: { value: "3000" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save booking type" }));
    expect(await dialog.findByText("The deposit cannot be more than the price.")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });
});
