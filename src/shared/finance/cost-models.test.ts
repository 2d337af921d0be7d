import { describe, expect, it } from "vitest";
import { costModelMessages, costModelProblem, costTotalPence, inclusiveDays } from "./cost-models";

describe("expense cost models", () => {
  it("computes each model's total", () => {
    expect(costTotalPence({ costModel: "total", amountPence: 12_345 })).toBe(12_345);
    expect(costTotalPence({ costModel: "per_person", amountPence: 2_500, participantCount: 15 })).toBe(37_500);
    expect(
      costTotalPence({ costModel: "daily_rate", amountPence: 10_000, startDate: "2027-09-10", endDate: "2027-09-19" }),
    ).toBe(100_000);
    expect(costTotalPence({ costModel: "per_trip", amountPence: 4_000, tripCount: 3 })).toBe(12_000);
  });

  it("counts daily-rate days inclusively, at least one", () => {
    expect(inclusiveDays("2027-09-10", "2027-09-10")).toBe(1);
    expect(inclusiveDays("2027-09-10", "2027-09-12")).toBe(3);
    expect(inclusiveDays("2027-02-27", "2027-03-01")).toBe(3);
  });

  it("words each broken rule as the spec does", () => {
    expect(costModelProblem({ costModel: "per_person", participantCount: 0 })?.message).toBe(
      "Number of participants must be greater than 0",
    );
    expect(costModelProblem({ costModel: "daily_rate", startDate: "2027-09-10" })?.message).toBe(
      "Start date and end date are required for daily rate",
    );
    expect(costModelProblem({ costModel: "daily_rate", startDate: "2027-09-10", endDate: "2027-09-09" })).toEqual({
      path: "endDate",
      message: "End date must be on or after start date",
    });
    expect(costModelProblem({ costModel: "per_trip", tripCount: null })?.message).toBe(costModelMessages.trips);
    expect(costModelProblem({ costModel: "total" })).toBeNull();
    expect(() => costTotalPence({ costModel: "per_trip", amountPence: 100 })).toThrow(costModelMessages.trips);
  });
});
