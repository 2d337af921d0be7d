import { describe, expect, it } from "vitest";
import { matchPageRoute } from "./routes";

// The server answers 200 with the app shell for these names and 404 for null (static-client.ts).
describe("matchPageRoute", () => {
  it("matches the email pages with and without a token, with or without a trailing slash", () => {
    for (const [path, name] of [
      ["/email/unsubscribe", "emailUnsubscribe"],
      ["/email/unsubscribe/", "emailUnsubscribe"],
      ["/email/unsubscribe/abc", "emailUnsubscribe"],
      ["/email/resubscribe", "emailResubscribe"],
      ["/email/resubscribe/", "emailResubscribe"],
      ["/email/preferences", "emailPreferences"],
      ["/Email/Preferences/?x=1", "emailPreferences"],
      ["/email/preferences/abc/", "emailPreferences"],
    ] as const) {
      expect(matchPageRoute(path), path).toBe(name);
    }
  });

  it("keeps required params required and unknown paths unknown", () => {
    expect(matchPageRoute("/")).toBe("landing");
    expect(matchPageRoute("/ADMIN/")).toBe("admin");
    expect(matchPageRoute("/travel-form/42")).toBe("travelForm");
    expect(matchPageRoute("/travel-form")).toBeNull();
    expect(matchPageRoute("/set-password/")).toBeNull();
    expect(matchPageRoute("/email/unsubscribe/a/b")).toBeNull();
    expect(matchPageRoute("/email")).toBeNull();
    expect(matchPageRoute("/nope")).toBeNull();
  });
});
