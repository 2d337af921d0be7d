import { describe, expect, it } from "vitest";
import { blockOccurrences, candidateStarts, defaultWindows, insideWindow } from "./slot-rules";

const iso = (intervals: { start: Date; end: Date }[]) =>
  intervals.map((i) => `${i.start.toISOString()}/${i.end.toISOString()}`);

describe("blockOccurrences", () => {
  const weeklyNoon = {
    // Monday 13 May 2030, 12:00-13:00 London (BST).
    startTime: new Date("2030-05-13T11:00:00Z"),
    endTime: new Date("2030-05-13T12:00:00Z"),
    isRecurring: true,
    recurringPattern: "weekly",
  };

  it("repeats a weekly block on the same London wall clock, across the change to winter time", () => {
    const found = blockOccurrences(weeklyNoon, new Date("2030-10-20T00:00:00Z"), new Date("2030-11-05T00:00:00Z"));
    // 27 October 2030 is the change: noon London is 11:00 UTC before it and 12:00 UTC after.
    expect(iso(found)).toEqual([
      "2030-10-21T11:00:00.000Z/2030-10-21T12:00:00.000Z",
      "2030-10-28T12:00:00.000Z/2030-10-28T13:00:00.000Z",
      "2030-11-04T12:00:00.000Z/2030-11-04T13:00:00.000Z",
    ]);
  });

  it("has no occurrences before its first one", () => {
    expect(blockOccurrences(weeklyNoon, new Date("2030-04-01T00:00:00Z"), new Date("2030-05-13T10:59:00Z"))).toEqual(
      [],
    );
  });

  it("finds a daily overnight block reaching into the range from the day before", () => {
    const nightly = {
      startTime: new Date("2030-06-03T21:00:00Z"),
      endTime: new Date("2030-06-04T07:00:00Z"),
      isRecurring: true,
      recurringPattern: "daily",
    };
    const found = blockOccurrences(nightly, new Date("2030-06-10T06:00:00Z"), new Date("2030-06-10T06:30:00Z"));
    expect(iso(found)).toEqual(["2030-06-09T21:00:00.000Z/2030-06-10T07:00:00.000Z"]);
  });

  it("treats a one-off block as itself", () => {
    const once = { ...weeklyNoon, isRecurring: false, recurringPattern: null };
    expect(blockOccurrences(once, new Date("2030-05-20T00:00:00Z"), new Date("2030-05-21T00:00:00Z"))).toEqual([]);
    expect(blockOccurrences(once, new Date("2030-05-13T11:30:00Z"), new Date("2030-05-13T11:45:00Z"))).toHaveLength(1);
  });
});

describe("candidateStarts", () => {
  it("steps from each window's start in its own zone and keeps whole slots inside", () => {
    const windows = [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:30", timezone: "Asia/Kolkata" }];
    const starts = candidateStarts(windows, new Date("2030-06-02T00:00:00Z"), new Date("2030-06-04T00:00:00Z"), 45, 30);
    // 09:00 and 09:30 in Kolkata (UTC+5:30); 10:00 would end after 10:30.
    expect(starts.map((s) => s.toISOString())).toEqual(["2030-06-03T03:30:00.000Z", "2030-06-03T04:00:00.000Z"]);
  });

  it("offers Monday to Friday office hours by default", () => {
    // Saturday to Monday: only Monday's 16 slots.
    const starts = candidateStarts(
      defaultWindows,
      new Date("2030-06-01T00:00:00Z"),
      new Date("2030-06-04T00:00:00Z"),
      30,
      30,
    );
    expect(starts).toHaveLength(16);
    expect(starts.every((s) => defaultWindows.some((w) => insideWindow(w, s, new Date(s.getTime() + 1_800_000))))).toBe(
      true,
    );
  });
});
