// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { guestMe, retreatSession, sampleRetreat } from "../../test/builders";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { GuestPortalView } from "./guest-portal-view";

const retreatId = sampleRetreat.id;
const retreat = sampleRetreat;
function session(i: number, date: string, title: string) {
  return retreatSession({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    title,
    date,
    localStartTime: `0${i}:00`,
    localEndTime: `0${i + 1}:00`,
    location: i === 1 ? "Shala" : null,
  });
}
const sessions = [
  session(1, "2026-05-10", "Welcome circle"),
  session(2, "2026-05-10", "Yoga"),
  session(3, "2026-05-11", "Rice terraces"),
  session(4, "2026-05-11", "Cooking class"),
  session(5, "2026-05-12", "Beach clean"),
];
const me = guestMe({
  room: { name: "Frangipani", type: "twin", bedNumber: 1, roommates: ["Ben"] },
  dietaryNotes: "No nuts",
  paymentsDue: [
    { paymentId: null, description: "Final balance", amount: "1497.00", currency: "GBP", dueDate: "2026-04-01" },
  ],
});

const paymentId = "00000000-0000-4000-8000-0000000000a1";
const receipts = {
  items: [
    {
      paymentId,
      number: "R-2026-0001",
      kind: "receipt",
      amount: "500.00",
      currency: "GBP",
      paidAt: "2026-02-01T10:00:00.000Z",
      issuedAt: "2026-02-01T10:00:00.000Z",
      description: "Deposit",
      url: `/api/guest/receipts/${paymentId}.pdf`,
    },
  ],
};

function setup() {
  const { urls } = fakeApi(
    {
      "GET /api/guest/me": () => Response.json(me),
      "GET /api/guest/receipts": () => Response.json(receipts),
      [`GET /api/guest/schedule/${retreatId}`]: () =>
        Response.json({ retreat, sessions, nextSession: sessions[0], upcoming: sessions.slice(1, 4) }),
      "GET /api/guest/calendar-url": () =>
        Response.json({ url: `https://retreat.example/api/calendar/${"a".repeat(64)}.ics` }),
    },
    () => new Response("not found", { status: 404 }),
  );
  renderWithClient(<GuestPortalView />);
  return urls;
}

afterEach(resetClientTest);

describe("GuestPortalView", () => {
  it("welcomes the guest and shows the next session, three upcoming, room, meals and important info", async () => {
    const urls = setup();
    expect(await screen.findByRole("heading", { name: "Welcome, Ana!" })).toBeTruthy();
    const nextCard = (await screen.findByRole("heading", { name: "Next session" })).closest(
      "div.rounded-card",
    ) as HTMLElement;
    expect(within(nextCard).getByText("Welcome circle")).toBeTruthy();
    const comingUp = within(nextCard).getByRole("list");
    expect(
      within(comingUp)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("p")?.textContent),
    ).toEqual(["Yoga", "Rice terraces", "Cooking class"]);
    expect(screen.getByText("Frangipani (twin)")).toBeTruthy();
    expect(screen.getByText("Sharing with Ben")).toBeTruthy();
    expect(screen.getByText("No nuts")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Fill in your travel form" }).getAttribute("href")).toBe(me.travelForm.url);
    // Money reads the same everywhere (formatAmount): whole pounds without ".00".
    expect(screen.getByText(/Final balance: £1,497, due Wednesday 1 April 2026/)).toBeTruthy();
    // The schedule is asked for the guest's own retreat, never a fixed demo id.
    expect(urls()).toContain(`/api/guest/schedule/${retreatId}`);
  });

  it("lists the full schedule by day and offers the calendar feed as a webcal link", async () => {
    setup();
    const day = await screen.findByRole("heading", { name: "Tuesday 12 May 2026" });
    expect(within(day.closest("section")!).getByText("Beach clean")).toBeTruthy();
    // Every time shows its end and its clock: the retreat's, whatever the device's zone.
    expect(within(day.closest("section")!).getByText("05:00–06:00 (Bali time)")).toBeTruthy();
    const nextCard = screen.getByRole("heading", { name: "Next session" }).closest("div.rounded-card") as HTMLElement;
    expect(within(nextCard).getByText("Times are on the retreat's clock (Bali time).")).toBeTruthy();
    expect(within(nextCard).getByText("Sunday 10 May 2026, 01:00–02:00 (Bali time) · Shala")).toBeTruthy();
    const link = await screen.findByRole("link", { name: "Subscribe in calendar app" });
    expect(link.getAttribute("href")).toBe(`webcal://retreat.example/api/calendar/${"a".repeat(64)}.ics`);
    expect((screen.getByLabelText("Your calendar link") as HTMLInputElement).value).toMatch(
      /^https:\/\/retreat\.example/,
    );
  });

  it("lists the guest's receipts, each a PDF to download", async () => {
    setup();
    const list = await screen.findByRole("list", { name: "Your receipts" });
    expect(within(list).getByText("Receipt R-2026-0001")).toBeTruthy();
    expect(within(list).getByText("Deposit: £500, 1 Feb 2026")).toBeTruthy();
    const link = within(list).getByRole("link", { name: "Download receipt R-2026-0001 (PDF)" });
    expect(link.getAttribute("href")).toBe(`/api/guest/receipts/${paymentId}.pdf`);
    expect(link.hasAttribute("download")).toBe(true);
  });
});
