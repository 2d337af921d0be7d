import { describe, expect, it } from "vitest";
import { waitlistSchema } from "./waitlist";

function messages(input: unknown) {
  return Object.fromEntries(
    (waitlistSchema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("waitlistSchema", () => {
  it("accepts a name and an email, trimmed", () => {
    expect(waitlistSchema.parse({ name: "  Ada  ", email: " ada@example.com " })).toEqual({
      name: "Ada",
      email: "ada@example.com",
    });
  });

  it("gives the spec's messages", () => {
    expect(messages({ name: "A", email: "nope" })).toEqual({
      name: "Please enter your full name",
      email: "Please enter a valid email address",
    });
  });

  it("defaults missing fields to empty strings, which are then rejected", () => {
    expect(messages({})).toEqual({
      name: "Please enter your full name",
      email: "Please enter a valid email address",
    });
  });

  it("accepts a two-character name", () => {
    expect(waitlistSchema.safeParse({ name: "Al", email: "al@example.com" }).success).toBe(true);
  });

  it("lets the honeypot through as an optional string for the server to judge", () => {
    expect(waitlistSchema.parse({ name: "Ada", email: "ada@example.com", website: "x" }).website).toBe("x");
  });

  it("refuses unknown fields", () => {
    expect(waitlistSchema.safeParse({ name: "Ada", email: "ada@example.com", role: "owner" }).success).toBe(false);
  });
});
