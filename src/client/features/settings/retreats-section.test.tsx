// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminRetreat } from "../../../shared/schemas/retreats-admin";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { RetreatsSection } from "./retreats-section";

const bali: AdminRetreat = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Bali Vegan Activism Retreat 2026",
  description: "Ten days in Ubud.",
  startDate: "2026-05-10",
  endDate: "2026-05-19",
  capacity: 15,
  placesTaken: 3,
  location: "Bali, Indonesia",
  status: "open",
  currency: "GBP",
  timezone: "Asia/Makassar",
  isCurrent: true,
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const lisbon: AdminRetreat = {
  ...bali,
  id: "22222222-2222-4222-8222-222222222222",
  name: "Lisbon 2027",
  description: null,
  startDate: null,
  endDate: null,
  capacity: 4,
  placesTaken: 4,
  status: "planning",
  timezone: "Europe/Lisbon",
  isCurrent: false,
};

type Call = { url: string; method: string; body: Record<string, unknown> | undefined };
type Handler = (body: Record<string, unknown>) => Response;

function setup(overrides: Record<string, Handler> = {}) {
  let list = [bali, lisbon];
  const routes: Record<string, Handler> = {
    "GET /api/admin/retreats": () => Response.json(list),
    "GET /api/admin/settings": () => Response.json({ currency: "EUR", defaultCapacity: 12, defaultLocation: "Ubud" }),
    "POST /api/admin/retreats": (body) => {
      const created = {
        ...lisbon,
        ...body,
        id: "33333333-3333-4333-8333-333333333333",
        placesTaken: 0,
      } as AdminRetreat;
      list = [...list, created];
      return Response.json(created, { status: 201 });
    },
    [`PATCH /api/admin/retreats/${bali.id}`]: (body) => {
      list = list.map((r) => (r.id === bali.id ? { ...r, ...body } : r));
      return Response.json(list[0]);
    },
    ...overrides,
  };
  const { calls } = fakeApi<Record<string, unknown>>(async ({ url, method, body }) => {
    const handler = routes[`${method} ${url.split("?")[0]}`];
    return handler ? handler(body) : new Response("not found", { status: 404 });
  });
  renderWithClient(<RetreatsSection />, { toaster: true });
  return calls;
}

afterEach(resetClientTest);

const writes = (calls: Call[]) => calls.filter((c) => c.method !== "GET");

async function openDialog(button: string, name: string) {
  fireEvent.click(await screen.findByRole("button", { name: button }));
  const dialog = await screen.findByRole("dialog", { name });
  return { dialog, form: within(dialog).getByRole("form", { name }) };
}

