import { describe, expect, it } from "vitest";
import { bookingType, currentRetreat } from "../../../test/builders";
import { formatMoney } from "./money";
import { pricingView } from "./pricing";

const retreat = currentRetreat({
  bookingTypes: [
    bookingType({}),
    bookingType({ name: "couple", displayName: "Couple (per person)", basePrice: "1897.00" }),
    bookingType({
      name: "vip",
      displayName: "VIP Ultimate",
      basePrice: "600.00",
      depositAmount: "0.00",
      isAddon: true,
    }),
  ],
});

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
