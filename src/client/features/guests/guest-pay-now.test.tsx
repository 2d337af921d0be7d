// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismiss } from "../../lib/use-toast";
import { renderWithClient } from "../../test/render";
import { navigation } from "./guest-pay-now";
import { GuestPortalView } from "./guest-portal-view";

const retreatId = "00000000-0000-4000-8000-000000000001";
const paymentId = "00000000-0000-4000-8000-0000000000c1";
const retreat = {
  id: retreatId,
  name: "Bali 2026",
  startDate: "2026-05-10",
  endDate: "2026-05-19",
  location: "Bali, Indonesia",
  timeZone: "Asia/Makassar",
};
const me = {
  firstName: "Ana",
  applicationId: "00000000-0000-4000-8000-0000000000ff",
  retreat,
  room: null,
  dietaryNotes: null,
  travelForm: { submitted: true, status: "submitted", submittedAt: null, url: "/travel-form/x" },
  paymentsDue: [
    { paymentId, description: "Instalment 1 of 2", amount: "748.50", currency: "GBP", dueDate: "2026-06-01" },
    { paymentId: null, description: "Remaining balance", amount: "100.00", currency: "GBP", dueDate: null },
  ],
};

type Call = { method: string; url: string };
let calls: Call[];
let online: boolean;
let checkoutStatus: number;
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  calls = [];
  online = true;
  checkoutStatus = 200;
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(navigation, "assign").mockImplementation(assign);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url });
      if (url === "/api/guest/me") return Response.json(me);
      if (url === "/api/guest/payment-options") return Response.json({ onlinePayments: online });
      if (url === `/api/guest/schedule/${retreatId}`) {
        return Response.json({ retreat, sessions: [], nextSession: null, upcoming: [] });
      }
      if (url === "/api/guest/calendar-url")
        return Response.json({ url: "https://retreat.example/api/calendar/x.ics" });
      if (method === "POST" && url === `/api/guest/payments/${paymentId}/checkout`) {
        if (checkoutStatus !== 200) {
          return Response.json(
            { message: "Online payment is unavailable right now. Please try again later." },
            { status: checkoutStatus },
          );
        }
        return Response.json({ url: "https://checkout.stripe.com/c/pay/cs_test_1" });
      }
      return new Response("not found", { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  act(() => dismiss());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

function renderPortal() {
  renderWithClient(<GuestPortalView />, { toaster: true });
}

describe("guest portal Pay now", () => {
  it("offers Pay now for each scheduled payment and sends the guest to Stripe's checkout", async () => {
    renderPortal();
    const button = await screen.findByRole("button", { name: "Pay now: Instalment 1 of 2" });
    // A plan's balance has no single payment to pay.
    expect(screen.queryByRole("button", { name: "Pay now: Remaining balance" })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_1"));
    expect(calls).toContainEqual({ method: "POST", url: `/api/guest/payments/${paymentId}/checkout` });
    expect(screen.getByRole("button", { name: "Pay now: Instalment 1 of 2" }).textContent).toBe("Opening payment...");
  });

  it("toasts the reason and stays put when the checkout cannot start", async () => {
    checkoutStatus = 500;
    renderPortal();
    fireEvent.click(await screen.findByRole("button", { name: "Pay now: Instalment 1 of 2" }));
    await screen.findByText("Payment could not start");
    expect(screen.getByText("Online payment is unavailable right now. Please try again later.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: "Pay now: Instalment 1 of 2" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("shows no Pay now when online payment is off", async () => {
    online = false;
    renderPortal();
    await screen.findByText(/Instalment 1 of 2: £748.50/);
    await waitFor(() => expect(calls.some((c) => c.url === "/api/guest/payment-options")).toBe(true));
    expect(screen.queryByRole("button", { name: /Pay now/ })).toBeNull();
  });

  it("thanks the guest on return from a successful payment", async () => {
    window.history.replaceState(null, "", "/admin/guest?payment=success");
    renderPortal();
    expect((await screen.findByRole("status")).textContent).toMatch(/^Thank you! Your payment is being confirmed/);
  });
});
