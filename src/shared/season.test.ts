import { describe, expect, it } from "vitest";
import { dayYearsLater, nextSeasonName, seasonDatesDetail, seasonDatesLabel } from "./season";

describe("season helpers", () => {
  it("names the next season: the name's year replaced, or appended", () => {
    expect(nextSeasonName("Bali Vegan Activism Retreat 2026", 2027)).toBe("Bali Vegan Activism Retreat 2027");
    expect(nextSeasonName("Retreat 2026 (2026 edition)", 2027)).toBe("Retreat 2027 (2027 edition)");
    expect(nextSeasonName("Since 1999: retreat 2026", 2027)).toBe("Since 1999: retreat 2027");
    expect(nextSeasonName("Autumn gathering ", 2027)).toBe("Autumn gathering 2027");
  });

  it("words a season's dates as the public site shows them", () => {
    expect(seasonDatesLabel("2027-06-12")).toBe("June 2027");
    expect(seasonDatesDetail("2027-06-12", "2027-06-21")).toBe("12–21 June 2027");
    expect(seasonDatesDetail("2027-06-28", "2027-07-05")).toBe("28 June – 5 July 2027");
    expect(seasonDatesDetail("2027-12-30", "2028-01-08")).toBe("30 December 2027 – 8 January 2028");
    expect(seasonDatesDetail("2027-06-12", "2027-06-12")).toBe("12 June 2027");
  });

  it("moves a day by whole years, 29 February to 28 February", () => {
    expect(dayYearsLater("2026-05-10", 1)).toBe("2027-05-10");
    expect(dayYearsLater("2028-02-29", 1)).toBe("2029-02-28");
    expect(dayYearsLater("2027-02-28", 1)).toBe("2028-02-28");
  });
});
