import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysBetween, todayIn } from "./dates";

describe("calendar dates", () => {
  it("adds months, clamping to the end of shorter months", () => {
    expect(addMonths("2027-08-31", -6)).toBe("2027-02-28");
    expect(addMonths("2028-08-31", -6)).toBe("2028-02-29");
    expect(addMonths("2027-03-15", -3)).toBe("2026-12-15");
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
  });

  it("adds days across months and counts days between", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(daysBetween("2027-01-01", "2027-04-01")).toBe(90);
    expect(daysBetween("2027-04-01", "2027-01-01")).toBe(-90);
    // A daylight-saving change in between must not shave off a day.
    expect(daysBetween("2027-03-27", "2027-03-29")).toBe(2);
  });

  it("reads today in a zone", () => {
    expect(todayIn("Europe/London", new Date("2027-06-30T23:30:00Z"))).toBe("2027-07-01");
    expect(todayIn("UTC", new Date("2027-06-30T23:30:00Z"))).toBe("2027-06-30");
  });
});
