import { describe, expect, it } from "vitest";
import { parseReminderDays, reminderSendAt } from "./reminder-schedule";

describe("reminderSendAt", () => {
  it("is 09:00 London on the day, in winter (GMT) and summer (BST)", () => {
    expect(reminderSendAt("2026-03-20", 7).toISOString()).toBe("2026-03-13T09:00:00.000Z");
    expect(reminderSendAt("2026-06-10", 1).toISOString()).toBe("2026-06-09T08:00:00.000Z");
  });

  it("crosses the spring change correctly and puts the overdue notice on the day after", () => {
    // 29 March 2026 is the first day of BST.
    expect(reminderSendAt("2026-04-02", 7).toISOString()).toBe("2026-03-26T09:00:00.000Z");
    expect(reminderSendAt("2026-04-02", 1).toISOString()).toBe("2026-04-01T08:00:00.000Z");
    expect(reminderSendAt("2026-03-28", -1).toISOString()).toBe("2026-03-29T08:00:00.000Z");
  });
});

describe("parseReminderDays", () => {
  it("reads distinct whole days, largest first", () => {
    expect(parseReminderDays("1, 7,7 14")).toEqual([14, 7, 1]);
    expect(parseReminderDays("0")).toEqual([0]);
  });

  it("falls back (null) for nothing usable, ignoring nonsense and absurd lead times", () => {
    expect(parseReminderDays(null)).toBeNull();
    expect(parseReminderDays("")).toBeNull();
    expect(parseReminderDays("soon, -3, 1.5, 700")).toBeNull();
    expect(parseReminderDays("abc,3")).toEqual([3]);
  });
});
