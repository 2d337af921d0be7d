import { describe, expect, it } from "vitest";
import { localDateTimeToIso } from "./local-date-time";

describe("localDateTimeToIso", () => {
  it("reads the inputs as local time and keeps the offset", () => {
    const iso = localDateTimeToIso("2030-05-10", "09:30");
    expect(iso).toMatch(/^2030-05-10T09:30:00[+-]\d\d:\d\d$/);
    expect(new Date(iso!).getTime()).toBe(new Date(2030, 4, 10, 9, 30).getTime());
  });

  it("refuses missing parts and days the month does not have", () => {
    expect(localDateTimeToIso("", "09:30")).toBeNull();
    expect(localDateTimeToIso("2030-05-10", "")).toBeNull();
    expect(localDateTimeToIso("2030-04-31", "09:30")).toBeNull();
    expect(localDateTimeToIso("2030-13-01", "09:30")).toBeNull();
  });
});
