import { describe, expect, it } from "vitest";
import { formatMoney, formatPounds, instalmentsPence, perDayPence, toPence } from "./money";

describe("money", () => {
  it("parses decimal strings to pence without floating-point drift", () => {
    expect(toPence("1997.00")).toBe(199700);
    expect(toPence("0.1")).toBe(10);
    expect(toPence("600")).toBe(60000);
    expect(toPence("-12.34")).toBe(-1234);
    expect(() => toPence("12,00")).toThrow(/Not a money amount/);
  });

  it("formats GBP in en-GB, dropping pence only for whole amounts", () => {
    expect(formatMoney(199700)).toBe("£1,997");
    expect(formatMoney(74850)).toBe("£748.50");
    expect(formatPounds(1500)).toBe("£1,500");
    expect(formatMoney(60000, "EUR")).toBe("€600");
  });

  it("quotes the per-day price the way the spec does", () => {
    expect(formatMoney(perDayPence(toPence("1997.00"), 10))).toBe("£200");
    expect(formatMoney(perDayPence(toPence("1897.00"), 10))).toBe("£190");
  });

  it("splits the balance after the deposit into equal payments that add up", () => {
    expect(instalmentsPence(199700, 50000, 2)).toEqual([74850, 74850]);
    expect(instalmentsPence(100001, 0, 2)).toEqual([50001, 50000]);
    expect(instalmentsPence(30000, 50000, 2)).toEqual([0, 0]);
  });
});
