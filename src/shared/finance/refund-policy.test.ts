import { describe, expect, it } from "vitest";
import { refundFor } from "./refund-policy";

const retreatStart = "2027-09-10";
const paidPence = 199_700;

describe("cancellation refund policy", () => {
  it("refunds everything minus the £200 admin fee more than 90 days before", () => {
    expect(refundFor({ paidPence, retreatStart, cancelledOn: "2027-06-11" })).toEqual({
      rule: "full_minus_admin_fee",
      refundPence: 179_700,
      daysBefore: 91,
    });
    expect(refundFor({ paidPence: 15_000, retreatStart, cancelledOn: "2027-01-01" }).refundPence).toBe(0);
  });

  it("refunds half from 30 to 90 days before, both ends included", () => {
    expect(refundFor({ paidPence, retreatStart, cancelledOn: "2027-06-12" })).toEqual({
      rule: "half",
      refundPence: 99_850,
      daysBefore: 90,
    });
    expect(refundFor({ paidPence: 101, retreatStart, cancelledOn: "2027-08-11" })).toEqual({
      rule: "half",
      refundPence: 50,
      daysBefore: 30,
    });
  });

  it("refunds nothing under 30 days before", () => {
    expect(refundFor({ paidPence, retreatStart, cancelledOn: "2027-08-12" })).toEqual({
      rule: "none",
      refundPence: 0,
      daysBefore: 29,
    });
  });

  it("honours the 48-hour guarantee minus travel costs, only in the first two days", () => {
    const guarantee = { travelCostsPence: 35_000 };
    expect(refundFor({ paidPence, retreatStart, cancelledOn: "2027-09-10", guarantee })).toMatchObject({
      rule: "guarantee",
      refundPence: 164_700,
    });
    expect(refundFor({ paidPence, retreatStart, cancelledOn: "2027-09-11", guarantee }).refundPence).toBe(164_700);
    expect(() => refundFor({ paidPence, retreatStart, cancelledOn: "2027-09-12", guarantee })).toThrow();
    expect(() => refundFor({ paidPence, retreatStart, cancelledOn: "2027-09-01", guarantee })).toThrow();
    expect(refundFor({ paidPence: 10_000, retreatStart, cancelledOn: "2027-09-10", guarantee }).refundPence).toBe(0);
  });
});
