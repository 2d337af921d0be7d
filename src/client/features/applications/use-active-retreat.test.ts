import { describe, expect, it } from "vitest";
import { formatPrice } from "./use-active-retreat";

describe("formatPrice", () => {
  it("shows whole pounds without pence and keeps pence when present", () => {
    expect(formatPrice("600.00", "GBP")).toBe("£600");
    expect(formatPrice("1897.00", "GBP")).toBe("£1,897");
    expect(formatPrice("1897.50", "GBP")).toBe("£1,897.50");
    expect(formatPrice("600.00", "EUR")).toBe("€600");
  });
});
