import { describe, expect, it } from "vitest";
import { rewriteStrings, seasonTextRewriter } from "./season-text";

const rewrite = seasonTextRewriter({
  fromYear: 2026,
  toYear: 2027,
  phrases: [
    { from: "Exact dates to be announced", to: "12–21 June 2027" },
    { from: "May 2026", to: "June 2027" },
  ],
});

describe("seasonTextRewriter", () => {
  it("replaces the season's dates wording whole, then the year wherever it stands alone", () => {
    expect(rewrite("Bali 2026, May 2026, for 10 days")).toBe("Bali 2027, June 2027, for 10 days");
    expect(rewrite("(2026)")).toBe("(2027)");
  });

  it("leaves years inside longer numbers and words, and phrases that do not name the year", () => {
    expect(rewrite("Call +44 120265 or see bali2026.example and 2026x")).toBe(
      "Call +44 120265 or see bali2026.example and 2026x",
    );
    expect(rewrite("Exact dates to be announced")).toBe("Exact dates to be announced");
  });

  it("never rewrites its own replacement (one pass), even going back a year", () => {
    const back = seasonTextRewriter({
      fromYear: 2027,
      toYear: 2026,
      phrases: [{ from: "June 2027", to: "30 December 2026 – 8 January 2027" }],
    });
    expect(back("June 2027 in 2027")).toBe("30 December 2026 – 8 January 2027 in 2026");
  });

  it("rewrites every string of a JSON value and keeps its shape", () => {
    const value = { a: "2026", b: [{ c: "May 2026" }, 3, true, null] };
    expect(rewriteStrings(value, rewrite)).toEqual({ a: "2027", b: [{ c: "June 2027" }, 3, true, null] });
  });
});
