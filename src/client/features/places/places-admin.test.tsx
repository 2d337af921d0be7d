// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { PlaceOffersResponse, RefundQuote } from "../../../shared/schemas/places";
import { placeMessages } from "../../../shared/schemas/places";
import { type ApiCall, fakeApi } from "../../test/fake-api";
import { renderWithClient as renderInClient, resetClientTest, stubResizeObserver } from "../../test/render";
import { CancelBookingButton } from "./cancel-booking-button";
import { londonToday } from "./format";
import { PlaceOffersPanel } from "./place-offers-panel";

configure({ asyncUtilTimeout: 5000 });

stubResizeObserver();

const retreatId = "33333333-3333-4333-8333-333333333333";
const applicationId = "44444444-4444-4444-8444-444444444444";

const offers: PlaceOffersResponse = {
  capacity: { retreatId, retreatName: "Bali 2030", capacity: 15, taken: 12, offered: 2, free: 1 },
  open: [
    {
      id: "55555555-5555-4555-8555-555555555555",
      applicationId,
      applicantName: "Wren Waiting",
      email: "wren@example.com",
      people: 2,
      status: "offered",
      // 15:00 in London (BST).
      expiresAt: "2030-06-03T14:00:00.000Z",
      respondedAt: null,
      createdAt: "2030-05-31T14:00:00.000Z",
      releasedBy: { id: "66666666-6666-4666-8666-666666666666", name: "Lena Leaving" },
    },
  ],
  history: [
    {
      id: "77777777-7777-4777-8777-777777777777",
      applicationId: "88888888-8888-4888-8888-888888888888",
      applicantName: "Dora Declined",
      email: "dora@example.com",
      people: 1,
      status: "declined",
      expiresAt: "2030-05-20T14:00:00.000Z",
      respondedAt: "2030-05-18T09:00:00.000Z",
      createdAt: "2030-05-17T14:00:00.000Z",
      releasedBy: null,
    },
  ],
};

let calls: ApiCall[] = [];

function stubFetch(handler: (call: ApiCall) => Response) {
  ({ calls } = fakeApi(handler));
}

function renderWithClient(ui: ReactNode) {
  renderInClient(ui, { toaster: true });
}

afterEach(resetClientTest);

describe("PlaceOffersPanel", () => {
  it("shows the capacity and who holds an offer until when", async () => {
    stubFetch(() => Response.json(offers));
    renderWithClient(<PlaceOffersPanel retreatId={retreatId} />);
    expect((await screen.findByTestId("capacity-label")).textContent).toBe("12 of 15 places taken");
    expect(screen.getByText("2 held by open offers, 1 free")).toBeTruthy();
    expect(calls[0]!.url).toBe(`/api/admin/place-offers?retreatId=${retreatId}`);
    const table = screen.getByRole("table", { name: "Open place offers" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(row.textContent).toContain("Wren Waiting");
    expect(row.textContent).toContain("Couple (2 places)");
    expect(row.textContent).toContain("Lena Leaving");
    expect(row.textContent).toContain("Monday 3 June 2030, 15:00");
    expect(screen.getByText("Earlier offers (1)")).toBeTruthy();
    expect(screen.getByText("Declined")).toBeTruthy();
  });

  it("asks before withdrawing an offer, then withdraws it and says the place went on", async () => {
    stubFetch((call) =>
      call.method === "POST" ? Response.json({ offer: offers.open[0], offersMade: 1 }) : Response.json(offers),
    );
    renderWithClient(<PlaceOffersPanel retreatId={null} />);
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw the offer to Wren Waiting" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw this offer?" });
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw offer" }));
    expect(await screen.findByText("The place has been offered to the next person on the waitlist.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      `/api/admin/place-offers/${offers.open[0]!.id}/withdraw`,
    ]);
    expect(calls[0]!.url).toBe("/api/admin/place-offers");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("says when nobody holds an offer", async () => {
    stubFetch(() => Response.json({ ...offers, open: [], history: [] }));
    renderWithClient(<PlaceOffersPanel retreatId={retreatId} />);
    expect(await screen.findByText("Nobody holds an offer right now.")).toBeTruthy();
    expect(screen.queryByText(/Earlier offers/)).toBeNull();
  });
});

const quote = (over: Partial<RefundQuote> = {}): RefundQuote => ({
  currency: "GBP",
  paid: "1248.50",
  refund: "624.25",
  rule: "half",
  daysBefore: 61,
  cancelledOn: "2030-04-01",
  ...over,
});

describe("CancelBookingButton", () => {
  it("shows the live refund quote, follows the guarantee, and records the cancellation", async () => {
    stubFetch((call) => {
      if (call.method === "POST") {
        return Response.json({
          applicationId,
          stage: "declined",
          quote: quote({ rule: "guarantee", refund: "1048.00", daysBefore: -1 }),
          refundPaymentId: "99999999-9999-4999-8999-999999999999",
          offersMade: 1,
        });
      }
      return call.url.includes("guarantee=true")
        ? Response.json(quote({ rule: "guarantee", refund: "1048.00", daysBefore: -1 }))
        : Response.json(quote());
    });
    renderWithClient(<CancelBookingButton applicationId={applicationId} applicantName="Ada Lovelace" />);
    fireEvent.click(screen.getByRole("button", { name: "Cancel Ada Lovelace's booking" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel Ada Lovelace's booking" });
    expect((await within(dialog).findByTestId("refund-amount")).textContent).toBe("£624.25");
    expect(
      within(dialog).getByText(/30 to 90 days before: half of what was paid \(61 days before the retreat\)/),
    ).toBeTruthy();
    expect(calls[0]!.url).toBe(`/api/admin/applications/${applicationId}/refund-quote?cancelledOn=${londonToday()}`);

    fireEvent.change(within(dialog).getByLabelText("Cancellation date"), { target: { value: "2030-06-02" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "48-hour guarantee" }));
    fireEvent.change(within(dialog).getByLabelText(/Travel costs incurred/), { target: { value: "200.50" } });
    await waitFor(() => expect(within(dialog).getByTestId("refund-amount").textContent).toBe("£1,048"));
    expect(calls.at(-1)!.url).toBe(
      `/api/admin/applications/${applicationId}/refund-quote?cancelledOn=2030-06-02&guarantee=true&travelCosts=200.50`,
    );

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(placeMessages.reasonRequired);
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Reason/));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "Unsatisfied on arrival" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect(
      await screen.findByText("Refund of £1,048 recorded as pending. The place has been offered to the waitlist."),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe(`/api/admin/applications/${applicationId}/cancel`);
    expect(post.body).toEqual({
      reason: "Unsatisfied on arrival",
      cancelledOn: "2030-06-02",
      guarantee: { travelCosts: "200.50" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows why the refund cannot be worked out, and the server's refusal", async () => {
    stubFetch((call) =>
      call.method === "POST"
        ? Response.json({ message: placeMessages.notHoldingPlace }, { status: 409 })
        : Response.json({ message: placeMessages.noStartDate }, { status: 409 }),
    );
    renderWithClient(<CancelBookingButton applicationId={applicationId} applicantName="Ada Lovelace" />);
    fireEvent.click(screen.getByRole("button", { name: "Cancel Ada Lovelace's booking" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(placeMessages.noStartDate)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "Moved away" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(placeMessages.notHoldingPlace);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
