import { describe, expect, it } from "vitest";
import { categoryLabel, planTypeLabel, titleCase } from "./labels";

describe("labels", () => {
  it("names plan types in words, never as stored", () => {
    expect(planTypeLabel("couple+vip")).toBe("Couple + VIP");
    expect(planTypeLabel("solo")).toBe("Solo");
    expect(planTypeLabel("deposit_and_balance")).toBe("Deposit and balance");
    expect(planTypeLabel("installments")).toBe("Instalments");
    expect(planTypeLabel("full")).toBe("Paid in full");
    expect(planTypeLabel("shared_room")).toBe("Shared Room");
  });

  it("title-cases categories however they were typed", () => {
    for (const typed of ["logistics", "Logistics", "LOGISTICS", " logistics "]) {
      expect(categoryLabel(typed)).toBe("Logistics");
    }
    expect(categoryLabel("travel_plans")).toBe("Travel Plans");
    expect(categoryLabel("vip")).toBe("VIP");
    expect(categoryLabel("follow_up")).toBe("Follow-up");
    expect(categoryLabel("")).toBe("");
  });

  it("titleCase capitalises every word", () => {
    expect(titleCase("guest  welcome pack")).toBe("Guest Welcome Pack");
  });
});
