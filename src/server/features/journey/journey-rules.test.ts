import { describe, expect, it } from "vitest";
import { defaultSteps, dueAt, verdict } from "./journey-rules";

const step = (key: string) => defaultSteps.find((s) => s.key === key)!;
const dayMs = 86_400_000;
const start = "2030-06-01";
const startMs = Date.parse(`${start}T00:00:00Z`);
const datesAccepted = (weeksBefore: number) => ({
  startDate: start,
  endDate: "2030-06-10",
  acceptedAt: new Date(startMs - weeksBefore * 7 * dayMs),
});

describe("journey rules", () => {
  it("packing is due 8 weeks before the start at 09:00 UTC; feedback the day after the end", () => {
    expect(dueAt(step("packing"), datesAccepted(12)).toISOString()).toBe("2030-04-06T09:00:00.000Z");
    expect(dueAt(step("feedback"), datesAccepted(12)).toISOString()).toBe("2030-06-11T09:00:00.000Z");
  });

  it("a guest accepted 9 weeks before waits for the packing list, then gets it", () => {
    const dates = datesAccepted(9);
    expect(verdict(step("packing"), dates, new Date(startMs - 57 * dayMs))).toBe("wait");
    expect(verdict(step("packing"), dates, new Date(startMs - 55 * dayMs))).toBe("send");
  });

  it("late acceptance: packing at once inside 8 weeks if more than 3 days before, missed travel reminders skipped", () => {
    expect(verdict(step("packing"), datesAccepted(7), datesAccepted(7).acceptedAt)).toBe("send");
    const twoDays = { ...datesAccepted(0), acceptedAt: new Date(startMs - 2 * dayMs) };
    expect(verdict(step("packing"), twoDays, twoDays.acceptedAt)).toBe("skip");
    expect(verdict(step("arrival"), twoDays, twoDays.acceptedAt)).toBe("send");
    expect(verdict(step("travel_10w"), datesAccepted(7), datesAccepted(7).acceptedAt)).toBe("skip");
    expect(verdict(step("travel_6w"), datesAccepted(7), datesAccepted(7).acceptedAt)).toBe("wait");
    expect(verdict(step("welcome"), datesAccepted(7), datesAccepted(7).acceptedAt)).toBe("send");
  });
});
