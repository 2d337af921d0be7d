// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { costModelMessages } from "../../../shared/finance/cost-models";
import type { BudgetItemDto, ExpenseDto, FinancialSummary, VendorPaymentDto } from "../../../shared/schemas/finance";
import { type ApiCall, type ApiReply, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import { FinanceTab } from "./finance-tab";

stubResizeObserver();

const retreatId = "00000000-0000-4000-8000-000000000001";
const q = `?retreatId=${retreatId}`;

const summary: FinancialSummary = {
  retreat: { id: retreatId, name: "Bali 2026", currency: "GBP", capacity: 15 },
  categories: [
    { category: "accommodation", budgeted: "8500.00", spent: "2000.00", pending: "0.00", remaining: "6500.00" },
    { category: "food", budgeted: "450.00", spent: "382.50", pending: "120.00", remaining: "-52.50" },
  ],
  totals: { budgeted: "8950.00", spent: "2382.50", pending: "120.00", remaining: "6447.50" },
  revenue: { received: "1550.00", due: "2894.00", total: "4444.00" },
  costs: "2502.50",
  margin: "1941.50",
  guests: 3,
  costPerGuest: "794.17",
  soloPrice: "1997.00",
  breakEvenGuests: 2,
  sanctuary: { percent: 10, amount: "194.15" },
  vendorPayments: { pending: "100.00", approved: "0.00", paid: "0.00" },
};

const budget: BudgetItemDto = {
  id: "00000000-0000-4000-8000-0000000000b1",
  retreatId,
  category: "accommodation",
  description: "Villa rental",
  budgetedAmount: "8500.00",
  total: "8500.00",
  currency: "GBP",
  notes: null,
  isParticipantCost: true,
  beneficiaryType: "participant",
  costModel: "total",
  participantCount: null,
  startDate: null,
  endDate: null,
  expenseCount: 1,
  adjustmentCount: 0,
};

const pendingExpense: ExpenseDto = {
  id: "00000000-0000-4000-8000-0000000000e1",
  retreatId,
  description: "Welcome dinner",
  amount: "25.50",
  total: "382.50",
  currency: "GBP",
  category: "food",
  expenseDate: "2026-03-01",
  paymentMethod: "card",
  vendorId: null,
  vendorName: null,
  beneficiaryType: "participant",
  beneficiaryId: null,
  costModel: "per_person",
  participantCount: 15,
  startDate: null,
  endDate: null,
  tripCount: null,
  isParticipantCost: true,
  activityId: null,
  notes: null,
  status: "pending",
  approvedAt: null,
  approvedByName: null,
  paidAt: null,
  rejectionReason: null,
  createdAt: "2026-03-01T10:00:00.000Z",
};
const approvedExpense: ExpenseDto = {
  ...pendingExpense,
  id: "00000000-0000-4000-8000-0000000000e2",
  description: "Villa deposit",
  amount: "2000.00",
  total: "2000.00",
  category: "accommodation",
  costModel: "total",
  participantCount: null,
  status: "approved",
};

const vendorPayment: VendorPaymentDto = {
  id: "00000000-0000-4000-8000-0000000000f1",
  retreatId,
  vendorId: "00000000-0000-4000-8000-0000000000a1",
  vendorName: "Island Transfers",
  expenseId: null,
  expenseDescription: null,
  amount: "100.00",
  currency: "GBP",
  paymentMethod: "bank_transfer",
  paymentReference: "BT-1",
  paymentDate: null,
  status: "pending",
  approvedAt: null,
  notes: null,
  createdAt: "2026-03-01T10:00:00.000Z",
};

function setup(reply: (call: ApiCall) => ApiReply = () => undefined) {
  // The season the tab shows (the season switcher's): every finance read asks for it.
  const seasons = seasonRoutes([adminRetreat({ id: retreatId, name: "Bali 2026", isCurrent: true })]).routes;
  const { calls } = fakeApi(reply, (call) => {
    const { url } = call;
    const seasonRoute = seasons[`${call.method} ${url}`];
    if (seasonRoute) return seasonRoute(call) as Response | Promise<Response>;
    if (call.method !== "GET") return Response.json({}, { status: call.method === "POST" ? 201 : 200 });
    if (url === `/api/admin/financial-summary${q}`) return Response.json(summary);
    if (url === `/api/admin/budgets${q}`) return Response.json([budget]);
    if (url.startsWith(`/api/admin/expenses${q}`)) return Response.json([pendingExpense, approvedExpense]);
    if (url === `/api/admin/vendor-payments${q}`) return Response.json([vendorPayment]);
    if (url === "/api/admin/vendors")
      return Response.json([{ id: vendorPayment.vendorId, name: "Island Transfers", isActive: true }]);
    return Response.json({ message: "not mocked" }, { status: 404 });
  });
  renderWithClient(<FinanceTab />, { toaster: true });
  return calls;
}

// The tab loads its panel, and the panel the charting library, lazily; load both once up front.
beforeAll(async () => {
  await import("./finance-panel");
  await import("./finance-charts");
}, 30_000);

afterEach(resetClientTest);

const alertText = () => screen.getByText("Validation Error:").parentElement!.textContent ?? "";

describe("FinanceTab", () => {
  it("shows the summary figures, the charts' text alternative and the CSV export for the current retreat", async () => {
    setup();
    expect(await screen.findByTestId("figure-margin")).toHaveProperty("textContent", "£1,941.50");
    expect(screen.getByTestId("figure-revenue-received").textContent).toBe("£1,550");
    expect(screen.getByTestId("figure-revenue-due").textContent).toBe("£2,894");
    expect(screen.getByTestId("figure-cost-per-guest").textContent).toBe("£794.17");
    expect(screen.getByTestId("figure-break-even").textContent).toBe("2 guests");
    expect(screen.getByTestId("figure-animal-sanctuary-share").textContent).toBe("£194.15");
    expect(screen.getByText("10% of profit")).toBeTruthy();
    // The charts (and their text alternative) arrive after the figures: their own chunk (decision 021).
    const table = await screen.findByRole("table", { name: "Budget against actual per category" });
    const food = within(table).getByRole("row", { name: /Food/ });
    expect(food.textContent).toContain("£450");
    expect(food.textContent).toContain("£382.50");
    expect(screen.getByRole("figure", { name: "Revenue and costs" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/api/admin/financial-summary.csv${q}`,
    );
    expect(await screen.findByText(/Villa rental/)).toBeTruthy();
    // A line with expenses cannot be deleted, so it offers no delete button.
    expect(screen.queryByRole("button", { name: "Delete budget item Villa rental" })).toBeNull();
  });

  it("approves an expense with the spec's toast, and says so when it fails", async () => {
    let fail = false;
    const calls = setup((call) =>
      call.method === "PUT" && fail ? Response.json({ message: "nope" }, { status: 409 }) : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Approve Welcome dinner" }));
    expect(await screen.findByText("Expense approved successfully")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT" && c.url === `/api/admin/expenses/${pendingExpense.id}/approve`)).toBe(
      true,
    );
    fail = true;
    fireEvent.click(screen.getByRole("button", { name: "Approve Welcome dinner" }));
    expect(await screen.findByText("Failed to approve expense")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Mark Villa deposit paid" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === `/api/admin/expenses/${approvedExpense.id}/mark-paid`)).toBe(true),
    );
  });

  it("rejects an expense only with a reason", async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Reject Welcome dinner" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject expense" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject expense" }));
    await waitFor(() => expect(alertText()).toContain("A reason is required to reject an expense"));
    expect(calls.some((c) => c.url.endsWith("/reject"))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "Duplicate invoice" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject expense" }));
    expect(await screen.findByText("Expense rejected successfully")).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/reject"))?.body).toEqual({ reason: "Duplicate invoice" });
  });

  it("validates an expense per cost model in the 'Validation Error:' alert and shows the total live", async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Add expense" }));
    const dialog = await screen.findByRole("dialog", { name: "Add expense" });
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    fireEvent.change(field(/Expense date/), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add expense" }));
    await waitFor(() => expect(alertText()).toContain("Description is required"));
    await waitFor(() => expect(alertText()).toContain("Amount must be greater than 0"));
    await waitFor(() => expect(alertText()).toContain("Expense date is required"));
    await waitFor(() => expect(document.activeElement).toBe(field(/Description/)));

    fireEvent.change(field(/Description/), { target: { value: "Welcome dinner" } });
    fireEvent.change(field(/Amount/), { target: { value: "25.50" } });
    fireEvent.change(field(/Expense date/), { target: { value: "2026-03-01" } });
    expect(within(dialog).queryByLabelText(/Number of participants/)).toBeNull();
    fireEvent.change(field(/Cost model/), { target: { value: "per_person" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add expense" }));
    await waitFor(() => expect(alertText()).toContain(costModelMessages.participants));
    fireEvent.change(field(/Number of participants/), { target: { value: "15" } });
    expect(within(dialog).getByText("Total: £382.50 (£25.50 × 15 people)")).toBeTruthy();

    fireEvent.change(field(/Cost model/), { target: { value: "daily_rate" } });
    expect(within(dialog).queryByLabelText(/Number of participants/)).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Add expense" }));
    await waitFor(() => expect(alertText()).toContain(costModelMessages.dailyDates));
    fireEvent.change(field(/Start date/), { target: { value: "2026-05-12" } });
    fireEvent.change(field(/End date/), { target: { value: "2026-05-10" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add expense" }));
    await waitFor(() => expect(alertText()).toContain(costModelMessages.dateOrder));
    fireEvent.change(field(/End date/), { target: { value: "2026-05-14" } });
    expect(within(dialog).getByText("Total: £76.50 (£25.50 × 3 days)")).toBeTruthy();

    fireEvent.change(field(/Cost model/), { target: { value: "per_trip" } });
    fireEvent.change(field(/Number of trips/), { target: { value: "0" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add expense" }));
    await waitFor(() => expect(alertText()).toContain(costModelMessages.trips));
    fireEvent.change(field(/Number of trips/), { target: { value: "4" } });
    expect(within(dialog).getByText("Total: £102 (£25.50 × 4 trips)")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(field(/Category/), { target: { value: "transport" } });
    fireEvent.change(field(/Payment method/), { target: { value: "cash" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add expense" }));
    expect(await screen.findByText("Expense created successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/api/admin/expenses",
      body: {
        description: "Welcome dinner",
        amount: "25.50",
        category: "transport",
        expenseDate: "2026-03-01",
        paymentMethod: "cash",
        vendorId: null,
        currency: "GBP",
        beneficiaryType: "participant",
        costModel: "per_trip",
        participantCount: null,
        tripCount: 4,
        startDate: null,
        isParticipantCost: true,
        retreatId,
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add expense" })).toBeNull());
  });

  it("shows the server's refusal in the alert with the spec's failure toast", async () => {
    setup((call) =>
      call.method === "POST"
        ? Response.json(
            {
              message: costModelMessages.trips,
              errors: [{ path: "body.tripCount", message: costModelMessages.trips }],
            },
            { status: 400 },
          )
        : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Add expense" }));
    const dialog = await screen.findByRole("dialog", { name: "Add expense" });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Bus" } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: "10" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add expense" }));
    expect(await screen.findByText("Failed to create expense")).toBeTruthy();
    await waitFor(() => expect(alertText()).toContain(costModelMessages.trips));
  });

  it("adds a budget category, checking description and amount first", async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Add budget category" }));
    const dialog = await screen.findByRole("dialog", { name: "Add budget category" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add budget item" }));
    await waitFor(() => expect(alertText()).toContain("Description is required"));
    await waitFor(() => expect(alertText()).toContain("Amount must be greater than 0"));
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Catering" } });
    fireEvent.change(within(dialog).getByLabelText(/Budgeted amount/), { target: { value: "30" } });
    fireEvent.change(within(dialog).getByLabelText(/Category/), { target: { value: "food" } });
    fireEvent.change(within(dialog).getByLabelText(/Cost model/), { target: { value: "per_person" } });
    expect(within(dialog).queryByRole("option", { name: "Per trip" })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Number of participants/), { target: { value: "15" } });
    expect(within(dialog).getByText("Total: £450 (£30 × 15 people)")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Add budget item" }));
    expect(await screen.findByText("Budget item created successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/api/admin/budgets",
      body: {
        category: "food",
        description: "Catering",
        budgetedAmount: "30",
        costModel: "per_person",
        participantCount: 15,
        retreatId,
      },
    });
  });

  it("says when a budget item cannot be created", async () => {
    setup((call) => (call.method === "POST" ? Response.json({ message: "Server down" }, { status: 500 }) : undefined));
    fireEvent.click(await screen.findByRole("button", { name: "Add budget category" }));
    const dialog = await screen.findByRole("dialog", { name: "Add budget category" });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: "Catering" } });
    fireEvent.change(within(dialog).getByLabelText(/Budgeted amount/), { target: { value: "30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add budget item" }));
    expect(await screen.findByText("Failed to create budget item")).toBeTruthy();
  });

  it("approves a vendor payment with the spec's toasts", async () => {
    let fail = false;
    const calls = setup((call) =>
      call.method === "PUT" && fail ? Response.json({ message: "nope" }, { status: 409 }) : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Approve payment to Island Transfers" }));
    expect(await screen.findByText("Vendor payment approved successfully")).toBeTruthy();
    expect(calls.some((c) => c.url === `/api/admin/vendor-payments/${vendorPayment.id}/approve`)).toBe(true);
    fail = true;
    fireEvent.click(screen.getByRole("button", { name: "Approve payment to Island Transfers" }));
    expect(await screen.findByText("Failed to approve vendor payment")).toBeTruthy();
  });
});
