// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ArrivalsReport, KitchenGrant, KitchenReport } from "../../../shared/schemas/reports";
import { vendorDto } from "../../test/builders";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { ListsTab } from "./lists-tab";

const retreatId = "00000000-0000-4000-8000-000000000001";
const ada = "00000000-0000-4000-8000-0000000000a1";
const sam = "00000000-0000-4000-8000-0000000000a2";
const season = {
  id: retreatId,
  name: "Bali 2030",
  isCurrent: true,
  startDate: "2030-05-01",
  endDate: "2030-05-10",
};

const kitchen: KitchenReport = {
  retreat: { id: retreatId, name: "Bali 2030" },
  generatedAt: "2030-04-20T10:00:00.000Z",
  guests: [
    {
      applicationId: ada,
      name: "Ada Lovelace",
      people: 1,
      dietaryRequirements: "Gluten-free",
      allergies: "Peanuts",
      travelFormSubmitted: true,
    },
    {
      applicationId: sam,
      name: "Sam Rivera & Kim Rivera",
      people: 2,
      dietaryRequirements: null,
      allergies: null,
      travelFormSubmitted: false,
    },
  ],
  counts: {
    people: 3,
    withDietaryRequirements: 1,
    withAllergies: 1,
    withoutRequirements: 2,
    requirements: [{ label: "Gluten-free", people: 1 }],
    allergies: [{ label: "Peanuts", people: 1 }],
  },
};

const arrivals: ArrivalsReport = {
  retreat: { id: retreatId, name: "Bali 2030" },
  generatedAt: "2030-04-20T10:00:00.000Z",
  recentChangeDays: 7,
  arrivals: [
    {
      day: "2030-05-01",
      window: "afternoon",
      travellers: [
        {
          applicationId: ada,
          name: "Ada Lovelace",
          people: 1,
          flightNumber: "QR 962",
          from: "DOH",
          to: "DPS",
          time: "14:30",
          airportPickup: true,
          recentChange: "updated",
          changedAt: "2030-04-19T10:00:00.000Z",
        },
      ],
    },
  ],
  departures: [],
  withoutTravelForm: [{ applicationId: sam, name: "Sam Rivera & Kim Rivera", people: 2 }],
  pickupPeople: 1,
};

const grant: KitchenGrant = {
  id: "00000000-0000-4000-8000-0000000000b1",
  vendorId: "00000000-0000-4000-8000-0000000000c1",
  vendorName: "Warung Catering",
  vendorCanSignIn: true,
  retreatId,
  grantedAt: "2030-04-01T10:00:00.000Z",
  grantedBy: "Staff Tester",
};

function setup(grants: KitchenGrant[] = []) {
  window.history.replaceState(null, "", "/admin/dashboard?tab=lists");
  const api = fakeApi({
    "GET /api/admin/retreats": () => Response.json([season]),
    [`GET /api/admin/reports/kitchen?retreatId=${retreatId}&format=json`]: () => Response.json(kitchen),
    [`GET /api/admin/reports/arrivals?retreatId=${retreatId}&format=json`]: () => Response.json(arrivals),
    [`GET /api/admin/reports/kitchen/grants?retreatId=${retreatId}`]: () => Response.json({ items: grants }),
    "GET /api/admin/vendors": () =>
      Response.json([
        vendorDto({ id: grant.vendorId, name: "Warung Catering", type: "Catering" }),
        vendorDto({ id: "00000000-0000-4000-8000-0000000000c2", name: "Old Vendor", isActive: false }),
      ]),
    "POST /api/admin/reports/kitchen/grants": () => Response.json(grant, { status: 201 }),
    [`DELETE /api/admin/reports/kitchen/grants/${grant.id}`]: () => Response.json({ id: grant.id, revoked: true }),
  });
  renderWithClient(<ListsTab />, { toaster: true });
  return api;
}

afterEach(resetClientTest);

describe("ListsTab", () => {
  it("opens the season's kitchen list: counts, each booking's needs and allergies, and its downloads", async () => {
    const api = setup();
    const table = await screen.findByRole("region", { name: "Kitchen list table" });
    const row = within(table).getByRole("row", { name: /Ada Lovelace/ });
    expect(within(row).getByText("Gluten-free")).toBeTruthy();
    expect(within(row).getByText("Peanuts")).toBeTruthy();
    const allergies = screen.getByRole("heading", { name: "Allergies", level: 3 }).closest("section")!;
    expect(within(allergies).getByText("Peanuts").nextSibling?.textContent).toBe("1 person");
    expect(screen.getByText(/Bali 2030, as of 20 Apr 2030, 11:00 \(London time\)/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download the kitchen list as PDF" }).getAttribute("href")).toBe(
      `/api/admin/reports/kitchen?retreatId=${retreatId}&format=pdf`,
    );
    expect(screen.getByRole("link", { name: "Download the kitchen list as CSV" }).getAttribute("href")).toBe(
      `/api/admin/reports/kitchen?retreatId=${retreatId}&format=csv`,
    );
    // The season's list, asked for by its id: the season switcher decides which retreat.
    expect(api.urls()).toContain(`/api/admin/reports/kitchen?retreatId=${retreatId}&format=json`);
  });

  it("shares the kitchen list with an active vendor, and stops sharing after a confirmation", async () => {
    const api = setup();
    const vendor = await screen.findByLabelText("Vendor");
    await waitFor(() => expect(within(vendor).getAllByRole("option")).toHaveLength(2));
    // The inactive vendor is not offered.
    expect(within(vendor).queryByRole("option", { name: "Old Vendor" })).toBeNull();
    fireEvent.change(vendor, { target: { value: grant.vendorId } });
    fireEvent.click(screen.getByRole("button", { name: "Share kitchen list" }));
    expect(await screen.findByText("Warung Catering can now open it in the vendor portal.")).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: "POST",
        url: "/api/admin/reports/kitchen/grants",
        body: { vendorId: grant.vendorId, retreatId },
      },
    ]);
  });

  it("lists who has the kitchen list and takes it back", async () => {
    const api = setup([grant]);
    const shared = await screen.findByRole("list", { name: "Vendors with the kitchen list" });
    expect(within(shared).getByText("Since 1 Apr 2030, by Staff Tester")).toBeTruthy();
    fireEvent.click(within(shared).getByRole("button", { name: "Stop sharing the kitchen list with Warung Catering" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Stop sharing the kitchen list?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Stop sharing" }));
    expect(await screen.findByText("Warung Catering no longer sees the kitchen list.")).toBeTruthy();
    expect(api.writes().map((w) => `${w.method} ${w.url}`)).toEqual([
      `DELETE /api/admin/reports/kitchen/grants/${grant.id}`,
    ]);
  });

  it("switches to arrivals: flights by day and time window, pickups and changes, and who has sent nothing", async () => {
    setup();
    fireEvent.click(await screen.findByRole("button", { name: "Arrivals and departures" }));
    const group = await screen.findByRole("list", { name: "Arrivals: Wednesday 1 May 2030 · Afternoon (12:00–17:59)" });
    expect(within(group).getByText("14:30")).toBeTruthy();
    expect(within(group).getByText("QR 962 · DOH → DPS")).toBeTruthy();
    expect(within(group).getByText("Pickup")).toBeTruthy();
    expect(within(group).getByText("Updated")).toBeTruthy();
    expect(screen.getByText("Sam Rivera & Kim Rivera")).toBeTruthy();
    expect(window.location.search).toBe("?tab=lists&list=arrivals");
  });
});
