import { describe, expect, it } from "vitest";
import { findCredentialLink, redactCredentialPath } from "./credential-paths";

const token = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";

describe("redactCredentialPath", () => {
  it.each([
    [`/set-password/${token}`, "/set-password/[redacted]"],
    [`/api/auth/set-password/${token}`, "/api/auth/set-password/[redacted]"],
    [`/setup/${token}`, "/setup/[redacted]"],
    [`/api/auth/setup/${token}`, "/api/auth/setup/[redacted]"],
    [`/interview/book/${token}?utm=x`, "/interview/book/[redacted]?utm=x"],
    [`/api/interview-booking/${token}`, "/api/interview-booking/[redacted]"],
    [`/place-offer/${token}`, "/place-offer/[redacted]"],
    [`/api/place-offers/${token}/accept`, "/api/place-offers/[redacted]/accept"],
    [`/api/pay/3f2504e0-4f89-41d3-9a0c-0305e82c3301.${token}`, "/api/pay/[redacted]"],
    [`/api/calendar/${"ab".repeat(32)}.ics`, "/api/calendar/[redacted]"],
    ["/Set-Password/abc", "/Set-Password/[redacted]"],
  ])("masks %s", (url, expected) => {
    expect(redactCredentialPath(url)).toBe(expected);
  });

  it("leaves other paths alone", () => {
    for (const url of ["/api/admin/users", "/admin/dashboard?tab=email", "/travel-form/3f2504e0", "/set-password"]) {
      expect(redactCredentialPath(url)).toBe(url);
    }
  });
});

describe("findCredentialLink", () => {
  it("finds a token after a credential prefix, not a marker nor a spec-defined link", () => {
    expect(findCredentialLink(`see https://x/set-password/${token} now`)).toBe(`/set-password/${token}`);
    expect(findCredentialLink("https://x/set-password/hidden-link-1")).toBeNull();
    expect(findCredentialLink(`https://x/email/preferences/${token}`)).toBeNull();
  });
});
