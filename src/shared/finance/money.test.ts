import { describe, expect, it } from "vitest";
import { formatAmount, formatMoney, fromPence, splitPence, toPence } from "./money";

describe("money in pence", () => {
  it("reads and writes numeric(10,2) strings without floats", () => {
    expect(toPence("1997.00")).toBe(199_700);
    expect(toPence("0.1")).toBe(10);
    expect(toPence("-12.34")).toBe(-1234);
    expect(toPence(19.99)).toBe(1999);
    expect(fromPence(199_700)).toBe("1997.00");
    expect(fromPence(5)).toBe("0.05");
    expect(fromPence(-1234)).toBe("-12.34");
    expect(() => toPence("12.345")).toThrow();
    expect(() => toPence("abc")).toThrow();
    expect(() => fromPence(1.5)).toThrow();
  });

  it("splits into parts that add up exactly and differ by at most a penny", () => {
    expect(splitPence(100, 3)).toEqual([34, 33, 33]);
    expect(splitPence(299_400, 2)).toEqual([149_700, 149_700]);
    expect(splitPence(1, 2)).toEqual([1, 0]);
    for (const total of [0, 1, 99_999, 123_457]) {
      for (const parts of [1, 2, 3, 7]) {
        const split = splitPence(total, parts);
        expect(split.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
      }
    }
    expect(() => splitPence(-1, 2)).toThrow();
    expect(() => splitPence(10, 0)).toThrow();
  });

  it("formats pounds the way the brochure does", () => {
    expect(formatMoney(199_700)).toBe("£1,997");
    expect(formatMoney(74_850)).toBe("£748.50");
  });
});

describe("formatAmount: the one way a decimal amount from the API is shown", () => {
  it("shows whole pounds without pence and keeps pence when present", () => {
    expect(formatAmount("600.00", "GBP")).toBe("£600");
    expect(formatAmount("1897.00", "GBP")).toBe("£1,897");
    expect(formatAmount("1897.50", "GBP")).toBe("£1,897.50");
    expect(formatAmount("600.00", "EUR")).toBe("€600");
  });

  it("says when there is no amount, and shows text that is not one as it came", () => {
    expect(formatAmount(null)).toBe("–");
    expect(formatAmount(undefined, "GBP", "—")).toBe("—");
    expect(formatAmount("n/a")).toBe("n/a");
  });
});
