import { describe, expect, it } from "vitest";
import { bedGuestLabel, type RoomingRoom, roomBedsNote, timeWindowOf, travelGroupHeading } from "./reports";

const bed = (n: number, guest: string | null, bedChosen = false) => ({
  bed: n,
  guest,
  applicationId: guest ? "00000000-0000-4000-8000-000000000001" : null,
  bedChosen,
});
const room = (beds: RoomingRoom["beds"]): RoomingRoom => ({
  roomId: "00000000-0000-4000-8000-0000000000c1",
  name: "Lotus",
  type: null,
  capacity: beds.length,
  beds,
});

describe("the rooming list's words", () => {
  it("marks a bed not chosen only beside chosen ones; a room with none chosen gets one note", () => {
    const mixed = room([bed(1, "Ada", false), bed(2, "Sam", true), bed(3, null)]);
    expect(mixed.beds.map((b) => bedGuestLabel(mixed, b))).toEqual(["Ada (bed not chosen)", "Sam", "Free"]);
    expect(roomBedsNote(mixed)).toBeNull();
    const open = room([bed(1, "Ada"), bed(2, "Bo"), bed(3, null)]);
    expect(open.beds.map((b) => bedGuestLabel(open, b))).toEqual(["Ada", "Bo", "Free"]);
    expect(roomBedsNote(open)).toBe("Beds not chosen yet");
    expect(roomBedsNote(room([bed(1, null)]))).toBeNull();
  });
});

describe("arrival time windows", () => {
  it("cut the day at 06:00, 12:00 and 18:00, and head each group with its day and window", () => {
    expect(["00:05", "05:59", "06:00", "11:59", "12:00", "17:59", "18:00", "23:59"].map(timeWindowOf)).toEqual([
      "night",
      "night",
      "morning",
      "morning",
      "afternoon",
      "afternoon",
      "evening",
      "evening",
    ]);
    expect(travelGroupHeading({ day: "2030-05-01", window: "evening" })).toBe(
      "Wednesday 1 May 2030 · Evening (18:00–23:59)",
    );
    expect(travelGroupHeading({ day: "2030-05-01", window: null })).toBe("Wednesday 1 May 2030 · Time not given");
    expect(travelGroupHeading({ day: null, window: null })).toBe("Date not given");
  });
});
