// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminVendorBooking } from "../../../shared/schemas/vendors";
import { retreatSession, sampleRetreat, vendorDto } from "../../test/builders";
import { type ApiCall, type ApiReply, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { VendorBookingsSection } from "./vendor-bookings-section";

const retreat = sampleRetreat;
const lunch = retreatSession({
  id: "00000000-0000-4000-8000-0000000000a1",
  title: "Welcome lunch",
  startTime: "2026-05-10T04:00:00.000Z",
  endTime: "2026-05-10T05:30:00.000Z",
  localStartTime: "12:00",
  localEndTime: "13:30",
  location: "Garden",
  type: "meal",
});
const yoga = { ...lunch, id: "00000000-0000-4000-8000-0000000000a2", title: "Sunrise yoga", date: "2026-05-11" };
const vendor = (id: string, name: string, isActive = true) =>
  vendorDto({ id: `00000000-0000-4000-8000-0000000000${id}`, name, isActive });
const kitchen = vendor("b1", "Bali Green Kitchen");
const florist = vendor("b2", "Frangipani Flowers");
const retired = vendor("b3", "Retired Driver", false);
const booking: AdminVendorBooking = {
  id: "00000000-0000-4000-8000-0000000000d1",
  retreatId: retreat.id,
  vendorId: kitchen.id,
  vendorName: kitchen.name,
  vendorActive: true,
  retreatSessionId: lunch.id,
  sessionTitle: lunch.title,
  startTime: lunch.startTime,
  endTime: lunch.endTime,
  rate: "250.50",
  description: "Lunch for 15",
  status: "booked",
};
const orphan: AdminVendorBooking = {
  ...booking,
  id: "00000000-0000-4000-8000-0000000000d2",
  retreatSessionId: null,
  sessionTitle: null,
  startTime: "2026-05-12T01:00:00.000Z",
  rate: null,
  description: null,
  status: "cancelled",
};

function setup(reply: (call: ApiCall) => ApiReply = () => undefined) {
  const { calls } = fakeApi(reply, (call) => {
    const { url } = call;
    if (url === "/api/admin/sessions") return Response.json({ retreat, sessions: [lunch, yoga] });
    if (url === "/api/admin/vendors") return Response.json([kitchen, florist, retired]);
    if (call.method === "GET" && url === "/api/admin/vendor-bookings") return Response.json([booking, orphan]);
    if (call.method === "POST")
      return Response.json(
        { ...booking, id: "new", vendorName: florist.name, sessionTitle: yoga.title, ...(call.body as object) },
        { status: 201 },
      );
    if (call.method === "PATCH") return Response.json({ ...booking, ...(call.body as object) });
    if (call.method === "DELETE") return Response.json({ id: booking.id, deleted: true });
    return new Response("not found", { status: 404 });
  });
  renderWithClient(<VendorBookingsSection />, { toaster: true });
  return calls;
}

afterEach(resetClientTest);

async function openBooking(title: string) {
  fireEvent.click(await screen.findByRole("button", { name: `Book vendor for ${title}` }));
  return screen.findByRole("form", { name: "Book vendor" });
}

describe("VendorBookingsSection", () => {
  it("lists bookings under their session, with rate and description, and keeps a deleted session's booking", async () => {
    setup();
    const lunchRow = await screen.findByRole("listitem", { name: /Welcome lunch/ });
    expect(within(lunchRow).getByText("Sun 10 May, 12:00–13:30 (Bali time)")).toBeTruthy();
    const booked = await within(lunchRow).findByRole("list", { name: "Vendors booked for Welcome lunch" });
    expect(within(booked).getByText("Bali Green Kitchen")).toBeTruthy();
    expect(within(booked).getByText("£250.50 · Lunch for 15")).toBeTruthy();
    expect(
      (within(booked).getByLabelText("Status of Bali Green Kitchen for Welcome lunch") as HTMLSelectElement).value,
    ).toBe("booked");
    const yogaRow = screen.getByRole("listitem", { name: /Sunrise yoga/ });
    expect(within(yogaRow).getByText("No vendors booked.")).toBeTruthy();
    const orphans = screen.getByRole("heading", { name: "Bookings whose session was deleted" }).closest("section")!;
    expect(
      within(orphans).getByLabelText(
        "Status of Bali Green Kitchen for Deleted session, 12 May 2026, 09:00 (Bali time)",
      ),
    ).toBeTruthy();
  });

  it("asks for a vendor and a valid rate before sending anything", async () => {
    const calls = setup();
    const form = await openBooking("Sunrise yoga");
    fireEvent.change(within(form).getByLabelText(/Rate/), { target: { value: "12,50" } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Book vendor" }));
    expect(await within(form).findByText("Please choose a vendor.")).toBeTruthy();
    expect(within(form).getByText("Rate must be an amount such as 150 or 150.50.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("offers only active vendors, not one already booked on the session, and posts the booking", async () => {
    const calls = setup();
    const form = await openBooking("Welcome lunch");
    const select = within(form).getByLabelText(/Vendor/) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect([...select.options].map((o) => `${o.text}${o.disabled ? " [disabled]" : ""}`)).toEqual([
      "Choose a vendor...",
      "Bali Green Kitchen – already booked [disabled]",
      "Frangipani Flowers",
    ]);
    fireEvent.change(select, { target: { value: florist.id } });
    fireEvent.change(within(form).getByLabelText(/Rate/), { target: { value: " 80 " } });
    fireEvent.change(within(form).getByLabelText("Description"), { target: { value: "Table flowers" } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Book vendor" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: "/api/admin/vendor-bookings",
      method: "POST",
      body: { vendorId: florist.id, retreatSessionId: lunch.id, rate: "80", description: "Table flowers" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's 409 when the vendor was booked meanwhile", async () => {
    setup((c) =>
      c.method === "POST"
        ? Response.json({ message: "This vendor is already booked for this session." }, { status: 409 })
        : undefined,
    );
    const form = await openBooking("Sunrise yoga");
    const select = within(form).getByLabelText(/Vendor/) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    fireEvent.change(select, { target: { value: kitchen.id } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Book vendor" }));
    expect(await screen.findByText("Failed to book vendor")).toBeTruthy();
    expect(screen.getByText("This vendor is already booked for this session.")).toBeTruthy();
  });

  it("cancels a booking through its status, and removes one after confirming", async () => {
    const calls = setup();
    const status = await screen.findByLabelText("Status of Bali Green Kitchen for Welcome lunch");
    fireEvent.change(status, { target: { value: "cancelled" } });
    expect(await screen.findByText("Bali Green Kitchen: Cancelled")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")).toEqual({
      url: `/api/admin/vendor-bookings/${booking.id}`,
      method: "PATCH",
      body: { status: "cancelled" },
    });

    fireEvent.click(screen.getByRole("button", { name: "Remove Bali Green Kitchen from Welcome lunch" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove booking?" });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Bali Green Kitchen removed from Welcome lunch")).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.url).toBe(`/api/admin/vendor-bookings/${booking.id}`);
  });
});
