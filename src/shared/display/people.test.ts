import { describe, expect, it } from "vitest";
import { displayName, greetingName } from "./people";

describe("displayName", () => {
  it("is the full name when there is one", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
    expect(displayName({ firstName: " Ada ", lastName: null, email: "ada@example.com" })).toBe("Ada");
  });

  it("is the email when the person has no name, blank or whitespace names included", () => {
    expect(displayName({ firstName: null, lastName: null, email: "no.name@example.com" })).toBe("no.name@example.com");
    expect(displayName({ firstName: "", lastName: "  ", email: "blank@example.com" })).toBe("blank@example.com");
  });

  it("falls back to the given word when there is neither name nor email", () => {
    expect(displayName({ firstName: null, lastName: null }, "Applicant")).toBe("Applicant");
  });
});

describe("greetingName", () => {
  it("is the first name, or the email (spec: welcome line)", () => {
    expect(greetingName({ firstName: "Olive", lastName: "Owner", email: "olive@example.com" })).toBe("Olive");
    expect(greetingName({ firstName: " ", email: "olive@example.com" })).toBe("olive@example.com");
  });
});