describe("RetreatsSection", () => {
  it("lists each retreat with its dates, places taken of capacity, status and time zone", async () => {
    setup();
    const list = await screen.findByRole("list", { name: "Retreats" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = within(list).getByRole("listitem", { name: bali.name });
    expect(within(first).getByText("10 May 2026 – 19 May 2026")).toBeTruthy();
    expect(within(first).getByText("3 of 15 taken")).toBeTruthy();
    expect(within(first).getByText("Open")).toBeTruthy();
    expect(within(first).getByText("Current")).toBeTruthy();
    expect(within(first).getByText("Asia/Makassar")).toBeTruthy();
    const second = within(list).getByRole("listitem", { name: "Lisbon 2027" });
    expect(within(second).getByText("Dates to be announced")).toBeTruthy();
    expect(within(second).getByText("4 of 4 taken (full)")).toBeTruthy();
    expect(within(second).getByText("Planning")).toBeTruthy();
    expect(within(second).queryByText("Current")).toBeNull();
  });

  it("adds a retreat: prefilled from the retreat defaults, checked inline before anything is sent", async () => {
    const calls = setup();
    const { dialog, form } = await openDialog("Add retreat", "Add retreat");
    await waitFor(() => expect((within(form).getByLabelText(/Capacity/) as HTMLInputElement).value).toBe("12"));
    expect((within(form).getByLabelText(/Location/) as HTMLInputElement).value).toBe("Ubud");
    expect((within(form).getByLabelText(/Currency/) as HTMLInputElement).value).toBe("EUR");
    expect((within(form).getByLabelText(/Time zone/) as HTMLInputElement).value).toBe("Asia/Makassar");

    fireEvent.change(within(form).getByLabelText("Start date"), { target: { value: "2027-09-10" } });
    fireEvent.change(within(form).getByLabelText("End date"), { target: { value: "2027-09-01" } });
    fireEvent.change(within(form).getByLabelText(/Time zone/), { target: { value: "Mars/Base" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add retreat" }));

    const name = within(form).getByLabelText(/Name/);
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getByText("Name is required.")).toBeTruthy();
    expect(within(form).getByText("End date must be on or after the start date.")).toBeTruthy();
    expect(within(form).getByText(/Time zone must be an IANA time zone/)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(writes(calls)).toEqual([]);

    fireEvent.change(name, { target: { value: "Lisbon Autumn" } });
    fireEvent.change(within(form).getByLabelText("End date"), { target: { value: "2027-09-15" } });
    fireEvent.change(within(form).getByLabelText(/Time zone/), { target: { value: "Europe/Lisbon" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add retreat" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls)).toEqual([
      {
        url: "/api/admin/retreats",
        method: "POST",
        body: {
          name: "Lisbon Autumn",
          description: "",
          startDate: "2027-09-10",
          endDate: "2027-09-15",
          capacity: 12,
          location: "Ubud",
          timezone: "Europe/Lisbon",
          status: "planning",
          currency: "EUR",
        },
      },
    ]);
    expect(await screen.findByRole("listitem", { name: "Lisbon Autumn" })).toBeTruthy();
  });

  it("edits a retreat, sending only what changed, and shows the saved dates and capacity", async () => {
    const calls = setup();
    const { dialog, form } = await openDialog(`Edit ${bali.name}`, "Edit retreat");
    expect((within(form).getByLabelText("Start date") as HTMLInputElement).value).toBe("2026-05-10");
    fireEvent.change(within(form).getByLabelText("Start date"), { target: { value: "2026-06-01" } });
    fireEvent.change(within(form).getByLabelText("End date"), { target: { value: "2026-06-10" } });
    fireEvent.change(within(form).getByLabelText(/Capacity/), { target: { value: "18" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save retreat" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls)).toEqual([
      {
        url: `/api/admin/retreats/${bali.id}`,
        method: "PATCH",
        body: { startDate: "2026-06-01", endDate: "2026-06-10", capacity: 18 },
      },
    ]);
    const item = await screen.findByRole("listitem", { name: bali.name });
    await waitFor(() => expect(within(item).getByText("1 Jun 2026 – 10 Jun 2026")).toBeTruthy());
    expect(within(item).getByText("3 of 18 taken")).toBeTruthy();
    expect(await screen.findByText("Retreat updated")).toBeTruthy();
  });

  it("shows the server's 409 under the capacity and keeps the dialog open", async () => {
    const message = "3 places are already taken, so the capacity cannot be lower than 3.";
    setup({
      [`PATCH /api/admin/retreats/${bali.id}`]: () =>
        Response.json({ message, errors: [{ path: "body.capacity", message }] }, { status: 409 }),
    });
    const { dialog, form } = await openDialog(`Edit ${bali.name}`, "Edit retreat");
    const capacity = within(form).getByLabelText(/Capacity/);
    fireEvent.change(capacity, { target: { value: "2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save retreat" }));

    const alert = await within(form).findByText(message);
    expect(alert.getAttribute("role")).toBe("alert");
    expect(capacity.getAttribute("aria-invalid")).toBe("true");
    expect(capacity.getAttribute("aria-describedby")).toContain(alert.id);
    expect(screen.getByRole("dialog", { name: "Edit retreat" })).toBeTruthy();
    expect((capacity as HTMLInputElement).value).toBe("2");
  });

  it("shows a server message without a field above the buttons", async () => {
    setup({
      [`PATCH /api/admin/retreats/${bali.id}`]: () => Response.json({ message: "Retreat not found." }, { status: 404 }),
    });
    const { dialog, form } = await openDialog(`Edit ${bali.name}`, "Edit retreat");
    fireEvent.change(within(form).getByLabelText(/Location/), { target: { value: "Sidemen" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save retreat" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Retreat not found.");
  });

  it("closes without a request when nothing changed", async () => {
    const calls = setup();
    const { dialog } = await openDialog(`Edit ${bali.name}`, "Edit retreat");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save retreat" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls)).toEqual([]);
  });

  it("copies a season: named and dated a year on, the name following the start year until edited", async () => {
    const calls = setup({
      [`POST /api/admin/retreats/${bali.id}/copy`]: (body) =>
        Response.json(
          {
            ...bali,
            ...body,
            id: "44444444-4444-4444-8444-444444444444",
            status: "planning",
            placesTaken: 0,
            isCurrent: false,
          },
          { status: 201 },
        ),
    });
    const { dialog, form } = await openDialog(`Copy season ${bali.name}`, "Copy season");
    const name = within(form).getByLabelText(/Name/) as HTMLInputElement;
    expect(name.value).toBe("Bali Vegan Activism Retreat 2027");
    expect((within(form).getByLabelText(/Start date/) as HTMLInputElement).value).toBe("2027-05-10");
    expect((within(form).getByLabelText(/End date/) as HTMLInputElement).value).toBe("2027-05-19");

    fireEvent.change(within(form).getByLabelText(/Start date/), { target: { value: "2028-06-12" } });
    fireEvent.change(within(form).getByLabelText(/End date/), { target: { value: "2028-06-21" } });
    await waitFor(() => expect(name.value).toBe("Bali Vegan Activism Retreat 2028"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy season" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls)).toEqual([
      {
        url: `/api/admin/retreats/${bali.id}/copy`,
        method: "POST",
        body: { name: "Bali Vegan Activism Retreat 2028", startDate: "2028-06-12", endDate: "2028-06-21" },
      },
    ]);
    expect(await screen.findByText("Season copied")).toBeTruthy();
    // The list is read again, so the new season shows up.
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/admin/retreats").length).toBeGreaterThan(1));
  });

  it("keeps a typed name, checks the dates before sending, and shows the server's field errors", async () => {
    const message = "End date must be on or after the start date.";
    const calls = setup({
      [`POST /api/admin/retreats/${lisbon.id}/copy`]: () =>
        Response.json({ message, errors: [{ path: "body.endDate", message }] }, { status: 400 }),
    });
    const { dialog, form } = await openDialog(`Copy season ${lisbon.name}`, "Copy season");
    const name = within(form).getByLabelText(/Name/) as HTMLInputElement;
    // No dates to move on: the owner picks them.
    expect(name.value).toBe("Lisbon 2028");
    expect((within(form).getByLabelText(/Start date/) as HTMLInputElement).value).toBe("");
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy season" }));
    expect(await within(form).findAllByText("Please choose a date (YYYY-MM-DD).")).toHaveLength(2);
    expect(writes(calls)).toEqual([]);

    fireEvent.change(name, { target: { value: "Lisbon Spring" } });
    fireEvent.change(within(form).getByLabelText(/Start date/), { target: { value: "2029-04-01" } });
    fireEvent.change(within(form).getByLabelText(/End date/), { target: { value: "2029-04-05" } });
    expect(name.value).toBe("Lisbon Spring");
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy season" }));
    const alert = await within(form).findByText(message);
    expect(
      within(form)
        .getByLabelText(/End date/)
        .getAttribute("aria-describedby"),
    ).toContain(alert.id);
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]!.body).toEqual({ name: "Lisbon Spring", startDate: "2029-04-01", endDate: "2029-04-05" });
    expect(screen.getByRole("dialog", { name: "Copy season" })).toBeTruthy();
  });

  it("invites a season's priority list: shows the audience size and links to the draft campaign", async () => {
    const campaignId = "55555555-5555-4555-8555-555555555555";
    const calls = setup({
      [`POST /api/admin/retreats/${lisbon.id}/priority-invite`]: () =>
        Response.json(
          {
            campaignId,
            campaignName: "Priority list: Lisbon 2027",
            audienceSize: 42,
            tag: "priority-2027",
            notSubscribed: 1,
          },
          { status: 201 },
        ),
    });
    fireEvent.click(await screen.findByRole("button", { name: `Invite the priority list to ${lisbon.name}` }));
    const dialog = await screen.findByRole("dialog", { name: "Invite the priority list" });
    expect(within(dialog).getByText(/applications for Lisbon 2027 are open/)).toBeTruthy();
    // Not the season the public site shows yet: sending now would invite people to the other season's form.
    expect(within(dialog).getByText(/publish this season's site before you press Send/)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Write draft campaign" }));

    const status = await within(dialog).findByRole("status");
    expect(status.textContent).toContain("Priority list: Lisbon 2027 is a draft for 42 people");
    expect(status.textContent).toContain("Nothing is sent until you press Send");
    expect(status.textContent).toContain("1 person on the list has no email subscription");
    const link = within(dialog).getByRole("link", { name: "Open the draft campaign" });
    expect(link.getAttribute("href")).toBe(`/admin/dashboard?tab=waitlist&email=campaigns&campaign=${campaignId}`);
    expect(writes(calls)).toEqual([
      { url: `/api/admin/retreats/${lisbon.id}/priority-invite`, method: "POST", body: {} },
    ]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
