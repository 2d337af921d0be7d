// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { guestMe, sampleRetreat } from "../../test/builders";
import { type ApiCall, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { navigation } from "./guest-pay-now";
import { GuestPortalView } from "./guest-portal-view";

const retreatId = sampleRetreat.id;
const paymentId = "00000000-0000-4000-8000-0000000000c1";
const retreat = sampleRetreat;
const me = guestMe({
  travelForm: { submitted: true, status: "submitted", submittedAt: null, url: "/travel-form/x" },
  paymentsDue: [
    { paymentId, description: "Instalment 1 of 2", amount: "748.50", currency: "GBP", dueDate: "2026-06-01" },
    { paymentId: null, description: "Remaining balance", amount: "100.00", currency: "GBP", dueDate: null },
  ],
});

let calls: ApiCall[];
let online: boolean;
let checkoutStatus: number;
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  online = true;
  checkoutStatus = 200;
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(navigation, "assign").mockImplementation(assign);
  ({ calls } = fakeApi(
    {
      "GET /api/guest/me": () => Response.json(me),
      "GET /api/guest/payment-options": () => Response.json({ onlinePayments: online }),
      [`GET /api/guest/schedule/${retreatId}`]: () =>
        Response.json({ retreat, sessions: [], nextSession: null, upcoming: [] }),
      "GET /api/guest/calendar-url": () => Response.json({ url: "https://retreat.example/api/calendar/x.ics" }),
      [`POST /api/guest/payments/${paymentId}/checkout`]: () =>
        checkoutStatus !== 200
          ? Response.json(
              { message: "Online payment is unavailable right now. Please try again later." },
              { status: checkoutStatus },
            )
          : Response.json({ url: "https://checkout.stripe.com/c/pay/cs_test_1" }),
    },
    () => new Response("not found", { status: 404 }),
  ));
});

afterEach(() => {
  resetClientTest();
  vi.restoreAllMocks();
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
