// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { KitchenReport } from "../../../shared/schemas/reports";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { VendorListsSection } from "./vendor-lists";

const retreatId = "00000000-0000-4000-8000-000000000001";
const kitchen: KitchenReport = {
  retreat: { id: retreatId, name: "Bali 2030" },
  generatedAt: "2030-04-20T10:00:00.000Z",
  guests: [
    {
      applicationId: "00000000-0000-4000-8000-0000000000a1",
      name: "Ada Lovelace",
      people: 1,
      dietaryRequirements: "Gluten-free",
      allergies: "Peanuts",
      travelFormSubmitted: true,
    },
  ],
  counts: {
    people: 1,
    withDietaryRequirements: 1,
    withAllergies: 1,
    withoutRequirements: 0,
    requirements: [{ label: "Gluten-free", people: 1 }],
    allergies: [{ label: "Peanuts", people: 1 }],
  },
};

afterEach(resetClientTest);

describe("VendorListsSection", () => {
  it("shows nothing to a vendor no list was shared with", async () => {
    const api = fakeApi({ "GET /api/vendor/lists": () => Response.json({ items: [] }) });
    const { container } = renderWithClient(<VendorListsSection />);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.urls()).toEqual(["/api/vendor/lists"]);
    expect(container.textContent).toBe("");
  });

  it("opens a shared kitchen list only when asked (each read is recorded), with its downloads", async () => {
    const api = fakeApi({
      "GET /api/vendor/lists": () =>
        Response.json({
          items: [{ list: "kitchen", retreatId, retreatName: "Bali 2030", grantedAt: "2030-04-01T10:00:00.000Z" }],
        }),
      [`GET /api/vendor/reports/kitchen?retreatId=${retreatId}&format=json`]: () => Response.json(kitchen),
    });
    renderWithClient(<VendorListsSection />);
    const item = (await screen.findByRole("heading", { name: "Kitchen list: Bali 2030" })).closest("li")!;
    expect(
      within(item).getByRole("link", { name: "Download the kitchen list of Bali 2030 as PDF" }).getAttribute("href"),
    ).toBe(`/api/vendor/reports/kitchen?retreatId=${retreatId}&format=pdf`);
    expect(api.urls()).toEqual(["/api/vendor/lists"]);
    fireEvent.click(within(item).getByRole("button", { name: "Open kitchen list" }));
    const row = await within(item).findByRole("row", { name: /Ada Lovelace/ });
    expect(within(row).getByText("Peanuts")).toBeTruthy();
    expect(api.urls()).toContain(`/api/vendor/reports/kitchen?retreatId=${retreatId}&format=json`);
  });
});
