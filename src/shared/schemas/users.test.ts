import { describe, expect, it } from "vitest";
import { passwordSchema, passwordTooShortMessage } from "./users";

describe("passwordSchema: the one password rule", () => {
  it("needs twelve characters that show (blanks at the ends and invisible ones do not count), and keeps what was typed", () => {
    expect(passwordSchema.parse("a long passphrase")).toBe("a long passphrase");
    // Spaces inside and at the ends are part of the password: kept, not trimmed.
    expect(passwordSchema.parse("  twelve chars  ")).toBe("  twelve chars  ");
    // Spaces inside a passphrase count, as they always did.
    expect(passwordSchema.parse("my dog is ok")).toBe("my dog is ok");
    expect(passwordSchema.parse("\u{1F331}".repeat(12))).toBe("\u{1F331}".repeat(12));
    const blankLooking = ["\u200b", "\u200d", "\u00a0", "\u3000", "\ufeff", "\u2800", "\u3164", "\u0000", "\u0085"];
    for (const weak of [
      "",
      "elevenchars",
      " ".repeat(40),
      "\t\n  eleven chr  \n",
      ...blankLooking.map((character) => character.repeat(12)),
      // Counted as a person sees it: a letter with combining marks is one character, an emoji one.
      `a${"\u0301".repeat(11)}`,
      "\u{1F331}".repeat(6),
    ]) {
      const result = passwordSchema.safeParse(weak);
      expect(result.success, JSON.stringify(weak)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(passwordTooShortMessage);
    }
  });

  it("refuses more than 1,024 characters and anything but a string", () => {
    expect(passwordSchema.safeParse("x".repeat(1025)).success).toBe(false);
    expect(passwordSchema.safeParse(123456789012).success).toBe(false);
  });
});
