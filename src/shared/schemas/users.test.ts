import { describe, expect, it } from "vitest";
import { passwordSchema, passwordTooShortMessage } from "./users";

describe("passwordSchema: the one password rule", () => {
  it("needs twelve characters besides spaces at the ends, and keeps what was typed", () => {
    expect(passwordSchema.parse("a long passphrase")).toBe("a long passphrase");
    // Spaces inside and at the ends are part of the password: kept, not trimmed.
    expect(passwordSchema.parse("  twelve chars  ")).toBe("  twelve chars  ");
    for (const weak of ["", "elevenchars", " ".repeat(40), "\t\n  eleven chr  \n"]) {
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
