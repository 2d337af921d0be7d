// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type PublicPlaceOffer, placeMessages } from "../../../shared/schemas/places";
import { type ApiCall, type ApiReply, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import PlaceOfferPage, { offerTexts } from "./place-offer-page";

configure({ asyncUtilTimeout: 5000 });

const token = "t".repeat(43);
const url = `/api/place-offers/${token}`;

const offer: PublicPlaceOffer = {
  firstName: "Wren",
  retreatName: "Bali Vegan Activism Retreat 2030",
  location: "Bali, Indonesia",
  startDate: "2030-06-01",
  endDate: "2030-06-10",
  people: 1,
  bookingTypeName: "Solo",
  price: {
    currency: "GBP",
    total: "1997.00",
    deposit: "500.00",
    payments: [
      { type: "deposit", amount: "500.00", dueDate: "2030-01-10", description: "Deposit" },
      { type: "installment", amount: "748.50", dueDate: "2030-01-17", description: "Instalment 1 of 2" },
      { type: "installment", amount: "748.50", dueDate: "2030-03-01", description: "Instalment 2 of 2" },
    ],
  },
  // 14:00 in London (GMT in January).
  expiresAt: "2030-01-13T14:00:00.000Z",
  status: "offered",
};

function setup(handler: (call: ApiCall) => ApiReply, pageToken = token) {
  const { calls, fetchMock } = fakeApi(handler);
  renderWithClient(<PlaceOfferPage params={{ token: pageToken }} />);
  const posts = () => calls.filter((call) => call.method === "POST").map((call) => call.url);
  return { fetchMock, posts };
}

afterEach(resetClientTest);

describe("PlaceOfferPage", () => {
  it("shows the offer: retreat, dates, the price and its schedule, and until when it stands", async () => {
    setup(() => Response.json(offer));
    expect(await screen.findByRole("heading", { name: "Good news, Wren" })).toBeTruthy();
    expect(screen.getByTestId("offer-expiry").textContent).toBe(
      "This offer is open until Sunday 13 January 2030, 14:00 (London time).",
    );
    expect(screen.getByText("Saturday 1 June 2030 – Monday 10 June 2030")).toBeTruthy();
    expect(screen.getByText("£1,997")).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Deposit · due 10 Jan 2030£500",
      "Instalment 1 of 2 · due 17 Jan 2030£748.50",
      "Instalment 2 of 2 · due 1 Mar 2030£748.50",
    ]);
  });

  it("accepts the place and moves focus to the confirmation", async () => {
    const { posts } = setup(({ method }) =>
      method === "POST" ? Response.json({ ...offer, status: "accepted" }) : Response.json(offer),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Accept my place" }));
    const heading = await screen.findByRole("heading", { name: offerTexts.acceptedTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(posts()).toEqual([`${url}/accept`]);
  });

  it("asks before declining, and says the place goes on", async () => {
    const { posts } = setup(({ method }) =>
      method === "POST" ? Response.json({ ...offer, status: "declined" }) : Response.json(offer),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Decline the offer" }));
    expect(posts()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Keep the offer" }));
    fireEvent.click(screen.getByRole("button", { name: "Decline the offer" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, decline the place" }));
    expect(await screen.findByRole("heading", { name: offerTexts.declinedTitle })).toBeTruthy();
    expect(posts()).toEqual([`${url}/decline`]);
  });

  it("says the retreat is full when the place was taken meanwhile", async () => {
    setup(({ method }) =>
      method === "POST" ? Response.json({ message: placeMessages.full }, { status: 409 }) : Response.json(offer),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Accept my place" }));
    const heading = await screen.findByRole("heading", { name: offerTexts.fullTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("shows an expired offer (410) and an unknown link (404)", async () => {
    setup(() => Response.json({ message: placeMessages.offerExpired }, { status: 410 }));
    expect(await screen.findByRole("heading", { name: offerTexts.expiredTitle })).toBeTruthy();
    cleanup();
    setup(() => Response.json({ message: placeMessages.offerNotFound }, { status: 404 }));
    expect(await screen.findByRole("heading", { name: offerTexts.notFoundTitle })).toBeTruthy();
  });

  it("shows an offer answered earlier without moving focus, and never asks with a malformed token", async () => {
    setup(() => Response.json({ ...offer, status: "withdrawn" }));
    const heading = await screen.findByRole("heading", { name: offerTexts.withdrawnTitle });
    expect(document.activeElement).not.toBe(heading);
    cleanup();
    const { fetchMock } = setup(() => Response.json(offer), "short");
    expect(screen.getByRole("heading", { name: offerTexts.notFoundTitle })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
