import { describe, expect, it } from "vitest";
import type { CurrentRetreat } from "../../../../shared/schemas/retreats";
import { formatMoney } from "./money";
import { pricingView } from "./pricing";

const type = (over: Partial<CurrentRetreat["bookingTypes"][number]>) => ({
  id: crypto.randomUUID(),
  name: "solo",
  displayName: "Solo",
  description: null,
  basePrice: "1997.00",
  depositAmount: "500.00",
  currency: "GBP",
  maxOccupancy: 1,
  isAddon: false,
  features: [],
  ...over,
});

const retreat: CurrentRetreat = {
  id: crypto.randomUUID(),
  name: "Bali Vegan Activism Retreat 2026",
  description: null,
  startDate: null,
  endDate: null,
  capacity: 15,
  location: "Bali, Indonesia",
  currency: "GBP",
  bookingTypes: [
    type({}),
    type({ name: "couple", displayName: "Couple (per person)", basePrice: "1897.00" }),
    type({ name: "vip", displayName: "VIP Ultimate", basePrice: "600.00", depositAmount: "0.00", isAddon: true }),
  ],
};

describe("pricingView", () => {
  it("quotes the spec's rates, per-day prices and instalments from the booking types", () => {
    const view = pricingView(retreat, 10, 2);
    expect(view.rates.map((r) => [r.title, formatMoney(r.pricePence), formatMoney(r.perDayPence)])).toEqual([
      ["Solo", "£1,997", "£200"],
      ["Couple (per person)", "£1,897", "£190"],
    ]);
    expect(view.rates[0].instalmentsPence.map((p) => formatMoney(p))).toEqual(["£748.50", "£748.50"]);
    expect(view.depositPence).toBe(50000);
  });

  it("lists add-ons separately and follows price changes", () => {
    const changed = {
      ...retreat,
      bookingTypes: retreat.bookingTypes.map((t) => ({ ...t, basePrice: t.isAddon ? "650.00" : t.basePrice })),
    };
    const view = pricingView(changed, 10, 2);
    expect(view.addons.map((a) => [a.title, formatMoney(a.pricePence)])).toEqual([["VIP Ultimate", "£650"]]);
  });

  it("has no deposit when no rate asks for one", () => {
    const free = { ...retreat, bookingTypes: retreat.bookingTypes.map((t) => ({ ...t, depositAmount: "0.00" })) };
    expect(pricingView(free, 10, 2).depositPence).toBeNull();
  });
});
