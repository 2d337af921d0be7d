import { describe, expect, it } from "vitest";
import { costTotalPence } from "./cost-models";
import { sanctuarySharePence, sanctuarySharePercent } from "./sanctuary";
import { financialFigures } from "./summary";

describe("financial summary figures", () => {
  it("computes costs, margin, cost per guest, break-even and the sanctuary share by hand", () => {
    const figures = financialFigures({
      budget: [
        { category: "accommodation", budgetedPence: 850_000 },
        { category: "food", budgetedPence: 520_000 },
      ],
      expenses: [
        // £8,500 villa, approved
        {
          category: "accommodation",
          status: "approved",
          totalPence: costTotalPence({ costModel: "total", amountPence: 850_000 }),
        },
        // £25 x 15 people, paid = £375
        {
          category: "food",
          status: "paid",
          totalPence: costTotalPence({ costModel: "per_person", amountPence: 2_500, participantCount: 15 }),
        },
        // £100 a day for 10 days, pending = £1,000
        {
          category: "transport",
          status: "pending",
          totalPence: costTotalPence({
            costModel: "daily_rate",
            amountPence: 10_000,
            startDate: "2026-05-10",
            endDate: "2026-05-19",
          }),
        },
        // £40 x 3 trips, rejected: nothing
        {
          category: "transport",
          status: "rejected",
          totalPence: costTotalPence({ costModel: "per_trip", amountPence: 4_000, tripCount: 3 }),
        },
      ],
      receivedPence: 600_000,
      duePence: 599_100,
      guests: 3,
      soloPricePence: 199_700,
    });
    expect(figures.total).toEqual({
      budgetedPence: 1_370_000,
      spentPence: 887_500,
      pendingPence: 100_000,
      remainingPence: 382_500,
    });
    expect(figures.costsPence).toBe(987_500);
    expect(figures.revenue).toEqual({ receivedPence: 600_000, duePence: 599_100, totalPence: 1_199_100 });
    expect(figures.marginPence).toBe(211_600);
    // 887,500 / 3 = 295,833.33 -> 295,833
    expect(figures.costPerGuestPence).toBe(295_833);
    // 987,500 / 199,700 = 4.94 -> 5 guests
    expect(figures.breakEvenGuests).toBe(5);
    expect(figures.sanctuaryPence).toBe(Math.floor((211_600 * sanctuarySharePercent) / 100));
  });

  it("rounds cost per guest halves up and break-even exactly on a whole number", () => {
    const figures = financialFigures({
      budget: [],
      expenses: [{ category: "food", status: "paid", totalPence: 399_400 + 1 }],
      receivedPence: 0,
      duePence: 0,
      guests: 2,
      soloPricePence: 199_700,
    });
    expect(figures.costPerGuestPence).toBe(199_701);
    expect(figures.breakEvenGuests).toBe(3);
    const exact = financialFigures({
      ...figuresInput(),
      expenses: [{ category: "food", status: "paid", totalPence: 399_400 }],
    });
    expect(exact.breakEvenGuests).toBe(2);
  });

  it("has no cost per guest without guests, no break-even without a price, and no share of a loss", () => {
    const figures = financialFigures({
      ...figuresInput(),
      expenses: [{ category: "staff", status: "approved", totalPence: 10_000 }],
      guests: 0,
      soloPricePence: null,
    });
    expect(figures.costPerGuestPence).toBeNull();
    expect(figures.breakEvenGuests).toBeNull();
    expect(figures.marginPence).toBe(-10_000);
    expect(figures.sanctuaryPence).toBe(0);
    expect(financialFigures(figuresInput()).breakEvenGuests).toBe(0);
  });
});

function figuresInput() {
  return { budget: [], expenses: [], receivedPence: 0, duePence: 0, guests: 1, soloPricePence: 199_700 };
}

describe("the sanctuary's share", () => {
  it("is the promised percentage of profit, rounded down to the penny, and nothing for a loss", () => {
    expect(sanctuarySharePercent).toBeGreaterThan(0);
    expect(sanctuarySharePercent).toBeLessThanOrEqual(100);
    expect(sanctuarySharePence(100_000, 10)).toBe(10_000);
    expect(sanctuarySharePence(99, 10)).toBe(9);
    expect(sanctuarySharePence(0)).toBe(0);
    expect(sanctuarySharePence(-50_000)).toBe(0);
    expect(() => sanctuarySharePence(1.5)).toThrow();
  });
});
