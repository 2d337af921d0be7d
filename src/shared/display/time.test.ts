import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDay, formatDayRange, formatLocalTimes, formatTimeRange, formatZonedSlot, zoneLabel } from "./time";

// The device is in California; the retreat is in Bali (UTC+8). Nothing may follow the device.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "America/Los_Angeles";
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

/** 19:30 in Bali on 10 May 2027 is 11:30 UTC (and 04:30 in Los Angeles). */
const dinnerStart = "2027-05-10T11:30:00.000Z";
const dinnerEnd = "2027-05-10T13:00:00.000Z";

describe("time display", () => {
  it("the test really runs on another clock than the retreat's", () => {
    expect(new Date(dinnerStart).getHours()).toBe(4);
  });

  it("shows calendar days as 10 May 2027, whatever the device's zone", () => {
    expect(formatDay("2027-05-10")).toBe("10 May 2027");
    expect(formatDay(null)).toBe("—");
    expect(formatDayRange("2027-05-10", "2027-05-19")).toBe("10 May 2027 to 19 May 2027");
  });

  it("labels zones in words", () => {
    expect(zoneLabel("Asia/Makassar")).toBe("Bali time");
    expect(zoneLabel("Europe/London")).toBe("London time");
    expect(zoneLabel("America/New_York")).toBe("New York time");
  });

  it("shows a Bali dinner at 19:30–21:00 Bali time, start, end and zone", () => {
    expect(formatTimeRange(dinnerStart, dinnerEnd, "Asia/Makassar")).toBe("19:30–21:00 (Bali time)");
    expect(formatZonedSlot(dinnerStart, dinnerEnd, "Asia/Makassar")).toBe(
      "Monday 10 May 2027, 19:30–21:00 (Bali time)",
    );
    expect(formatTimeRange(dinnerStart, null, "Asia/Makassar")).toBe("19:30 (Bali time)");
    expect(formatLocalTimes("07:00", "08:00", "Asia/Makassar")).toBe("07:00–08:00 (Bali time)");
  });

  it("puts the day on the zone's clock too (late in London is the next morning in Bali)", () => {
    expect(formatZonedSlot("2027-05-10T23:30:00.000Z", null, "Asia/Makassar")).toBe(
      "Tuesday 11 May 2027, 07:30 (Bali time)",
    );
  });
});
